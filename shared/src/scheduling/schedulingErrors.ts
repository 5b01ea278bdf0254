/** An error as PostgREST reports it through supabase-js. */
export interface PostgrestErrorLike {
  readonly code?: string;
  readonly message: string;
}

const FORBIDDEN = '42501';
const CHECK_VIOLATION = '23514';

/**
 * The scheduling tables' check constraints, said for people. The forms check the same rules first; these are for a
 * request that slips past them (another tab, an old page).
 */
const CHECK_MESSAGES: Readonly<Record<string, string>> = {
  clinic_settings_slot_range: 'Slots last between 10 and 240 minutes',
  clinic_settings_notice_range: 'The minimum notice is between 0 minutes and 14 days',
  clinic_settings_cutoff_range: 'The cutoff is between 0 minutes and 14 days',
  clinic_hours_order: 'The closing time must be after the opening time',
  clinic_closures_order: 'The last day must be on or after the first day',
  clinic_closures_span: 'A closure can last at most a year',
  clinic_closures_reason_length: 'Give a reason of at most 200 characters',
  doctor_hours_order: 'The end time must be after the start time',
  doctor_time_off_order: 'Time off must end after it starts',
  doctor_time_off_span: 'Time off can last at most a year',
  doctor_time_off_reason_length: 'Give a reason of at most 200 characters',
};

/**
 * A message for people from a refused scheduling request: the database's own messages (raised by its triggers and
 * functions) pass through, a row-level-security refusal becomes `forbidden`, a check constraint its rule.
 */
export function schedulingErrorMessage(error: PostgrestErrorLike, forbidden: string): string {
  if (error.code === FORBIDDEN) return forbidden;
  if (error.code === CHECK_VIOLATION) {
    const rule = Object.keys(CHECK_MESSAGES).find((constraint) => error.message.includes(`"${constraint}"`));
    if (rule) return CHECK_MESSAGES[rule];
  }
  return error.message;
}
