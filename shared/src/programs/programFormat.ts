import type { Program } from '@campuscare/shared';
import { formatShortDay } from '@campuscare/shared/scheduling';

const EXCERPT_LENGTH = 140;

export function programExcerpt(description: string): string {
  const text = description.trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…`;
}

/** "Mon, 5 Jan 2026 · 10:00": the date is a calendar day, formatted as every other day in the app. */
export function programWhen(program: Pick<Program, 'date' | 'time'>): string {
  const date = formatShortDay(program.date);
  return program.time ? `${date} · ${program.time.slice(0, 5)}` : date;
}
