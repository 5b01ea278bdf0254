/**
 * The database's named constraints, said for people, and the form field each one is about. A refusal that slips past
 * the forms' own checks (another tab, an old page) still lands on the right field with the same words.
 */
import { COLUMN_RULES, RULE_MESSAGES } from './columnRules';

interface ConstraintRule {
  readonly field?: string;
  readonly message: string;
}

/** The forms' own column rules say the same words the database's refusal does. */
const COLUMN_CONSTRAINTS: Readonly<Record<string, ConstraintRule>> = Object.fromEntries(
  Object.entries(COLUMN_RULES).map(([constraint, rule]) => [constraint, { field: rule.field, message: rule.message }]),
);

export const CONSTRAINT_RULES: Readonly<Record<string, ConstraintRule>> = {
  ...COLUMN_CONSTRAINTS,
  // Member emails come from the auth account; a lower-case address is what the forms send.
  members_email_format: { field: 'email', message: RULE_MESSAGES.memberEmail },
  members_student_fields: {
    message: 'A student needs a first and last name, registration number, department and year of study',
  },
  members_university_reg_number_key: {
    field: 'regNumber',
    message: 'That registration number already belongs to another student of your university',
  },
  members_university_staff_id_key: {
    field: 'staffId',
    message: 'That Staff ID already belongs to another member of your university',
  },
  universities_join_code_format: {
    field: 'joinCode',
    message: 'A join code is 4 to 32 capital letters, digits or dashes',
  },
  universities_join_code_key: { field: 'joinCode', message: 'That join code is taken: choose another' },
  appointments_duration_range: { message: 'An appointment lasts between 10 and 240 minutes' },
  appointments_cancel_reason_required: { field: 'reason', message: RULE_MESSAGES.cancelReasonRequired },
  clinic_hours_order: { message: 'The closing time must be after the opening time' },
  clinic_closures_order: { field: 'lastDay', message: 'The last day must be on or after the first day' },
  clinic_closures_span: { field: 'lastDay', message: 'A closure can last at most a year' },
  doctor_hours_order: { message: 'The end time must be after the start time' },
  doctor_time_off_order: { field: 'endsAt', message: 'Time off must end after it starts' },
  doctor_time_off_span: { field: 'endsAt', message: 'Time off can last at most a year' },
  vital_signs_blood_pressure_pair: {
    field: 'diastolicMmhg',
    message: 'Enter both the systolic and the diastolic pressure',
  },
  vital_signs_blood_pressure_order: {
    field: 'diastolicMmhg',
    message: 'The systolic pressure must be higher than the diastolic',
  },
  vital_signs_something_recorded: { message: 'Record at least one vital sign' },
  excuse_letters_dates_order: { field: 'endsOn', message: 'The last day must be on or after the first day' },
  excuse_letters_span: { field: 'endsOn', message: 'A letter covers at most 31 days' },
  appointment_types_name_idx: {
    field: 'name',
    message: 'The clinic has a type of visit of that name already: choose another name',
  },
  immunization_requirements_vaccines: { field: 'cvxCodes', message: RULE_MESSAGES.requirementVaccines },
  immunization_requirements_due: { field: 'dueOn', message: RULE_MESSAGES.requirementDue },
  immunization_requirements_years_range: { field: 'years', message: RULE_MESSAGES.invalidYear },
  immunization_doses_reject_reason: { field: 'reason', message: RULE_MESSAGES.reviewRejectReason },
  immunization_exemptions_reject_reason: { field: 'reason', message: RULE_MESSAGES.reviewRejectReason },
};

/** The rule a PostgreSQL constraint error names (`… violates check constraint "name"`), if we know it. */
export function constraintRule(databaseMessage: string): ConstraintRule | undefined {
  const name = /constraint "([^"]+)"/.exec(databaseMessage)?.[1];
  return name === undefined ? undefined : CONSTRAINT_RULES[name];
}
