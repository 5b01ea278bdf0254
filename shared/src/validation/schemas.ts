/**
 * Validation shared by the forms of all apps. Each validator returns the errors per field
 * (empty when the values are valid); the messages are the spec's where it has one.
 * The database and auth service enforce the same rules again: the column rules (./columnRules) restate the
 * database's constraints exactly, so these give early, inline feedback and never contradict a later refusal.
 */
import {
  BMI_RANGE,
  COLUMN_RULES,
  columnError,
  MEMBER_TITLES,
  parseWholeNumber,
  roundedToTenths,
  RULE_MESSAGES,
  YEAR_OF_STUDY_RANGE,
  type ColumnRule,
} from './columnRules';

export * from './columnRules';

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

export function hasErrors<Values>(errors: FieldErrors<Values>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}

export const NEW_PASSWORD_MIN_LENGTH = 10;

export const MESSAGES = {
  required: RULE_MESSAGES.required,
  fillAllRequired: 'Please fill in all required fields',
  fillAllCorrectly: 'Please fill in all the fields correctly',
  signInPasswordTooShort: 'Password should be at least 6 characters long',
  passwordRule: 'Password should include an uppercase, lowercase, and digits',
  /** The whole rule for a new password, which the auth service enforces. */
  newPasswordHint:
    `At least ${NEW_PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter and a digit, and hard to guess: leave out ` +
    'CampusCare, your university’s name and join code, your name and email address, and sequences or repeats such as ' +
    '1234 or aaaa. A few unrelated words work well.',
  passwordsDoNotMatch: 'New passwords do not match.',
  invalidEmail: RULE_MESSAGES.invalidEmail,
  invalidPhone: RULE_MESSAGES.invalidPhone,
  invalidGenotype: RULE_MESSAGES.invalidGenotype,
  invalidBloodGroup: RULE_MESSAGES.invalidBloodGroup,
  invalidBmi: RULE_MESSAGES.invalidBmi,
  chooseDisabled: 'Choose Yes or No',
  allergiesTooLong: RULE_MESSAGES.allergiesTooLong,
  invalidHeight: 'Height must be between 50 and 250 cm',
  invalidWeight: 'Weight must be between 2 and 400 kg',
  invalidYear: RULE_MESSAGES.invalidYear,
  invalidRegNumber: RULE_MESSAGES.invalidRegNumber,
  imagesOnly: 'Choose an image file',
} as const;

/** The title choices of a staff profile: none ('') or one members_title_values allows. */
export const STAFF_TITLES = ['', ...MEMBER_TITLES] as const;
const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
const HEIGHT_CM_RANGE = { min: 50, max: 250 } as const;
const WEIGHT_KG_RANGE = { min: 2, max: 400 } as const;
export const ALLERGIES_MAX_LENGTH = COLUMN_RULES.health_profiles_allergies_length.maxLength;

const isBlank = (value: string): boolean => value.trim() === '';

/** The universities_email_format rule; the auth service checks account addresses more strictly still. */
export function isValidEmail(value: string): boolean {
  return COLUMN_RULES.universities_email_format.accepts(value.trim());
}

/** The rule for every new password: at least 10 characters with upper case, lower case and a digit. */
export function newPasswordError(password: string): string | undefined {
  if (password.length < NEW_PASSWORD_MIN_LENGTH)
    return `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long`;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) return MESSAGES.passwordRule;
  return undefined;
}

function emailError(email: string): string | undefined {
  if (isBlank(email)) return MESSAGES.required;
  return isValidEmail(email) ? undefined : MESSAGES.invalidEmail;
}

/** members_phone_format and universities_phone_format (the same rule); optional unless `required`. */
export function phoneError(phone: string, options: { readonly required?: boolean } = {}): string | undefined {
  return columnError(COLUMN_RULES.members_phone_format, phone, options);
}

function withoutEmpty<Values>(errors: Record<keyof Values, string | undefined>): FieldErrors<Values> {
  const result: FieldErrors<Values> = {};
  for (const key of Object.keys(errors) as Array<keyof Values>) {
    const message = errors[key];
    if (message) result[key] = message;
  }
  return result;
}

export interface SignInValues {
  readonly email: string;
  readonly password: string;
}

export function validateSignIn(values: SignInValues): FieldErrors<SignInValues> {
  return withoutEmpty<SignInValues>({
    email: emailError(values.email),
    password: isBlank(values.password)
      ? MESSAGES.required
      : values.password.length < SIGN_IN_PASSWORD_MIN_LENGTH
        ? MESSAGES.signInPasswordTooShort
        : undefined,
  });
}

export interface UniversityRegistrationValues {
  readonly universityName: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
}

