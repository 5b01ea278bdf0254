import type { CampusCareClient, Json } from '@campuscare/shared';

export interface UniversityCounts {
  readonly appointments: number;
  readonly programs: number;
  readonly staff: number;
  readonly students: number;
}

export interface DayLoad {
  /** Local calendar day, YYYY-MM-DD. */
  readonly day: string;
  readonly count: number;
}

export const CHART_DAYS = 14;

function countOf(counts: { readonly [key: string]: Json | undefined }, key: keyof UniversityCounts): number {
  const value = counts[key];
  return typeof value === 'number' ? value : 0;
}

export async function fetchCounts(client: CampusCareClient): Promise<UniversityCounts> {
  const { data, error } = await client.rpc('dashboard_counts');
  if (error) throw new Error(error.message);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('The dashboard numbers could not be read');
  return { appointments: countOf(data, 'appointments'), programs: countOf(data, 'programs'), staff: countOf(data, 'staff'), students: countOf(data, 'students') };
}

function dayKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Days from `start` (local midnight) on, each with no appointments yet. */
export function emptyDays(start: Date, days: number): DayLoad[] {
  return Array.from({ length: days }, (_, offset) => ({ day: dayKey(new Date(start.getFullYear(), start.getMonth(), start.getDate() + offset)), count: 0 }));
}

/** Counts appointment start times per local day into the given days; times outside them are ignored. */
export function countPerDay(days: readonly DayLoad[], startTimes: readonly string[]): DayLoad[] {
  const counts = new Map(days.map((day) => [day.day, 0]));
  for (const time of startTimes) {
    const key = dayKey(new Date(time));
    const current = counts.get(key);
    if (current !== undefined) counts.set(key, current + 1);
  }
  return days.map((day) => ({ day: day.day, count: counts.get(day.day) ?? 0 }));
}

/** Active (scheduled or ongoing) appointments per day for the coming `days` days, today included. */
export async function fetchDailyLoad(client: CampusCareClient, days: number = CHART_DAYS, now: Date = new Date()): Promise<DayLoad[]> {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const { data, error } = await client
    .from('appointments')
    .select('date')
    .in('status', ['scheduled', 'ongoing'])
    .gte('date', start.toISOString())
    .lt('date', end.toISOString());
  if (error) throw new Error(error.message);
  return countPerDay(
    emptyDays(start, days),
    (data ?? []).map((row) => row.date),
  );
}
