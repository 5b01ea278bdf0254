/**
 * One rule per database check constraint on the columns people type into, keyed by the constraint's name. Each
 * `accepts` is the constraint's expression said in TypeScript, with PostgreSQL's meaning kept where JavaScript's
 * differs: lengths count code points like `char_length` (an emoji is one character, not two UTF-16 units), `btrim`
 * strips spaces only, and `[:space:]` is the database's class (C.UTF-8: no no-break spaces, unlike `\s`).
 * supabase/tests/validation-agreement.test.ts runs sample values through these rules and through the real
 * constraints, so a form never accepts what the database then refuses, nor the other way round.
 */

/** How a blank input reaches the column: stored as NULL (passes any check), as '' (checked), or refused by the check. */
type BlankInput = 'null' | 'empty' | 'refused';

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

/** A rule that also requires `position(character in value) = 0`. */
function without(character: string, rule: ColumnRule): ColumnRule {
  return { ...rule, accepts: (stored) => !stored.includes(character) && rule.accepts(stored) };
}

/** `btrim(value)` with no characters given: strips spaces only, not tabs or line breaks. */
function btrimSpaces(value: string): string {
  return value.replace(/^ +| +$/g, '');
}

/** The characters the database's `[:space:]` matches (locale C.UTF-8), for use inside a character class. */
const DATABASE_SPACE = '\\t\\n\\v\\f\\r \\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000';

const PHONE_FORMAT = /^\+?[0-9][0-9 ()./-]{3,24}$/;
const REG_NUMBER_FORMAT = /^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$/;
/** universities_email_format and clinic_settings_email_format (which also caps the length at EMAIL_MAX_LENGTH). */
const EMAIL_FORMAT = new RegExp(`^[^@${DATABASE_SPACE}]+@[^@${DATABASE_SPACE}]+\\.[^@${DATABASE_SPACE}]+$`);
const EMAIL_MAX_LENGTH = 255;

/** `char_length(value) <= max`. */
function atMost(max: number, field: string | undefined, message: string, blank: BlankInput): ColumnRule {
  return { field, message, blank, maxLength: max, accepts: (stored) => characterCount(stored) <= max };
}

