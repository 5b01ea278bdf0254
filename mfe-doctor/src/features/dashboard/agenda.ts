import { addDays, dayInZone, formatDayRange, momentInZone, mondayOf } from '@campuscare/shared/scheduling';
import type { AgendaAppointment } from './agendaApi';

export type AgendaView = 'day' | 'week';

export interface AgendaDay {
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly day: string;
  /** Earliest first. */
  readonly appointments: readonly AgendaAppointment[];
}

/** The days the agenda shows around `anchor`: that day, or Monday to Sunday of its week. */
export function agendaDays(anchor: string, view: AgendaView): readonly string[] {
  if (view === 'day') return [anchor];
  const monday = mondayOf(anchor);
  return Array.from({ length: 7 }, (_unused, index) => addDays(monday, index));
}

/** The moments those days span on the clinic's clock: the first day's midnight to the midnight after the last. */
export function agendaBounds(days: readonly string[], zone: string): { readonly from: string; readonly to: string } {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) throw new Error('An agenda shows at least one day');
  return { from: momentInZone(first, '00:00', zone), to: momentInZone(addDays(last, 1), '00:00', zone) };
}

/** The anchor `steps` days (day view) or weeks (week view) away. */
export function shiftAnchor(anchor: string, view: AgendaView, steps: number): string {
  return addDays(anchor, view === 'day' ? steps : 7 * steps);
}

/** Each day's visits by start time; a visit belongs to the clinic's calendar day it starts on, whatever the browser's zone. */
export function groupByDay(
  appointments: readonly AgendaAppointment[],
  days: readonly string[],
  zone: string,
): readonly AgendaDay[] {
  const byStart = [...appointments].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return days.map((day) => ({
    day,
    appointments: byStart.filter((appointment) => dayInZone(appointment.date, zone) === day),
  }));
}

/** "Mon, 23 Nov 2026", or "Mon, 23 Nov 2026 – Sun, 29 Nov 2026" for a week. */
export function agendaTitle(days: readonly string[]): string {
  const first = days[0] ?? '';
  return formatDayRange(first, days[days.length - 1] ?? first);
}
