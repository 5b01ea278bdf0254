import type { Program } from '../database.types';

const EXCERPT_LENGTH = 140;

export function programExcerpt(description: string): string {
  const text = description.trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…`;
}

/** "Mon, 5 Jan 2026 · 10:00" — the date is a calendar day, so it is formatted without a time zone shift. */
export function programWhen(program: Pick<Program, 'date' | 'time'>): string {
  const [year, month, day] = program.date.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return program.time ? `${date} · ${program.time.slice(0, 5)}` : date;
}
