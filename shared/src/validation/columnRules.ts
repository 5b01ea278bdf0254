/**
 * One rule per database check constraint on the columns people type into, keyed by the constraint's name. Each
 * `accepts` is the constraint's expression said in TypeScript, with PostgreSQL's meaning kept where JavaScript's
 * differs: lengths count code points like `char_length` (an emoji is one character, not two UTF-16 units), `btrim`
 * strips spaces only, and `[:space:]` is the database's class (C.UTF-8: no no-break spaces, unlike `\s`).
 * supabase/tests/validation-agreement.test.ts runs sample values through these rules and through the real
 * constraints, so a form never accepts what the database then refuses, nor the other way round.
 */

/** How a blank input reaches the column: stored as NULL (passes any check), as '' (checked), or refused by the check. */
export type BlankInput = 'null' | 'empty' | 'refused';

export interface ColumnRule {
  /** The form field the rule is about, as the forms name it (so a refusal from the database lands there). */
  readonly field?: string;
  /** What a person reads when the value is refused. */
  readonly message: string;
  readonly blank: BlankInput;
  /** The most characters the column takes, for an input's maxLength. */
  readonly maxLength?: number;
  /** Whether the database accepts this value as stored (forms store what was typed, trimmed). */
  accepts(stored: string): boolean;
}

/** `char_length`: code points, not UTF-16 units. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * `private.is_single_line(value)`: no line breaks or other control characters (C0, DEL, C1, U+2028, U+2029). Names
 * and reasons reach email subjects and calendar files, where a line break would start a line of the writer's choosing.
 * NUL counts too: PostgreSQL text cannot hold it at all.
 */
export function isSingleLine(value: string): boolean {
  return Array.from(value).every((character) => {
    const code = character.codePointAt(0) ?? 0;
    return !(code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029);
  });
}

/** A rule that also requires `private.is_single_line`. */
function singleLine(rule: ColumnRule): ColumnRule {
  return { ...rule, accepts: (stored) => isSingleLine(stored) && rule.accepts(stored) };
}

/** `btrim(value)` with no characters given: strips spaces only, not tabs or line breaks. */
function btrimSpaces(value: string): string {
  return value.replace(/^ +| +$/g, '');
}

/** The characters the database's `[:space:]` matches (locale C.UTF-8), for use inside a character class. */
const DATABASE_SPACE = '\\t\\n\\v\\f\\r \\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000';

const PHONE_FORMAT = /^\+?[0-9][0-9 ()./-]{3,24}$/;
const REG_NUMBER_FORMAT = /^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$/;
const UNIVERSITY_EMAIL_FORMAT = new RegExp(`^[^@${DATABASE_SPACE}]+@[^@${DATABASE_SPACE}]+\\.[^@${DATABASE_SPACE}]+$`);
const OTHER_REASON_FORMAT = new RegExp(`^Other: [^${DATABASE_SPACE}]`);

/** `char_length(value) <= max`. */
function atMost(max: number, field: string | undefined, message: string, blank: BlankInput): ColumnRule {
  return { field, message, blank, maxLength: max, accepts: (stored) => characterCount(stored) <= max };
}

/** `char_length(value) between min and max`, or of `btrim(value)` when `trimmed`. */
function lengthBetween(min: number, max: number, field: string, message: string, blank: BlankInput, trimmed: boolean): ColumnRule {
  return {
    field,
    message,
    blank,
    maxLength: max,
    accepts: (stored) => {
      const length = characterCount(trimmed ? btrimSpaces(stored) : stored);
      return length >= min && length <= max;
    },
  };
}

function trimmedBetween(min: number, max: number, field: string, message: string, blank: BlankInput): ColumnRule {
  return lengthBetween(min, max, field, message, blank, true);
}

function matches(pattern: RegExp, field: string, message: string, blank: BlankInput, maxLength?: number): ColumnRule {
  return { field, message, blank, maxLength, accepts: (stored) => pattern.test(stored) };
}

function oneOf(values: readonly string[], field: string, message: string): ColumnRule {
  return { field, message, blank: 'null', accepts: (stored) => values.includes(stored) };
}

/** A whole number column (`smallint`, `integer`) checked with `between min and max`; forms accept digits only. */
function wholeNumberBetween(range: NumberRange, field: string, message: string): ColumnRule {
  return {
    field,
    message,
    blank: 'refused',
    accepts: (stored) => {
      const value = parseWholeNumber(stored);
      return value !== undefined && value >= range.min && value <= range.max;
    },
  };
}

