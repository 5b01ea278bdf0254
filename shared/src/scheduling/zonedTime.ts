/**
 * Dates and times as the clinic sees them: every slot is shown in the university's time zone, with the zone named,
 * whatever the browser's own zone is. Days are 'YYYY-MM-DD' keys in that zone.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** The clinic's calendar day of a moment: 'YYYY-MM-DD'. */
export function dayInZone(moment: Date | string, zone: string): string {
  const parts = partsIn(zone).formatToParts(new Date(moment));
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/** The clinic's wall-clock time of a moment: 'HH:MM' (24-hour). */
export function timeInZone(moment: Date | string, zone: string): string {
  const parts = partsIn(zone).formatToParts(new Date(moment));
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** A day key `days` after `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, date + days));
  return shifted.toISOString().slice(0, 10);
}

/** "Tuesday, 3 March 2026" for a day key. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** "Tue, 3 Mar 2026, 09:30 (America/New_York)": a moment in the clinic's zone, the zone named. */
export function formatInZone(moment: Date | string, zone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(moment));
  return `${when} (${zone})`;
}