export function validateUniversityRegistration(
  values: UniversityRegistrationValues,
): FieldErrors<UniversityRegistrationValues> {
  return withoutEmpty<UniversityRegistrationValues>({
    universityName: columnError(COLUMN_RULES.universities_name_length, values.universityName),
    email: emailError(values.email),
    phone: phoneError(values.phone, { required: true }),
    password: newPasswordError(values.password),
  });
}

export interface StudentRegistrationValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly regNumber: string;
  readonly department: string;
  readonly yearOfStudy: string;
  readonly password: string;
}

export const YEARS_OF_STUDY: readonly string[] = Array.from(
  { length: YEAR_OF_STUDY_RANGE.max - YEAR_OF_STUDY_RANGE.min + 1 },
  (_, index) => String(YEAR_OF_STUDY_RANGE.min + index),
);

/** members_year_of_study_range and appointments_year_range: the year as stored, or undefined. */
export function parseYearOfStudy(value: string): number | undefined {
  const year = parseWholeNumber(value);
  return year !== undefined && year >= YEAR_OF_STUDY_RANGE.min && year <= YEAR_OF_STUDY_RANGE.max ? year : undefined;
}

/** members_reg_number_format and appointments_reg_format (the same rule); always required by the forms. */
function regNumberError(value: string): string | undefined {
  return columnError(COLUMN_RULES.members_reg_number_format, value, { required: true });
}

export function validateStudentRegistration(values: StudentRegistrationValues): FieldErrors<StudentRegistrationValues> {
  return withoutEmpty<StudentRegistrationValues>({
    firstName: columnError(COLUMN_RULES.members_first_name_length, values.firstName, { required: true }),
    lastName: columnError(COLUMN_RULES.members_last_name_length, values.lastName, { required: true }),
    email: emailError(values.email),
    phone: phoneError(values.phone, { required: true }),
    regNumber: regNumberError(values.regNumber),
    department: columnError(COLUMN_RULES.members_department_length, values.department, { required: true }),
    yearOfStudy: parseYearOfStudy(values.yearOfStudy) === undefined ? MESSAGES.invalidYear : undefined,
    password: newPasswordError(values.password),
  });
}

/** What an invited staff member gives to accept the invitation: their name and a password of their own. */
export interface StaffAcceptanceValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
}

export function validateStaffAcceptance(values: StaffAcceptanceValues): FieldErrors<StaffAcceptanceValues> {
  return withoutEmpty<StaffAcceptanceValues>({
    firstName: columnError(COLUMN_RULES.members_first_name_length, values.firstName, { required: true }),
    lastName: columnError(COLUMN_RULES.members_last_name_length, values.lastName, { required: true }),
    password: newPasswordError(values.password),
  });
}

export interface HealthProfileValues {
  readonly genotype: string;
  readonly bloodGroup: string;
  readonly disabled: string;
  readonly allergies: string;
  readonly bmi: string;
}

