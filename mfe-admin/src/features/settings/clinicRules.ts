import type { FieldErrors } from '@campuscare/shared';

/** The booking rules form: whole minutes typed as text, checked against the database's ranges. */
export interface BookingRulesValues {
  readonly timezone: string;
  readonly slotMinutes: string;
  readonly minNoticeMinutes: string;
  readonly studentChangeCutoffMinutes: string;
}

export const SLOT_MINUTES_RANGE = { min: 10, max: 240 } as const;
/** Notice and cutoff: up to two weeks. */
export const LEAD_MINUTES_RANGE = { min: 0, max: 20_160 } as const;

export function wholeMinutes(value: string, range: { readonly min: number; readonly max: number }): number | undefined {
  if (!/^\d+$/.test(value.trim())) return undefined;
  const minutes = Number(value.trim());
  return minutes >= range.min && minutes <= range.max ? minutes : undefined;
}

export function validateBookingRules(values: BookingRulesValues, knownZones: readonly string[]): FieldErrors<BookingRulesValues> {
  const errors: FieldErrors<BookingRulesValues> = {};
  if (!knownZones.includes(values.timezone)) errors.timezone = 'Choose a time zone from the list (for example Europe/London)';
  if (wholeMinutes(values.slotMinutes, SLOT_MINUTES_RANGE) === undefined) errors.slotMinutes = 'Slots last between 10 and 240 minutes';
  const leadRange = 'Enter whole minutes from 0 to 20160 (14 days)';
  if (wholeMinutes(values.minNoticeMinutes, LEAD_MINUTES_RANGE) === undefined) errors.minNoticeMinutes = leadRange;
  if (wholeMinutes(values.studentChangeCutoffMinutes, LEAD_MINUTES_RANGE) === undefined) errors.studentChangeCutoffMinutes = leadRange;
  return errors;
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

export const CLOSURE_REASON_MAX_LENGTH = 200;
const LONGEST_CLOSURE_DAYS = 366;

export function validateClosure(values: ClosureValues, today: string): FieldErrors<ClosureValues> {
  const errors: FieldErrors<ClosureValues> = {};
  if (values.firstDay === '') errors.firstDay = 'Choose the first day';
  if (values.lastDay === '') errors.lastDay = 'Choose the last day';
  else if (values.firstDay !== '' && values.lastDay < values.firstDay) errors.lastDay = 'The last day must be on or after the first day';
  else if (values.lastDay < today) errors.lastDay = 'This closure would already be over';
  else if (values.firstDay !== '' && (Date.parse(values.lastDay) - Date.parse(values.firstDay)) / 86_400_000 > LONGEST_CLOSURE_DAYS) {
    errors.lastDay = 'A closure can last at most a year';
  }
  const reason = values.reason.trim();
  if (reason === '') errors.reason = 'Say why the clinic is closed';
  else if (reason.length > CLOSURE_REASON_MAX_LENGTH) errors.reason = `Give a reason of at most ${CLOSURE_REASON_MAX_LENGTH} characters`;
  return errors;
}
