/**
 * When the clinic sees students: Monday to Friday, 08:00–17:00 local time, in 30-minute appointments.
 * Bookable: the remaining slots of today and any weekday up to a year ahead (the database refuses past
 * times and anything further than a year, whatever the form offers).
 */
export const CLINIC_OPENS_AT_MINUTES = 8 * 60;
export const CLINIC_CLOSES_AT_MINUTES = 17 * 60;
export const APPOINTMENT_MINUTES = 30;
export const CLINIC_CLOSED_MESSAGE = 'The clinic is open Monday to Friday: choose a weekday';
export const SLOT_PASSED_MESSAGE = 'That time has already passed: choose a later time';

/** "HH:MM" start times of every slot of a clinic day. */
export const CLINIC_SLOTS: readonly string[] = Array.from(
  { length: (CLINIC_CLOSES_AT_MINUTES - CLINIC_OPENS_AT_MINUTES) / APPOINTMENT_MINUTES },
  (_, index) => {
    const minutes = CLINIC_OPENS_AT_MINUTES + index * APPOINTMENT_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  },
);

const pad = (value: number): string => String(value).padStart(2, '0');

/** A local calendar day as the value of an `<input type="date">`. */
export function toDateInputValue(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The local time of a Date as a slot value ("HH:MM"). */
export function toTimeValue(moment: Date): string {
  return `${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/** The local moment of a date input value and a slot; undefined when either is not well formed. */
export function slotStart(date: string, time: string): Date | undefined {
  const dateParts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeParts = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateParts || !timeParts) return undefined;
  const [, year, month, day] = dateParts.map(Number);
  const [, hours, minutes] = timeParts.map(Number);
  const start = new Date(year, month - 1, day, hours, minutes);
  return start.getDate() === day && start.getMonth() === month - 1 ? start : undefined;
}

export function isClinicDay(date: string): boolean {
  const day = slotStart(date, '00:00')?.getDay();
  return day !== undefined && day !== 0 && day !== 6;
}

/** The slots of `date` a student can still book at `now`: none on weekends, only later ones today. */
export function availableSlots(date: string, now: Date): readonly string[] {
  if (!isClinicDay(date)) return [];
  return CLINIC_SLOTS.filter((slot) => {
    const start = slotStart(date, slot);
    return start !== undefined && start.getTime() > now.getTime();
  });
}

/** The first and last day the date picker offers: today and a year from today. */
export function bookableDateRange(now: Date): { readonly min: string; readonly max: string } {
  const lastDay = new Date(now.getFullYear() + 1, now.getMonth(), now.getDate() - 1);
  return { min: toDateInputValue(now), max: toDateInputValue(lastDay) };
}

/** Why a chosen date and time cannot be booked, or undefined when it can (both must be filled in first). */
export function slotError(date: string, time: string, now: Date): string | undefined {
  if (!isClinicDay(date)) return CLINIC_CLOSED_MESSAGE;
  if (!availableSlots(date, now).includes(time)) return SLOT_PASSED_MESSAGE;
  return undefined;
}