/** `char_length(value) between min and max`, or of `btrim(value)` when `trimmed`. */
function lengthBetween(
  min: number,
  max: number,
  field: string,
  message: string,
  blank: BlankInput,
  trimmed: boolean,
): ColumnRule {
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

/** A numeric(p, 1) column checked with `between min and max`: what was typed, rounded to tenths as the column does. */
function tenthsBetween(range: NumberRange, field: string, message: string): ColumnRule {
  return {
    field,
    message,
    blank: 'null',
    accepts: (stored) => {
      const value = roundedToTenths(stored);
      return value !== undefined && value >= range.min && value <= range.max;
    },
  };
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

interface NumberRange {
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
/** clinic_settings_grace_range: how long after booking a student may still cancel inside the cutoff, in minutes. */
export const BOOKING_GRACE_MINUTES_RANGE = { min: 0, max: 120 } as const satisfies NumberRange;
/** immunization_requirements_doses_range: how many doses a requirement asks for. */
export const IMMUNIZATION_DOSES_RANGE = { min: 1, max: 10 } as const satisfies NumberRange;
/**
 * immunization_requirements_interval_range and immunization_requirements_due_days_range: the days between two doses
 * that count, and the days after joining a requirement falls due, up to ten years.
 */
export const IMMUNIZATION_DAYS_RANGE = { min: 0, max: 3650 } as const satisfies NumberRange;
/** immunization_requirements_vaccines: a requirement counts the doses of 1 to 10 vaccines, chosen from the list. */
export const REQUIREMENT_VACCINES_RANGE = { min: 1, max: 10 } as const satisfies NumberRange;
/** appointment_types_duration_range: how long a visit of one of the clinic's types lasts, in minutes. */
export const APPOINTMENT_TYPE_MINUTES_RANGE = { min: 10, max: 240 } as const satisfies NumberRange;
/** appointment_types_name_length: a type's name, which starts every reason booked with it ("<type>: <details>"). */
export const APPOINTMENT_TYPE_NAME_MAX_LENGTH = 60;
/** health_profiles_bmi_range, on a numeric(4, 1) column. */
export const BMI_RANGE = { min: 10, max: 80 } as const satisfies NumberRange;

/**
 * The vital signs the database takes (vital_signs_<column>_range): what a living student can measure. Values outside
 * them are typos or unit mix-ups (98.6 typed as °C) and are refused; values outside the normal adult ranges are
 * possible and only flagged (private.vital_flags). Temperature, weight and height are numeric(·, 1) columns (tenths),
 * the others whole numbers.
 */
export const VITAL_SIGN_RANGES = {
  temperature_c: { min: 25, max: 45 },
  systolic_mmhg: { min: 50, max: 300 },
  diastolic_mmhg: { min: 20, max: 200 },
  pulse_bpm: { min: 20, max: 250 },
  respiratory_rate: { min: 4, max: 80 },
  spo2_percent: { min: 50, max: 100 },
  weight_kg: { min: 20, max: 400 },
  height_cm: { min: 100, max: 250 },
} as const satisfies Record<string, NumberRange>;
export type VitalSign = keyof typeof VITAL_SIGN_RANGES;
const VITALS = VITAL_SIGN_RANGES;

/** What private.vital_flags() may say of a reading that is possible but outside the normal adult range. */
export const VITAL_FLAGS = [
  'fever',
  'low temperature',
  'high blood pressure',
  'low blood pressure',
  'fast pulse',
  'slow pulse',
  'fast breathing',
  'slow breathing',
  'low SpO2',
  'underweight',
  'overweight',
  'obese',
] as const;
export type VitalFlag = (typeof VITAL_FLAGS)[number];

/** The values of a reading private.vital_flags() reads: a vital_signs row's, its bmi as the database computes it. */
export interface VitalFlagValues {
  readonly temperature_c: number | null;
  readonly systolic_mmhg: number | null;
  readonly diastolic_mmhg: number | null;
  readonly pulse_bpm: number | null;
  readonly respiratory_rate: number | null;
  readonly spo2_percent: number | null;
  readonly bmi: number | null;
}

const above = (value: number | null, limit: number) => value !== null && value > limit;
const atLeast = (value: number | null, limit: number) => value !== null && value >= limit;
const below = (value: number | null, limit: number) => value !== null && value < limit;

/**
 * private.vital_flags() said again, flag for flag and in its order: what is possible but outside the normal adult
 * ranges. For a reading the page has just recorded, until the record is read again (wherever the database sent a
 * reading's `flags`, those are shown). supabase/tests/validation-agreement.test.ts holds the two to the same answers.
 */
export function vitalFlagsOf(reading: VitalFlagValues): readonly VitalFlag[] {
  const flags: Array<VitalFlag | null> = [
    atLeast(reading.temperature_c, 38) ? 'fever' : below(reading.temperature_c, 35) ? 'low temperature' : null,
    atLeast(reading.systolic_mmhg, 140) || atLeast(reading.diastolic_mmhg, 90)
      ? 'high blood pressure'
      : below(reading.systolic_mmhg, 90) || below(reading.diastolic_mmhg, 60)
        ? 'low blood pressure'
        : null,
    above(reading.pulse_bpm, 100) ? 'fast pulse' : below(reading.pulse_bpm, 50) ? 'slow pulse' : null,
    above(reading.respiratory_rate, 20)
      ? 'fast breathing'
      : below(reading.respiratory_rate, 12)
        ? 'slow breathing'
        : null,
    below(reading.spo2_percent, 95) ? 'low SpO2' : null,
    below(reading.bmi, 18.5)
      ? 'underweight'
      : atLeast(reading.bmi, 30)
        ? 'obese'
        : atLeast(reading.bmi, 25)
          ? 'overweight'
          : null,
  ];
  return flags.filter((flag): flag is VitalFlag => flag !== null);
}

/** members_title_values. */
export const MEMBER_TITLES = ['Dr', 'Mr', 'Mrs', 'Miss', 'Ms', 'Prof'] as const;
/** health_profiles_genotype_values. */
export const GENOTYPES = ['AA', 'AS', 'AC', 'SS', 'SC', 'CC'] as const;
/** health_profiles_blood_group_values. */
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** The default appointment types' names, which the spec's reasons became; 'Other' may also carry what the student wrote. */
export const APPOINTMENT_REASONS = [
  'Check-up',
  'Malaria',
  'Consultation',
  'Vaccination',
  'Follow-up',
  'Other',
] as const;
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
  const tenths =
    Number(whole) * 10 + Number(fraction.charAt(0) || '0') + (Number(fraction.charAt(1) || '0') >= 5 ? 1 : 0);
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
  invalidReason: `Describe the reason on one line in at most ${APPOINTMENT_REASON_MAX_LENGTH} characters`,
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
  bookingGraceMinutes: 'The grace period is between 0 and 120 minutes',
  clinicAddress: 'The address must be 1 to 300 characters',
  scheduleReason: 'Give a reason of at most 200 characters, on one line',
  temperature: `Temperature must be between ${VITALS.temperature_c.min} and ${VITALS.temperature_c.max} °C`,
  systolic: `Systolic blood pressure must be between ${VITALS.systolic_mmhg.min} and ${VITALS.systolic_mmhg.max} mmHg`,
  diastolic: `Diastolic blood pressure must be between ${VITALS.diastolic_mmhg.min} and ${VITALS.diastolic_mmhg.max} mmHg`,
  pulse: `Pulse must be between ${VITALS.pulse_bpm.min} and ${VITALS.pulse_bpm.max} beats a minute`,
  respiratoryRate: `Respiratory rate must be between ${VITALS.respiratory_rate.min} and ${VITALS.respiratory_rate.max} breaths a minute`,
  spo2: `SpO₂ must be between ${VITALS.spo2_percent.min} and ${VITALS.spo2_percent.max} %`,
  weight: `Weight must be between ${VITALS.weight_kg.min} and ${VITALS.weight_kg.max} kg`,
  height: `Height must be between ${VITALS.height_cm.min} and ${VITALS.height_cm.max} cm`,
  chiefComplaint: 'The chief complaint can be at most 200 characters, on one line',
  noteSection: 'Each part of the note can be at most 10000 characters',
  followUp: 'The follow-up can be at most 1000 characters',
  addendum: 'An addendum must be 1 to 5000 characters',
  diagnosis: 'Describe the diagnosis in 1 to 300 characters, on one line',
  drug: 'Name the drug in 1 to 200 characters, on one line',
  prescriptionDetail: 'Each detail of a prescription can be at most 100 characters, on one line',
  route: 'The route can be at most 50 characters, on one line',
  instructions: 'The instructions can be at most 1000 characters',
  allergyAcknowledgement: 'The allergy acknowledgement can be at most 500 characters, on one line',
  revokeReason: 'Give a reason of 1 to 500 characters, on one line',
  requirementName: 'The name must be 1 to 200 characters, on one line',
  requirementDoses: `Doses required: a whole number from ${IMMUNIZATION_DOSES_RANGE.min} to ${IMMUNIZATION_DOSES_RANGE.max}`,
  requirementInterval: `The days between doses: a whole number from ${IMMUNIZATION_DAYS_RANGE.min} to ${IMMUNIZATION_DAYS_RANGE.max}`,
  requirementDueDays: `The days after joining: a whole number from ${IMMUNIZATION_DAYS_RANGE.min} to ${IMMUNIZATION_DAYS_RANGE.max}`,
  requirementVaccines: `Choose ${REQUIREMENT_VACCINES_RANGE.min} to ${REQUIREMENT_VACCINES_RANGE.max} vaccines`,
  requirementDue: 'Give either a due date or a number of days after joining, not both',
  doseGivenAt: 'Where it was given can be at most 200 characters, on one line',
  doseLot: 'The lot number can be at most 50 characters, on one line',
  exemptionReason: 'Give the reason in 1 to 2000 characters',
  reviewRejectReason: 'Give a reason of 1 to 500 characters',
  appointmentTypeName: `Name the type in 1 to ${APPOINTMENT_TYPE_NAME_MAX_LENGTH} characters, on one line and without a colon`,
  appointmentTypeMinutes: `A visit lasts a whole number of minutes from ${APPOINTMENT_TYPE_MINUTES_RANGE.min} to ${APPOINTMENT_TYPE_MINUTES_RANGE.max}`,
} as const;

const phoneRule = matches(PHONE_FORMAT, 'phone', RULE_MESSAGES.invalidPhone, 'null', 26);
const regNumberRule = (field: string, blank: BlankInput) =>
  matches(REG_NUMBER_FORMAT, field, RULE_MESSAGES.invalidRegNumber, blank, 30);

/** The rules, keyed by the name of the constraint each restates (supabase/migrations: schema and scheduling). */
export const COLUMN_RULES = {
  universities_name_length: singleLine(trimmedBetween(2, 200, 'name', RULE_MESSAGES.universityName, 'refused')),
  universities_email_format: matches(EMAIL_FORMAT, 'email', RULE_MESSAGES.invalidEmail, 'refused'),
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
  appointments_reason_format: singleLine(
    trimmedBetween(1, APPOINTMENT_REASON_MAX_LENGTH, 'reason', RULE_MESSAGES.invalidReason, 'refused'),
  ),
  appointments_cancel_reason_length: singleLine(atMost(500, 'reason', RULE_MESSAGES.cancelReason, 'null')),
  // Appointment types (migration 20260123000100): no colon in a name, which a reason's details follow after one.
  appointment_types_name_length: without(
    ':',
    singleLine(
      trimmedBetween(1, APPOINTMENT_TYPE_NAME_MAX_LENGTH, 'name', RULE_MESSAGES.appointmentTypeName, 'refused'),
    ),
  ),
  appointment_types_duration_range: wholeNumberBetween(
    APPOINTMENT_TYPE_MINUTES_RANGE,
    'durationMinutes',
    RULE_MESSAGES.appointmentTypeMinutes,
  ),
  programs_title_length: trimmedBetween(1, 200, 'title', RULE_MESSAGES.programTitle, 'refused'),
  programs_description_length: atMost(5000, 'description', RULE_MESSAGES.descriptionTooLong, 'empty'),
  programs_location_length: atMost(200, 'location', RULE_MESSAGES.locationTooLong, 'null'),
  programs_program_type_length: atMost(100, 'programType', RULE_MESSAGES.programTypeTooLong, 'null'),
  programs_target_audience_length: atMost(200, 'targetAudience', RULE_MESSAGES.targetAudienceTooLong, 'null'),
  programs_activities_length: atMost(2000, 'activities', RULE_MESSAGES.activitiesTooLong, 'null'),
  // The organiser is the author's name, filled in by the app: no form field shows it.
  programs_organiser_length: atMost(200, undefined, RULE_MESSAGES.organiserTooLong, 'null'),
  clinic_settings_slot_range: wholeNumberBetween(CLINIC_SLOT_MINUTES_RANGE, 'slotMinutes', RULE_MESSAGES.slotMinutes),
  clinic_settings_notice_range: wholeNumberBetween(
    CLINIC_LEAD_MINUTES_RANGE,
    'noticeMinutes',
    RULE_MESSAGES.noticeMinutes,
  ),
  clinic_settings_cutoff_range: wholeNumberBetween(
    CLINIC_LEAD_MINUTES_RANGE,
    'cutoffMinutes',
    RULE_MESSAGES.cutoffMinutes,
  ),
  clinic_settings_staff_idle_range: wholeNumberBetween(
    STAFF_IDLE_MINUTES_RANGE,
    'staffIdleMinutes',
    RULE_MESSAGES.staffIdleMinutes,
  ),
  clinic_settings_student_upcoming_limit_range: wholeNumberBetween(
    STUDENT_BOOKING_LIMIT_RANGE,
    'upcomingLimit',
    RULE_MESSAGES.studentUpcomingLimit,
  ),
  clinic_settings_student_daily_booking_limit_range: wholeNumberBetween(
    STUDENT_BOOKING_LIMIT_RANGE,
    'dailyBookingLimit',
    RULE_MESSAGES.studentDailyBookingLimit,
  ),
  clinic_settings_grace_range: wholeNumberBetween(
    BOOKING_GRACE_MINUTES_RANGE,
    'graceMinutes',
    RULE_MESSAGES.bookingGraceMinutes,
  ),
  clinic_settings_phone_format: phoneRule,
  clinic_settings_email_format: {
    ...matches(EMAIL_FORMAT, 'email', RULE_MESSAGES.invalidEmail, 'null', EMAIL_MAX_LENGTH),
    accepts: (stored) => EMAIL_FORMAT.test(stored) && characterCount(stored) <= EMAIL_MAX_LENGTH,
  },
  clinic_settings_address_length: trimmedBetween(1, 300, 'address', RULE_MESSAGES.clinicAddress, 'null'),
  clinic_closures_reason_length: singleLine(trimmedBetween(1, 200, 'reason', RULE_MESSAGES.scheduleReason, 'refused')),
  doctor_time_off_reason_length: singleLine(atMost(200, 'reason', RULE_MESSAGES.scheduleReason, 'null')),
  // The clinical record (migration 20260116000000): the visit note, vital signs, diagnoses, prescriptions, addenda and
  // the reason a letter is revoked. Blank optional parts of a note or prescription are stored as NULL.
  visits_chief_complaint_length: singleLine(atMost(200, 'chiefComplaint', RULE_MESSAGES.chiefComplaint, 'null')),
  visits_subjective_length: atMost(10000, 'subjective', RULE_MESSAGES.noteSection, 'null'),
  visits_objective_length: atMost(10000, 'objective', RULE_MESSAGES.noteSection, 'null'),
  visits_assessment_length: atMost(10000, 'assessment', RULE_MESSAGES.noteSection, 'null'),
  visits_plan_length: atMost(10000, 'plan', RULE_MESSAGES.noteSection, 'null'),
  visits_follow_up_length: atMost(1000, 'followUp', RULE_MESSAGES.followUp, 'null'),
  visit_addenda_text_length: trimmedBetween(1, 5000, 'text', RULE_MESSAGES.addendum, 'refused'),
  vital_signs_temperature_c_range: tenthsBetween(VITALS.temperature_c, 'temperatureC', RULE_MESSAGES.temperature),
  vital_signs_systolic_mmhg_range: {
    ...wholeNumberBetween(VITALS.systolic_mmhg, 'systolicMmhg', RULE_MESSAGES.systolic),
    blank: 'null',
  },
  vital_signs_diastolic_mmhg_range: {
    ...wholeNumberBetween(VITALS.diastolic_mmhg, 'diastolicMmhg', RULE_MESSAGES.diastolic),
    blank: 'null',
  },
  vital_signs_pulse_bpm_range: {
    ...wholeNumberBetween(VITALS.pulse_bpm, 'pulseBpm', RULE_MESSAGES.pulse),
    blank: 'null',
  },
  vital_signs_respiratory_rate_range: {
    ...wholeNumberBetween(VITALS.respiratory_rate, 'respiratoryRate', RULE_MESSAGES.respiratoryRate),
    blank: 'null',
  },
  vital_signs_spo2_percent_range: {
    ...wholeNumberBetween(VITALS.spo2_percent, 'spo2Percent', RULE_MESSAGES.spo2),
    blank: 'null',
  },
  vital_signs_weight_kg_range: tenthsBetween(VITALS.weight_kg, 'weightKg', RULE_MESSAGES.weight),
  vital_signs_height_cm_range: tenthsBetween(VITALS.height_cm, 'heightCm', RULE_MESSAGES.height),
  diagnoses_description_length: singleLine(trimmedBetween(1, 300, 'description', RULE_MESSAGES.diagnosis, 'refused')),
  prescriptions_drug_length: singleLine(trimmedBetween(1, 200, 'drug', RULE_MESSAGES.drug, 'refused')),
  prescriptions_strength_length: singleLine(atMost(100, 'strength', RULE_MESSAGES.prescriptionDetail, 'null')),
  prescriptions_dose_length: singleLine(atMost(100, 'dose', RULE_MESSAGES.prescriptionDetail, 'null')),
  prescriptions_route_length: singleLine(atMost(50, 'route', RULE_MESSAGES.route, 'null')),
  prescriptions_frequency_length: singleLine(atMost(100, 'frequency', RULE_MESSAGES.prescriptionDetail, 'null')),
  prescriptions_duration_length: singleLine(atMost(100, 'duration', RULE_MESSAGES.prescriptionDetail, 'null')),
  prescriptions_quantity_length: singleLine(atMost(100, 'quantity', RULE_MESSAGES.prescriptionDetail, 'null')),
  prescriptions_instructions_length: atMost(1000, 'instructions', RULE_MESSAGES.instructions, 'null'),
  prescriptions_allergy_acknowledgement_length: singleLine(
    atMost(500, 'allergyAcknowledgement', RULE_MESSAGES.allergyAcknowledgement, 'null'),
  ),
  excuse_letters_revoke_reason_length: singleLine(
    trimmedBetween(1, 500, 'reason', RULE_MESSAGES.revokeReason, 'refused'),
  ),
  // Immunization compliance (migration 20260122000000): the super admin's requirements, the doses a student records
  // and the reason for an exemption. Where a dose was given and its lot are optional, stored as NULL when blank.
  immunization_requirements_name_length: singleLine(
    trimmedBetween(1, 200, 'name', RULE_MESSAGES.requirementName, 'refused'),
  ),
  immunization_requirements_doses_range: wholeNumberBetween(
    IMMUNIZATION_DOSES_RANGE,
    'dosesRequired',
    RULE_MESSAGES.requirementDoses,
  ),
  immunization_requirements_interval_range: wholeNumberBetween(
    IMMUNIZATION_DAYS_RANGE,
    'minIntervalDays',
    RULE_MESSAGES.requirementInterval,
  ),
  immunization_requirements_due_days_range: {
    ...wholeNumberBetween(IMMUNIZATION_DAYS_RANGE, 'dueDaysAfterJoining', RULE_MESSAGES.requirementDueDays),
    blank: 'null',
  },
  immunization_doses_given_at_length: singleLine(atMost(200, 'givenAt', RULE_MESSAGES.doseGivenAt, 'null')),
  immunization_doses_lot_length: singleLine(atMost(50, 'lot', RULE_MESSAGES.doseLot, 'null')),
  immunization_exemptions_reason_length: trimmedBetween(1, 2000, 'reason', RULE_MESSAGES.exemptionReason, 'refused'),
} as const satisfies Record<string, ColumnRule>;

/**
 * immunization_doses_reject_reason and immunization_exemptions_reject_reason: a rejected dose or exemption carries
 * the reason the student reads, 1 to 500 characters (the constraint spans the review status too, so it is no column
 * rule of its own; supabase/tests/validation-agreement.test.ts holds this to it all the same).
 */
export const REVIEW_REJECT_REASON_RULE: ColumnRule = lengthBetween(
  1,
  500,
  'reason',
  RULE_MESSAGES.reviewRejectReason,
  'refused',
  false,
);

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
export function columnError(
  rule: ColumnRule,
  input: string,
  options: { readonly required?: boolean } = {},
): string | undefined {
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
