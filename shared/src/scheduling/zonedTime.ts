/**
 * The one module that turns dates, times and numbers into text (the lint keeps `toLocale*` and `Intl` formatters
 * here). Every time shown is the clinic's, read in the university's time zone whatever the browser's own zone is, and
 * the product has one date format ("Tue, 3 Mar 2026") and one date-time format ("Tue, 3 Mar 2026, 09:30", 24-hour),
 * with the zone named where a reader could doubt it. Days are 'YYYY-MM-DD' keys in the clinic's zone, times 'HH:MM'.
 */

const LOCALE = 'en-GB';
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/** A day key's names, read in UTC: a calendar day is the same day in every zone. */
const dayNames = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const counts = new Intl.NumberFormat(LOCALE);
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** The clinic's calendar day of a moment: 'YYYY-MM-DD'. */
export function dayInZone(moment: Date | string, zone: string): string {
  const parts = partsIn(zone).formatToParts(new Date(moment));
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/** The clinic's wall-clock time of a moment: 'HH:MM' (24-hour), the time format of the product. */
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

/**
 * "Tue, 3 Mar 2026": the date format of the product, for a day key (a longer value, such as an ISO moment, is read
 * by its first ten characters). Assembled from its parts, so it reads the same whatever punctuation the browser's
 * locale data puts between them.
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  const parts = dayNames.formatToParts(new Date(Date.UTC(year, month - 1, date)));
  return `${part(parts, 'weekday')}, ${part(parts, 'day')} ${part(parts, 'month')} ${part(parts, 'year')}`;
}

/** "Tue, 3 Mar 2026": the clinic's calendar day of a moment. */
export function formatDayOf(moment: Date | string, zone: string): string {
  return formatDay(dayInZone(moment, zone));
}

/** "Mon, 30 Nov 2026 – Tue, 1 Dec 2026", or the one day when both ends are the same. */
export function formatDayRange(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

/** "Tue, 3 Mar 2026, 09:30": a day key and a wall-clock time ('HH:MM', or 'HH:MM:SS' as the database keeps a time). */
export function formatDayTime(day: string, time: string): string {
  return `${formatDay(day)}, ${time.slice(0, 5)}`;
}

/**
 * "Tue, 3 Mar 2026, 09:30": a moment on the clinic's clock, the date-time format of the product; with `seconds`,
 * "Tue, 3 Mar 2026, 09:30:05" (the audit log's resolution). Name the zone near it, or use formatInZone.
 */
export function formatDateTime(
  moment: Date | string,
  zone: string,
  { seconds = false }: { readonly seconds?: boolean } = {},
): string {
  const at = new Date(moment);
  const text = formatDayTime(dayInZone(at, zone), timeInZone(at, zone));
  // Every zone in use is a whole number of minutes from UTC, so the seconds are UTC's.
  return seconds ? `${text}:${String(at.getUTCSeconds()).padStart(2, '0')}` : text;
}

/** "Tue, 3 Mar 2026, 09:30 (America/New_York)": a moment in the clinic's zone, the zone named. */
export function formatInZone(moment: Date | string, zone: string): string {
  return `${formatDateTime(moment, zone)} (${zone})`;
}

/** "1,234": a count as people read it. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** "36.5", "64": a measurement to one decimal at most, none when it is a zero. */
export function formatDecimal(value: number): string {
  return oneDecimal.format(value);
}
