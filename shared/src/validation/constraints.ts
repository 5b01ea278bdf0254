/**
 * The database's named constraints, said for people, and the form field each one is about. A refusal that slips past
 * the forms' own checks (another tab, an old page) still lands on the right field with the same words.
 */
export interface ConstraintRule {
  readonly field?: string;
  readonly message: string;
}

export const CONSTRAINT_RULES: Readonly<Record<string, ConstraintRule>> = {
  clinic_settings_slot_range: { field: 'slotMinutes', message: 'Slots last between 10 and 240 minutes' },
  clinic_settings_notice_range: { field: 'noticeMinutes', message: 'The minimum notice is between 0 minutes and 14 days' },
  clinic_settings_cutoff_range: { field: 'cutoffMinutes', message: 'The cutoff is between 0 minutes and 14 days' },
  clinic_hours_order: { message: 'The closing time must be after the opening time' },
  clinic_closures_order: { field: 'lastDay', message: 'The last day must be on or after the first day' },
  clinic_closures_span: { field: 'lastDay', message: 'A closure can last at most a year' },
  clinic_closures_reason_length: { field: 'reason', message: 'Give a reason of at most 200 characters' },
  doctor_hours_order: { message: 'The end time must be after the start time' },
  doctor_time_off_order: { field: 'endsAt', message: 'Time off must end after it starts' },
  doctor_time_off_span: { field: 'endsAt', message: 'Time off can last at most a year' },
  doctor_time_off_reason_length: { field: 'reason', message: 'Give a reason of at most 200 characters' },
};

/** The rule a PostgreSQL constraint error names (`… violates check constraint "name"`), if we know it. */
export function constraintRule(databaseMessage: string): ConstraintRule | undefined {
  const name = /constraint "([^"]+)"/.exec(databaseMessage)?.[1];
  return name === undefined ? undefined : CONSTRAINT_RULES[name];
}
