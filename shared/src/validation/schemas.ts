/**
 * Validation shared by the forms of all apps. Each validator returns the errors per field
 * (empty when the values are valid); the messages are the spec's where it has one.
 * The database and auth service enforce the same rules again: these only give early, inline feedback.
 */
export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

export function hasErrors<Values>(errors: FieldErrors<Values>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}

export const MESSAGES = {
  required: 'This field is required',
  fillAllRequired: 'Please fill in all required fields',
  fillAllCorrectly: 'Please fill in all the fields correctly',
  signInPasswordTooShort: 'Password should be at least 6 characters long',
  passwordRule: 'Password should include an uppercase, lowercase, and digits',
  passwordsDoNotMatch: 'New passwords do not match.',
  invalidEmail: 'Enter a valid email address',
  invalidPhone: 'Enter a valid phone number',
  invalidGenotype: 'Choose a genotype: AA, AS, AC, SS, SC or CC',
  invalidBloodGroup: 'Choose a blood group: A+, A-, B+, B-, AB+, AB-, O+ or O-',
  invalidBmi: 'BMI must be a number between 10 and 80',
  chooseDisabled: 'Choose Yes or No',
  allergiesTooLong: 'Allergies can be at most 1000 characters',
  invalidHeight: 'Height must be between 50 and 250 cm',
  invalidWeight: 'Weight must be between 2 and 400 kg',
  invalidYear: 'Year of study must be a whole number from 1 to 8',
  invalidRegNumber: 'Registration number: 2 to 30 letters, digits, /, ., _ or -, starting with a letter or digit',
  imagesOnly: 'Choose an image file',
} as const;

export const GENOTYPES = ['AA', 'AS', 'AC', 'SS', 'SC', 'CC'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const STAFF_TITLES = ['', 'Dr', 'Mr', 'Mrs', 'Miss'] as const;
export const APPOINTMENT_REASONS = ['Check-up', 'Malaria', 'Consultation', 'Vaccination'] as const;
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
export const NEW_PASSWORD_MIN_LENGTH = 10;
export const BMI_RANGE = { min: 10, max: 80 } as const;
export const HEIGHT_CM_RANGE = { min: 50, max: 250 } as const;
export const WEIGHT_KG_RANGE = { min: 2, max: 400 } as const;
export const ALLERGIES_MAX_LENGTH = 1000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()-]{7,20}$/;