/** A decimal number typed by a person ("22,5" too), or undefined for anything else. */
function parseDecimal(value: string): number | undefined {
  const trimmed = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

function inRange(value: number | undefined, range: { readonly min: number; readonly max: number }): number | undefined {
  return value !== undefined && value >= range.min && value <= range.max ? value : undefined;
}

/** The BMI as stored (rounded to tenths first, like the numeric(4,1) column), or undefined unless health_profiles_bmi_range holds. */
export function parseBmi(value: string): number | undefined {
  return inRange(roundedToTenths(value), BMI_RANGE);
}

export interface BodyMeasurementValues {
  readonly heightCm: string;
  readonly weightKg: string;
}

/** Height and weight are optional helpers for working out the BMI; each is checked only once typed in. */
export function validateBodyMeasurements(values: BodyMeasurementValues): FieldErrors<BodyMeasurementValues> {
  return withoutEmpty<BodyMeasurementValues>({
    heightCm:
      isBlank(values.heightCm) || inRange(parseDecimal(values.heightCm), HEIGHT_CM_RANGE) !== undefined
        ? undefined
        : MESSAGES.invalidHeight,
    weightKg:
      isBlank(values.weightKg) || inRange(parseDecimal(values.weightKg), WEIGHT_KG_RANGE) !== undefined
        ? undefined
        : MESSAGES.invalidWeight,
  });
}

/** BMI = weight (kg) / height (m)², to one decimal; undefined unless both are valid and the result is a sane BMI. */
export function computeBmi(values: BodyMeasurementValues): number | undefined {
  const heightCm = inRange(parseDecimal(values.heightCm), HEIGHT_CM_RANGE);
  const weightKg = inRange(parseDecimal(values.weightKg), WEIGHT_KG_RANGE);
  if (heightCm === undefined || weightKg === undefined) return undefined;
  const bmi = Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;
  return inRange(bmi, BMI_RANGE);
}

export function validateHealthProfile(values: HealthProfileValues): FieldErrors<HealthProfileValues> {
  return withoutEmpty<HealthProfileValues>({
    genotype: COLUMN_RULES.health_profiles_genotype_values.accepts(values.genotype)
      ? undefined
      : MESSAGES.invalidGenotype,
    bloodGroup: COLUMN_RULES.health_profiles_blood_group_values.accepts(values.bloodGroup)
      ? undefined
      : MESSAGES.invalidBloodGroup,
    disabled: values.disabled === 'yes' || values.disabled === 'no' ? undefined : MESSAGES.chooseDisabled,
    allergies: columnError(COLUMN_RULES.health_profiles_allergies_length, values.allergies),
    bmi: parseBmi(values.bmi) === undefined ? MESSAGES.invalidBmi : undefined,
  });
}

/** What a student fills in to book; the patient's name and registration number come from their profile. */
interface AppointmentBookingValues {
  readonly date: string;
  readonly department: string;
  readonly year: string;
  readonly reason: string;
}

/** The spec shows one message for the whole booking form when any field is missing. */
export function validateAppointmentBooking(values: AppointmentBookingValues): FieldErrors<AppointmentBookingValues> {
  const missing = (Object.keys(values) as Array<keyof AppointmentBookingValues>).filter((key) => isBlank(values[key]));
  const errors: FieldErrors<AppointmentBookingValues> = {};
  for (const key of missing) errors[key] = MESSAGES.fillAllCorrectly;
  const ruleErrors: FieldErrors<AppointmentBookingValues> = withoutEmpty<Omit<AppointmentBookingValues, 'date'>>({
    department: columnError(COLUMN_RULES.appointments_department_length, values.department),
    year: parseYearOfStudy(values.year) === undefined ? MESSAGES.invalidYear : undefined,
    reason: columnError(COLUMN_RULES.appointments_reason_format, values.reason),
  });
  return { ...ruleErrors, ...errors };
}

export interface ProgramValues {
  readonly title: string;
  readonly description: string;
  readonly date: string;
  readonly time: string;
  readonly location: string;
  readonly programType: string;
  readonly targetAudience: string;
  readonly activities: string;
}

export const PROGRAM_FIRST_STEP_FIELDS = ['title', 'description', 'date', 'time'] as const satisfies ReadonlyArray<
  keyof ProgramValues
>;

/** The programs_*_length constraints, by the wizard's field names. */
const PROGRAM_COLUMN_RULES = {
  title: COLUMN_RULES.programs_title_length,
  description: COLUMN_RULES.programs_description_length,
  location: COLUMN_RULES.programs_location_length,
  programType: COLUMN_RULES.programs_program_type_length,
  targetAudience: COLUMN_RULES.programs_target_audience_length,
  activities: COLUMN_RULES.programs_activities_length,
} as const satisfies Partial<Record<keyof ProgramValues, ColumnRule>>;

/** The database's words (programs_date_guard) for a program dated before today. */
export const PROGRAM_PAST_DATE_MESSAGE = 'A program cannot take place in the past: choose today or a later date';

/**
 * Every program field is required. With `dates`, a date before `today` (YYYY-MM-DD) is refused as the database does:
 * for new programs and date changes only, so an edited program that already took place may keep its `storedDate`.
 */
export function validateProgram(
  values: ProgramValues,
  dates?: { readonly today: string; readonly storedDate?: string },
): FieldErrors<ProgramValues> {
  const errors: FieldErrors<ProgramValues> = {};
  for (const key of Object.keys(values) as Array<keyof ProgramValues>) {
    if (isBlank(values[key])) errors[key] = MESSAGES.required;
  }
  for (const [key, rule] of Object.entries(PROGRAM_COLUMN_RULES) as Array<
    [keyof typeof PROGRAM_COLUMN_RULES, ColumnRule]
  >) {
    const message = errors[key] ?? columnError(rule, values[key]);
    if (message !== undefined) errors[key] = message;
  }
  if (dates && !errors.date && values.date < dates.today && values.date !== dates.storedDate)
    errors.date = PROGRAM_PAST_DATE_MESSAGE;
  return errors;
}

export interface PasswordChangeValues {
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<PasswordChangeValues> {
  return withoutEmpty<PasswordChangeValues>({
    currentPassword: isBlank(values.currentPassword) ? MESSAGES.required : undefined,
    newPassword: newPasswordError(values.newPassword),
    confirmPassword: values.confirmPassword !== values.newPassword ? MESSAGES.passwordsDoNotMatch : undefined,
  });
}

/** A form that asks for one address: an invitation, a new link. */
export interface EmailValues {
  readonly email: string;
}

export function validateEmail(values: EmailValues): FieldErrors<EmailValues> {
  return withoutEmpty<EmailValues>({ email: emailError(values.email) });
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
