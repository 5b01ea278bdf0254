import { COLUMN_RULES, columnError, type FieldErrors } from '@campuscare/shared';
import { momentInZone } from './wallClock';
import { addDays, dayInZone, formatDay, formatDayRange, formatDayTime, timeInZone } from './zonedTime';

/** The time-off form: whole days by default, or from a time on the first day until a time on the last. */
export interface TimeOffFormValues {
  readonly firstDay: string;
  readonly lastDay: string;
  readonly wholeDays: boolean;
  readonly from: string;
  readonly until: string;
  readonly reason: string;
}

export const TIME_OFF_REASON_MAX_LENGTH = COLUMN_RULES.doctor_time_off_reason_length.maxLength;
const LONGEST_SPAN_DAYS = 366;

/** The moments (ISO) the form means on the clinic's clock: whole days run from midnight to the midnight after the last. */
export function timeOffMoments(
  values: TimeOffFormValues,
  zone: string,
): { readonly startsAt: string; readonly endsAt: string } {
  return values.wholeDays
    ? {
        startsAt: momentInZone(values.firstDay, '00:00', zone),
        endsAt: momentInZone(addDays(values.lastDay, 1), '00:00', zone),
      }
    : {
        startsAt: momentInZone(values.firstDay, values.from, zone),
        endsAt: momentInZone(values.lastDay, values.until, zone),
      };
}

function daysBetween(first: string, last: string): number {
  return (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
}

/** What the database would refuse (order, a year at most, reason length), and time off that is already over. */
export function timeOffFormErrors(
  values: TimeOffFormValues,
  zone: string,
  now: Date = new Date(),
): FieldErrors<TimeOffFormValues> {
  const errors: FieldErrors<TimeOffFormValues> = {};
  if (values.firstDay === '') errors.firstDay = 'Choose the first day';
  if (values.lastDay === '') errors.lastDay = 'Choose the last day';
  else if (values.firstDay !== '' && values.lastDay < values.firstDay)
    errors.lastDay = 'The last day must be on or after the first day';
  else if (values.firstDay !== '' && daysBetween(values.firstDay, values.lastDay) >= LONGEST_SPAN_DAYS)
    errors.lastDay = 'Time off can last at most a year';
  if (!values.wholeDays) {
    if (values.from === '') errors.from = 'Choose the start time';
    if (values.until === '') errors.until = 'Choose the end time';
    else if (values.from !== '' && values.firstDay === values.lastDay && values.until <= values.from)
      errors.until = 'The end time must be after the start time';
  }
  const reasonError = columnError(COLUMN_RULES.doctor_time_off_reason_length, values.reason);
  if (reasonError !== undefined) errors.reason = reasonError;
  if (Object.keys(errors).length === 0 && Date.parse(timeOffMoments(values, zone).endsAt) <= now.getTime())
    errors.lastDay = 'This time off would already be over';
  return errors;
}

/** "Mon, 30 Nov 2026 – Tue, 1 Dec 2026", "Wed, 2 Dec 2026, 09:00–12:00": a stored entry on the clinic's clock. */
export function describeTimeOff(entry: { readonly starts_at: string; readonly ends_at: string }, zone: string): string {
  const startDay = dayInZone(entry.starts_at, zone);
  const startTime = timeInZone(entry.starts_at, zone);
  const endDay = dayInZone(entry.ends_at, zone);
  const endTime = timeInZone(entry.ends_at, zone);
  if (startTime === '00:00' && endTime === '00:00') {
    const lastDay = addDays(endDay, -1);
    return lastDay === startDay ? `${formatDay(startDay)} (all day)` : formatDayRange(startDay, lastDay);
  }
  if (startDay === endDay) return `${formatDay(startDay)}, ${startTime}–${endTime}`;
  return `${formatDayTime(startDay, startTime)} – ${formatDayTime(endDay, endTime)}`;
}
