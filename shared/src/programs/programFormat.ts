import type { Program } from '@campuscare/shared';
import { formatDay, formatDayTime } from '@campuscare/shared/scheduling';

const EXCERPT_LENGTH = 140;

export function programExcerpt(description: string): string {
  const text = description.trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…`;
}

/** "Mon, 5 Jan 2026, 10:00", or the day alone: a calendar day and a time on the clinic's clock, as every other in the app. */
export function programWhen(program: Pick<Program, 'date' | 'time'>): string {
  return program.time ? formatDayTime(program.date, program.time) : formatDay(program.date);
}