const isBlank = (value: string): boolean => value.trim() === '';

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The rule for every new password: at least 10 characters with upper case, lower case and a digit. */
export function newPasswordError(password: string): string | undefined {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long`;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) return MESSAGES.passwordRule;
  return undefined;
}

function emailError(email: string): string | undefined {
  if (isBlank(email)) return MESSAGES.required;
  return isValidEmail(email) ? undefined : MESSAGES.invalidEmail;
}

function phoneError(phone: string): string | undefined {
  if (isBlank(phone)) return MESSAGES.required;
  return PHONE_PATTERN.test(phone.trim()) ? undefined : MESSAGES.invalidPhone;
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

export function validateUniversityRegistration(values: UniversityRegistrationValues): FieldErrors<UniversityRegistrationValues> {
  return withoutEmpty<UniversityRegistrationValues>({
    universityName: isBlank(values.universityName) ? MESSAGES.required : undefined,
    email: emailError(values.email),
    phone: phoneError(values.phone),
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

/** The database's limits (members_year_of_study_range, members_reg_number_format), so forms refuse what it would. */
export const YEAR_OF_STUDY_RANGE = { min: 1, max: 8 } as const;
export const YEARS_OF_STUDY: readonly string[] = Array.from(
  { length: YEAR_OF_STUDY_RANGE.max - YEAR_OF_STUDY_RANGE.min + 1 },
  (_, index) => String(YEAR_OF_STUDY_RANGE.min + index),
);
const REG_NUMBER_FORMAT = /^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$/;

export function parseYearOfStudy(value: string): number | undefined {
  const year = Number(value);
  return Number.isInteger(year) && year >= YEAR_OF_STUDY_RANGE.min && year <= YEAR_OF_STUDY_RANGE.max ? year : undefined;
}

export function regNumberError(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return REG_NUMBER_FORMAT.test(value.trim()) ? undefined : MESSAGES.invalidRegNumber;
}

export function validateStudentRegistration(values: StudentRegistrationValues): FieldErrors<StudentRegistrationValues> {
  return withoutEmpty<StudentRegistrationValues>({
    firstName: isBlank(values.firstName) ? MESSAGES.required : undefined,
    lastName: isBlank(values.lastName) ? MESSAGES.required : undefined,
    email: emailError(values.email),
    phone: phoneError(values.phone),
    regNumber: regNumberError(values.regNumber),
    department: isBlank(values.department) ? MESSAGES.required : undefined,
    yearOfStudy: parseYearOfStudy(values.yearOfStudy) === undefined ? MESSAGES.invalidYear : undefined,
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

/** The BMI as stored (one decimal, like the database's numeric(4,1)), or undefined when it is not a sane BMI. */
export function parseBmi(value: string): number | undefined {
  const bmi = inRange(parseDecimal(value), BMI_RANGE);
  return bmi === undefined ? undefined : Math.round(bmi * 10) / 10;
}

export interface BodyMeasurementValues {
  readonly heightCm: string;
  readonly weightKg: string;
}

/** Height and weight are optional helpers for working out the BMI; each is checked only once typed in. */
export function validateBodyMeasurements(values: BodyMeasurementValues): FieldErrors<BodyMeasurementValues> {
  return withoutEmpty<BodyMeasurementValues>({
    heightCm: isBlank(values.heightCm) || inRange(parseDecimal(values.heightCm), HEIGHT_CM_RANGE) !== undefined ? undefined : MESSAGES.invalidHeight,
    weightKg: isBlank(values.weightKg) || inRange(parseDecimal(values.weightKg), WEIGHT_KG_RANGE) !== undefined ? undefined : MESSAGES.invalidWeight,
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
    genotype: (GENOTYPES as readonly string[]).includes(values.genotype) ? undefined : MESSAGES.invalidGenotype,
    bloodGroup: (BLOOD_GROUPS as readonly string[]).includes(values.bloodGroup) ? undefined : MESSAGES.invalidBloodGroup,
    disabled: values.disabled === 'yes' || values.disabled === 'no' ? undefined : MESSAGES.chooseDisabled,
    allergies: values.allergies.trim().length > ALLERGIES_MAX_LENGTH ? MESSAGES.allergiesTooLong : undefined,
    bmi: parseBmi(values.bmi) === undefined ? MESSAGES.invalidBmi : undefined,
  });
}

export interface AppointmentBookingValues {
  readonly date: string;
  readonly name: string;
  readonly department: string;
  readonly reg: string;
  readonly year: string;
  readonly reason: string;
}

/** The spec shows one message for the whole booking form when any field is missing. */
export function validateAppointmentBooking(values: AppointmentBookingValues): FieldErrors<AppointmentBookingValues> {
  const missing = (Object.keys(values) as Array<keyof AppointmentBookingValues>).filter((key) => isBlank(values[key]));
  const errors: FieldErrors<AppointmentBookingValues> = {};
  for (const key of missing) errors[key] = MESSAGES.fillAllCorrectly;
  if (!missing.includes('year') && parseYearOfStudy(values.year) === undefined) errors.year = MESSAGES.invalidYear;
  return errors;
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

export const PROGRAM_FIRST_STEP_FIELDS = ['title', 'description', 'date', 'time'] as const satisfies ReadonlyArray<keyof ProgramValues>;

export function validateProgram(values: ProgramValues): FieldErrors<ProgramValues> {
  const errors: FieldErrors<ProgramValues> = {};
  for (const key of Object.keys(values) as Array<keyof ProgramValues>) {
    if (isBlank(values[key])) errors[key] = MESSAGES.required;
  }
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

export interface InvitationValues {
  readonly email: string;
}

export function validateInvitation(values: InvitationValues): FieldErrors<InvitationValues> {
  return withoutEmpty<InvitationValues>({ email: emailError(values.email) });
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
