import { ApiError, type CampusCareClient, type Json, unwrap } from '@campuscare/shared';

export interface UniversityCounts {
  readonly appointments: number;
  readonly programs: number;
  readonly staff: number;
  readonly students: number;
}

export interface DayLoad {
  /** The clinic's calendar day, YYYY-MM-DD. */
  readonly day: string;
  readonly count: number;
}

export const CHART_DAYS = 14;

function countOf(counts: { readonly [key: string]: Json | undefined }, key: keyof UniversityCounts): number {
  const value = counts[key];
  return typeof value === 'number' ? value : 0;
}

export async function fetchCounts(client: CampusCareClient): Promise<UniversityCounts> {
  const data = unwrap(await client.rpc('dashboard_counts'));
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ApiError('The dashboard numbers could not be read. Please try again.');
  return { appointments: countOf(data, 'appointments'), programs: countOf(data, 'programs'), staff: countOf(data, 'staff'), students: countOf(data, 'students') };
}

/**
 * Active (scheduled or ongoing) appointments per day for `days` days from the clinic's today, counted by the database
 * on the clinic's calendar (fetching the rows would stop at PostgREST's 1,000-row cap).
 */
export async function fetchDailyLoad(client: CampusCareClient, days: number): Promise<DayLoad[]> {
  const rows = unwrap(await client.rpc('appointments_per_day', { days }));
  return rows.map((row) => ({ day: row.day, count: row.appointments }));
}
