import { addDays, dayInZone, timeInZone } from './zonedTime';

/**
 * The other direction of zonedTime: from the clinic's wall clock (what staff type and read) to a moment, and the
 * calendar arithmetic of weeks. Days are 'YYYY-MM-DD' keys, times 'HH:MM', both in the clinic's zone.
 */

const MINUTE_MS = 60_000;

function wallClockAsUtc(day: string, time: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, date, hours, minutes);
}

/** How far `zone`'s wall clock is ahead of UTC at `instant` (milliseconds; negative west of Greenwich). */
function zoneOffsetAt(instant: number, zone: string): number {
  const wholeMinute = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  return wallClockAsUtc(dayInZone(new Date(wholeMinute), zone), timeInZone(new Date(wholeMinute), zone)) - wholeMinute;
}

/**
 * The moment (ISO) the clinic's clock shows `time` on `day` in `zone`. The offset is read twice because the first
 * guess can land on the other side of a daylight-saving change. A wall time the change skips (02:30 when clocks go
 * from 02:00 to 03:00) is read with the offset before the change, so it comes out as the later moment (03:30), the
 * time a clock that was put forward shows.
 */
export function momentInZone(day: string, time: string, zone: string): string {
  const wall = wallClockAsUtc(day, time);
  const firstGuess = wall - zoneOffsetAt(wall, zone);
  const secondGuess = wall - zoneOffsetAt(firstGuess, zone);
  const shows = (candidate: number) =>
    dayInZone(new Date(candidate), zone) === day && timeInZone(new Date(candidate), zone) === time;
  const moment = shows(secondGuess) ? secondGuess : shows(firstGuess) ? firstGuess : Math.max(firstGuess, secondGuess);
  return new Date(moment).toISOString();
}

/** A moment as the value of a `datetime-local` input that shows the clinic's wall clock: 'YYYY-MM-DDTHH:MM'. */
export function dateTimeInputInZone(moment: Date | string, zone: string): string {
  return `${dayInZone(moment, zone)}T${timeInZone(moment, zone)}`;
}

/** The moment (ISO) a `datetime-local` value names on the clinic's wall clock; null when it is not a full date and time. */
export function momentFromDateTimeInput(value: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? momentInZone(match[1], match[2], zone) : null;
}

/** ISO weekday of a day key: 1 = Monday … 7 = Sunday (the numbering of clinic_hours and doctor_hours). */
export function isoWeekday(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const sundayFirst = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}