export interface NumberRange {
  readonly min: number;
  readonly max: number;
}

/** members_year_of_study_range and appointments_year_range. */
export const YEAR_OF_STUDY_RANGE = { min: 1, max: 8 } as const satisfies NumberRange;
/** clinic_settings_slot_range: how long one bookable slot lasts, in minutes. */
export const CLINIC_SLOT_MINUTES_RANGE = { min: 10, max: 240 } as const satisfies NumberRange;
/** clinic_settings_notice_range and clinic_settings_cutoff_range: 0 minutes to 14 days. */
export const CLINIC_LEAD_MINUTES_RANGE = { min: 0, max: 20_160 } as const satisfies NumberRange;
/** clinic_settings_staff_idle_range: minutes without activity after which a doctor's or admin's session ends. */
export const STAFF_IDLE_MINUTES_RANGE = { min: 5, max: 60 } as const satisfies NumberRange;
/**
 * clinic_settings_student_upcoming_limit_range and clinic_settings_student_daily_booking_limit_range: how many
 * upcoming visits a student may hold, and how many they may book in one day.
 */
export const STUDENT_BOOKING_LIMIT_RANGE = { min: 1, max: 20 } as const satisfies NumberRange;
/** health_profiles_bmi_range, on a numeric(4, 1) column. */
export const BMI_RANGE = { min: 10, max: 80 } as const satisfies NumberRange;

/** members_title_values. */
export const MEMBER_TITLES = ['Dr', 'Mr', 'Mrs', 'Miss', 'Ms', 'Prof'] as const;
/** health_profiles_genotype_values. */
export const GENOTYPES = ['AA', 'AS', 'AC', 'SS', 'SC', 'CC'] as const;
/** health_profiles_blood_group_values. */
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** appointments_reason_values: the clinic's categories; 'Other' may also carry what the student wrote. */
export const APPOINTMENT_REASONS = ['Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other'] as const;
export const OTHER_REASON = 'Other' satisfies (typeof APPOINTMENT_REASONS)[number];
/** A free-text reason is stored as "Other: <text>", 200 characters in all. */
export const OTHER_REASON_PREFIX = 'Other: ';
export const APPOINTMENT_REASON_MAX_LENGTH = 200;
export const OTHER_REASON_MAX_LENGTH = APPOINTMENT_REASON_MAX_LENGTH - OTHER_REASON_PREFIX.length;

