import {
  CLINIC_LEAD_MINUTES_RANGE,
  CLINIC_SLOT_MINUTES_RANGE,
  COLUMN_RULES,
  columnError,
  type FieldErrors,
  storedValue,
} from '@campuscare/shared';

/**
 * The booking rules form: whole minutes typed as text, checked against the database's ranges. Fields are named as the
 * database's constraint rules name them, so a refusal lands on its field.
 */
export interface BookingRulesValues {
  readonly timezone: string;
  readonly slotMinutes: string;
  readonly noticeMinutes: string;
  readonly cutoffMinutes: string;
  readonly graceMinutes: string;
  readonly upcomingLimit: string;
  readonly dailyBookingLimit: string;
}

export const SLOT_MINUTES_RANGE = CLINIC_SLOT_MINUTES_RANGE;
/** Notice and cutoff: up to two weeks. */
export const LEAD_MINUTES_RANGE = CLINIC_LEAD_MINUTES_RANGE;

export function wholeMinutes(value: string, range: { readonly min: number; readonly max: number }): number | undefined {
  if (!/^\d+$/.test(value.trim())) return undefined;
  const minutes = Number(value.trim());
  return minutes >= range.min && minutes <= range.max ? minutes : undefined;
}

export function validateBookingRules(
  values: BookingRulesValues,
  knownZones: readonly string[],
): FieldErrors<BookingRulesValues> {
  const errors: FieldErrors<BookingRulesValues> = {};
  if (!knownZones.includes(values.timezone))
    errors.timezone = 'Choose a time zone from the list (for example Europe/London)';
  if (wholeMinutes(values.slotMinutes, SLOT_MINUTES_RANGE) === undefined)
    errors.slotMinutes = 'Slots last between 10 and 240 minutes';
  const leadRange = 'Enter whole minutes from 0 to 20160 (14 days)';
  if (wholeMinutes(values.noticeMinutes, LEAD_MINUTES_RANGE) === undefined) errors.noticeMinutes = leadRange;
  if (wholeMinutes(values.cutoffMinutes, LEAD_MINUTES_RANGE) === undefined) errors.cutoffMinutes = leadRange;
  const grace = columnError(COLUMN_RULES.clinic_settings_grace_range, values.graceMinutes);
  if (grace !== undefined) errors.graceMinutes = grace;
  const upcomingLimit = columnError(COLUMN_RULES.clinic_settings_student_upcoming_limit_range, values.upcomingLimit);
  if (upcomingLimit !== undefined) errors.upcomingLimit = upcomingLimit;
  const dailyBookingLimit = columnError(
    COLUMN_RULES.clinic_settings_student_daily_booking_limit_range,
    values.dailyBookingLimit,
  );
  if (dailyBookingLimit !== undefined) errors.dailyBookingLimit = dailyBookingLimit;
  return errors;
}

/** How students reach the clinic: each optional, and named wherever a student is told to contact the clinic. */
export interface ClinicContactValues {
  readonly phone: string;
  readonly email: string;
  readonly address: string;
}

const CONTACT_RULES = {
  phone: COLUMN_RULES.clinic_settings_phone_format,
  email: COLUMN_RULES.clinic_settings_email_format,
  address: COLUMN_RULES.clinic_settings_address_length,
} as const;

export const CLINIC_ADDRESS_MAX_LENGTH = COLUMN_RULES.clinic_settings_address_length.maxLength;

export function validateClinicContact(values: ClinicContactValues): FieldErrors<ClinicContactValues> {
  const errors: FieldErrors<ClinicContactValues> = {};
  for (const name of ['phone', 'email', 'address'] as const) {
    const error = columnError(CONTACT_RULES[name], values[name]);
    if (error !== undefined) errors[name] = error;
  }
  return errors;
}

/** The contact details as stored: trimmed, a blank one left out (NULL). */
export function storedClinicContact(values: ClinicContactValues): {
  readonly phone: string | null;
  readonly email: string | null;
  readonly address: string | null;
} {
  return {
    phone: storedValue(CONTACT_RULES.phone, values.phone),
    email: storedValue(CONTACT_RULES.email, values.email),
    address: storedValue(CONTACT_RULES.address, values.address),
  };
}

/** The zones the browser knows, with the stored one first if the browser does not list it (e.g. a legacy alias). */
export function timeZoneChoices(current: string): readonly string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

export interface ClosureValues {
  readonly firstDay: string;
  readonly lastDay: string;
  readonly reason: string;
}

export const CLOSURE_REASON_MAX_LENGTH = COLUMN_RULES.clinic_closures_reason_length.maxLength;
const LONGEST_CLOSURE_DAYS = 366;

export function validateClosure(values: ClosureValues, today: string): FieldErrors<ClosureValues> {
  const errors: FieldErrors<ClosureValues> = {};
  if (values.firstDay === '') errors.firstDay = 'Choose the first day';
  if (values.lastDay === '') errors.lastDay = 'Choose the last day';
  else if (values.firstDay !== '' && values.lastDay < values.firstDay)
    errors.lastDay = 'The last day must be on or after the first day';
  else if (values.lastDay < today) errors.lastDay = 'This closure would already be over';
  else if (
    values.firstDay !== '' &&
    (Date.parse(values.lastDay) - Date.parse(values.firstDay)) / 86_400_000 > LONGEST_CLOSURE_DAYS
  ) {
    errors.lastDay = 'A closure can last at most a year';
  }
  const reasonError =
    values.reason.trim() === ''
      ? 'Say why the clinic is closed'
      : columnError(COLUMN_RULES.clinic_closures_reason_length, values.reason);
  if (reasonError !== undefined) errors.reason = reasonError;
  return errors;
}
