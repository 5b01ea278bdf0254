import type { Appointment, ClinicClosure, ClinicSettings } from '@campuscare/shared';
import {
  addDays,
  type Clinic,
  closureOn,
  dayInZone,
  describeMinutes,
  formatDay,
  formatDayRange,
  isoWeekday,
  timeInZone,
  weekdayName,
} from '@campuscare/shared/scheduling';

/**
 * The clinic's calendar as the booking screens explain it, read from the clinic the database holds (time zone,
 * opening days, closures, cutoff). Which times are free is the database's to say (`available_slots`); these only let
 * the screens say why a day offers nothing, without asking.
 */

/** The first and last day ('YYYY-MM-DD' in the clinic's zone) a student may pick: today to a year ahead, as the database offers slots. */
export function bookableDays(zone: string, now: Date): { readonly first: string; readonly last: string } {
  const today = dayInZone(now, zone);
  const [year, month, date] = today.split('-');
  return { first: today, last: addDays(`${Number(year) + 1}-${month}-${date}`, -1) };
}

/** "Monday to Friday", "Monday, Wednesday and Friday": the weekdays the clinic opens. */
export function openWeekdays(clinic: Clinic): string {
  const weekdays = clinic.hours.map((row) => row.weekday).sort((a, b) => a - b);
  if (weekdays.length === 0) return 'no days';
  const consecutive = weekdays.every((weekday, index) => index === 0 || weekday === weekdays[index - 1] + 1);
  if (consecutive && weekdays.length > 2)
    return `${weekdayName(weekdays[0])} to ${weekdayName(weekdays[weekdays.length - 1])}`;
  const names = weekdays.map(weekdayName);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Thu, 10 Dec 2026 (University holiday)", or a span of days. */
function describeClosure(closure: ClinicClosure): string {
  return `${formatDayRange(closure.starts_on, closure.ends_on)} (${closure.reason})`;
}

/** Why `day` cannot be picked (outside the bookable range, a closed weekday, a closure), or undefined when it may be. */
export function dayProblem(clinic: Clinic, day: string, now: Date): string | undefined {
  const { first, last } = bookableDays(clinic.settings.timezone, now);
  if (day < first) return 'That day has passed: choose today or a later day';
  if (day > last) return `Appointments can be booked up to a year ahead: choose a day until ${formatDay(last)}`;
  const closure = closureOn(clinic, day);
  if (closure) return `The clinic is closed on ${formatDay(day)} (${closure.reason}): choose another day`;
  if (!clinic.hours.some((row) => row.weekday === isoWeekday(day)))
    return `The clinic is closed on ${weekdayName(isoWeekday(day))}s: it is open ${openWeekdays(clinic)}`;
  return undefined;
}

/** "09:30 (America/New_York)": a slot's start on the clinic's clock, the zone named. */
export function slotLabel(startsAt: string, zone: string): string {
  return `${timeInZone(startsAt, zone)} (${zone})`;
}

/**
 * "Please call the clinic on +1 212 555 0100 to change this one.": how to reach the clinic, in the database's words
 * (`private.clinic_contact_request`): its phone first, else its email, else the clinic itself.
 */
export function clinicContactRequest(settings: Pick<ClinicSettings, 'phone' | 'email'>, request: string): string {
  if (settings.phone !== null) return `Please call the clinic on ${settings.phone} ${request}.`;
  if (settings.email !== null) return `Please email the clinic at ${settings.email} ${request}.`;
  return `Please call the clinic ${request}.`;
}

/** The database's own words for a change after the cutoff, said before the student tries. */
export function changeCutoffMessage(clinic: Clinic): string {
  return `Appointments can be cancelled or moved up to ${describeMinutes(clinic.settings.student_change_cutoff_minutes)} before they start. ${clinicContactRequest(clinic.settings, 'to change this one')}`;
}

/** Whether a visit starting at `startsAt` is too close (or past) for the student to cancel or move it. */
export function isPastChangeCutoff(clinic: Clinic, startsAt: string, now: Date): boolean {
  return new Date(startsAt).getTime() < now.getTime() + clinic.settings.student_change_cutoff_minutes * 60_000;
}

/**
 * Whether the student may still undo a booking they have just made, cutoff or not: for the clinic's grace period after
 * it was made, while its visit has not begun (the database's rule, `private.appointments_schedule_guard`). Only a
 * cancellation: a move inside the cutoff stays the clinic's.
 */
export function isInBookingGrace(
  clinic: Clinic,
  appointment: Pick<Appointment, 'date' | 'created_at'>,
  now: Date,
): boolean {
  return (
    new Date(appointment.date).getTime() > now.getTime() &&
    new Date(appointment.created_at).getTime() > now.getTime() - clinic.settings.booking_grace_minutes * 60_000
  );
}

/** How many closures the date hint names; more would bury it. */
const CLOSURES_NAMED = 3;

/** "Open Monday to Friday; closed Thu, 10 Dec 2026 (University holiday).": the days a student can expect no free times. */
export function openingSummary(clinic: Clinic, from: string): string {
  const open = `Open ${openWeekdays(clinic)}`;
  const closures = clinic.closures
    .filter((closure) => closure.ends_on >= from)
    .slice(0, CLOSURES_NAMED)
    .map(describeClosure);
  return closures.length === 0 ? `${open}.` : `${open}; closed ${closures.join(', ')}.`;
}