/** Digits only (surrounding whitespace aside), as a number; undefined for anything else ("2.0", "1e1", "0x2"). */
export function parseWholeNumber(value: string): number | undefined {
  const trimmed = value.trim();
  return /^[0-9]{1,6}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * A decimal typed by a person ("22.5", "22,5") rounded to tenths the way numeric(4, 1) rounds it (half away from
 * zero, on the decimal digits as typed, so "9.95" is 10.0 as in the database, not 9.9 as binary floating point
 * would have it); undefined for anything that is not such a number.
 */
export function roundedToTenths(value: string): number | undefined {
  const match = /^([0-9]{1,6})(?:[.,]([0-9]+))?$/.exec(value.trim());
  if (match === null) return undefined;
  const [, whole, fraction = ''] = match;
  const tenths = Number(whole) * 10 + Number(fraction.charAt(0) || '0') + (Number(fraction.charAt(1) || '0') >= 5 ? 1 : 0);
  return tenths / 10;
}

export const RULE_MESSAGES = {
  required: 'This field is required',
  universityName: 'The university name must be 2 to 200 characters on one line',
  invalidEmail: 'Enter a valid email address',
  invalidPhone: 'Enter a valid phone number',
  invalidTitle: `Choose a title: ${MEMBER_TITLES.join(', ')}`,
  firstName: 'The first name can be at most 100 characters, on one line',
  lastName: 'The last name can be at most 100 characters, on one line',
  memberEmail: 'Enter a valid email address in lower case',
  staffId: 'The staff ID must be 1 to 50 characters',
  positionTooLong: 'The position can be at most 100 characters',
  specializationTooLong: 'The specialization can be at most 100 characters',
  invalidRegNumber: 'Registration number: 2 to 30 letters, digits, /, ., _ or -, starting with a letter or digit',
  department: 'The department must be 1 to 100 characters',
  invalidYear: 'Year of study must be a whole number from 1 to 8',
  invalidGenotype: 'Choose a genotype: AA, AS, AC, SS, SC or CC',
  invalidBloodGroup: 'Choose a blood group: A+, A-, B+, B-, AB+, AB-, O+ or O-',
  allergiesTooLong: 'Allergies can be at most 1000 characters',
  invalidBmi: 'BMI must be a number between 10 and 80',
  appointmentName: 'The name must be 1 to 200 characters on one line',
  invalidReason: `Choose a reason (${APPOINTMENT_REASONS.join(', ')}), or describe it on one line in at most ${OTHER_REASON_MAX_LENGTH} characters`,
  cancelReason: 'Give a reason of at most 500 characters, on one line',
  cancelReasonRequired: 'Give a reason for cancelling the appointment',
  programTitle: 'The title must be 1 to 200 characters',
  descriptionTooLong: 'The description can be at most 5000 characters',
  locationTooLong: 'The location can be at most 200 characters',
  programTypeTooLong: 'The program type can be at most 100 characters',
  targetAudienceTooLong: 'The target audience can be at most 200 characters',
  activitiesTooLong: 'The activities can be at most 2000 characters',
  organiserTooLong: 'The organiser can be at most 200 characters',
  slotMinutes: 'Slots last between 10 and 240 minutes',
  noticeMinutes: 'The minimum notice is between 0 minutes and 14 days',
  cutoffMinutes: 'The cutoff is between 0 minutes and 14 days',
  staffIdleMinutes: 'Staff are signed out after 5 to 60 minutes without activity',
  studentUpcomingLimit: 'A student may have 1 to 20 upcoming visits',
  studentDailyBookingLimit: 'A student may book 1 to 20 visits a day',
  scheduleReason: 'Give a reason of at most 200 characters, on one line',
} as const;

const phoneRule = matches(PHONE_FORMAT, 'phone', RULE_MESSAGES.invalidPhone, 'null', 26);
const regNumberRule = (field: string, blank: BlankInput) => matches(REG_NUMBER_FORMAT, field, RULE_MESSAGES.invalidRegNumber, blank, 30);

/** The rules, keyed by the name of the constraint each restates (supabase/migrations: schema and scheduling). */
export const COLUMN_RULES = {
  universities_name_length: singleLine(trimmedBetween(2, 200, 'name', RULE_MESSAGES.universityName, 'refused')),
  universities_email_format: matches(UNIVERSITY_EMAIL_FORMAT, 'email', RULE_MESSAGES.invalidEmail, 'refused'),
  universities_phone_format: phoneRule,
  members_title_values: oneOf(MEMBER_TITLES, 'title', RULE_MESSAGES.invalidTitle),
  members_first_name_length: singleLine(atMost(100, 'firstName', RULE_MESSAGES.firstName, 'empty')),
  members_last_name_length: singleLine(atMost(100, 'lastName', RULE_MESSAGES.lastName, 'empty')),
  members_phone_format: phoneRule,
  members_staff_id_length: lengthBetween(1, 50, 'staffId', RULE_MESSAGES.staffId, 'null', false),
  members_position_length: atMost(100, 'position', RULE_MESSAGES.positionTooLong, 'null'),
  members_specialization_length: atMost(100, 'specialization', RULE_MESSAGES.specializationTooLong, 'null'),
  members_reg_number_format: regNumberRule('regNumber', 'null'),
  members_department_length: trimmedBetween(1, 100, 'department', RULE_MESSAGES.department, 'null'),
  members_year_of_study_range: wholeNumberBetween(YEAR_OF_STUDY_RANGE, 'yearOfStudy', RULE_MESSAGES.invalidYear),
  health_profiles_genotype_values: oneOf(GENOTYPES, 'genotype', RULE_MESSAGES.invalidGenotype),
  health_profiles_blood_group_values: oneOf(BLOOD_GROUPS, 'bloodGroup', RULE_MESSAGES.invalidBloodGroup),
  health_profiles_allergies_length: atMost(1000, 'allergies', RULE_MESSAGES.allergiesTooLong, 'empty'),
  health_profiles_bmi_range: {
    field: 'bmi',
    message: RULE_MESSAGES.invalidBmi,
    blank: 'refused',
    accepts: (stored) => {
      const bmi = roundedToTenths(stored);
      return bmi !== undefined && bmi >= BMI_RANGE.min && bmi <= BMI_RANGE.max;
    },
  },
  appointments_name_length: singleLine(trimmedBetween(1, 200, 'name', RULE_MESSAGES.appointmentName, 'refused')),
  appointments_department_length: trimmedBetween(1, 100, 'department', RULE_MESSAGES.department, 'refused'),
  appointments_reg_format: regNumberRule('reg', 'refused'),
  appointments_year_range: wholeNumberBetween(YEAR_OF_STUDY_RANGE, 'year', RULE_MESSAGES.invalidYear),
  appointments_reason_values: {
    field: 'reason',
    message: RULE_MESSAGES.invalidReason,
    blank: 'refused',
    maxLength: APPOINTMENT_REASON_MAX_LENGTH,
    accepts: (stored) =>
      (APPOINTMENT_REASONS as readonly string[]).includes(stored) ||
      (OTHER_REASON_FORMAT.test(stored) && characterCount(stored) <= APPOINTMENT_REASON_MAX_LENGTH && isSingleLine(stored)),
  },
  appointments_cancel_reason_length: singleLine(atMost(500, 'reason', RULE_MESSAGES.cancelReason, 'null')),
  programs_title_length: trimmedBetween(1, 200, 'title', RULE_MESSAGES.programTitle, 'refused'),
  programs_description_length: atMost(5000, 'description', RULE_MESSAGES.descriptionTooLong, 'empty'),
  programs_location_length: atMost(200, 'location', RULE_MESSAGES.locationTooLong, 'null'),
  programs_program_type_length: atMost(100, 'programType', RULE_MESSAGES.programTypeTooLong, 'null'),
  programs_target_audience_length: atMost(200, 'targetAudience', RULE_MESSAGES.targetAudienceTooLong, 'null'),
  programs_activities_length: atMost(2000, 'activities', RULE_MESSAGES.activitiesTooLong, 'null'),
  // The organiser is the author's name, filled in by the app: no form field shows it.
  programs_organiser_length: atMost(200, undefined, RULE_MESSAGES.organiserTooLong, 'null'),
  clinic_settings_slot_range: wholeNumberBetween(CLINIC_SLOT_MINUTES_RANGE, 'slotMinutes', RULE_MESSAGES.slotMinutes),
  clinic_settings_notice_range: wholeNumberBetween(CLINIC_LEAD_MINUTES_RANGE, 'noticeMinutes', RULE_MESSAGES.noticeMinutes),
  clinic_settings_cutoff_range: wholeNumberBetween(CLINIC_LEAD_MINUTES_RANGE, 'cutoffMinutes', RULE_MESSAGES.cutoffMinutes),
  clinic_settings_staff_idle_range: wholeNumberBetween(STAFF_IDLE_MINUTES_RANGE, 'staffIdleMinutes', RULE_MESSAGES.staffIdleMinutes),
  clinic_settings_student_upcoming_limit_range: wholeNumberBetween(STUDENT_BOOKING_LIMIT_RANGE, 'upcomingLimit', RULE_MESSAGES.studentUpcomingLimit),
  clinic_settings_student_daily_booking_limit_range: wholeNumberBetween(STUDENT_BOOKING_LIMIT_RANGE, 'dailyBookingLimit', RULE_MESSAGES.studentDailyBookingLimit),
  clinic_closures_reason_length: singleLine(trimmedBetween(1, 200, 'reason', RULE_MESSAGES.scheduleReason, 'refused')),
  doctor_time_off_reason_length: singleLine(atMost(200, 'reason', RULE_MESSAGES.scheduleReason, 'null')),
} as const satisfies Record<string, ColumnRule>;

export type ColumnConstraint = keyof typeof COLUMN_RULES;

/** What a form stores for what was typed: trimmed, with a blank optional value left out (NULL). */
export function storedValue(rule: ColumnRule, input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' && rule.blank === 'null' ? null : trimmed;
}

/**
 * The error a form shows for what was typed, or undefined. `required` adds the form's own "fill this in" on top of
 * the constraint (the database refuses some blanks itself: those are always required).
 */
export function columnError(rule: ColumnRule, input: string, options: { readonly required?: boolean } = {}): string | undefined {
  const stored = storedValue(rule, input);
  const blank = stored === null || stored === '';
  if (blank && (options.required === true || rule.blank === 'refused')) return RULE_MESSAGES.required;
  if (stored === null) return undefined;
  return rule.accepts(stored) ? undefined : rule.message;
}

/** The reason as stored: a category, or "Other: <what the student wrote>" ('' when "Other" is chosen but left empty). */
export function appointmentReason(choice: string, otherText: string): string {
  if (choice !== OTHER_REASON) return choice;
  const text = otherText.trim();
  return text === '' ? '' : `${OTHER_REASON_PREFIX}${text}`;
}
