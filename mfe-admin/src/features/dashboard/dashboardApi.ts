import { type CampusCareClient, type DashboardCounts, fetchDashboardCounts, unwrap } from '@campuscare/shared';

export type UniversityCounts = Pick<
  DashboardCounts,
  'appointments' | 'programs' | 'staff' | 'students' | 'visits_needing_a_doctor'
>;

export interface DayLoad {
  /** The clinic's calendar day, YYYY-MM-DD. */
  readonly day: string;
  readonly count: number;
}

export const CHART_DAYS = 14;

export async function fetchCounts(client: CampusCareClient): Promise<UniversityCounts> {
  const { appointments, programs, staff, students, visits_needing_a_doctor } = await fetchDashboardCounts(client);
  return { appointments, programs, staff, students, visits_needing_a_doctor };
}

/**
 * Active (scheduled or ongoing) appointments per day for `days` days from the clinic's today, counted by the database
 * on the clinic's calendar (fetching the rows would stop at PostgREST's 1,000-row cap).
 */
export async function fetchDailyLoad(client: CampusCareClient, days: number): Promise<DayLoad[]> {
  const rows = unwrap(await client.rpc('appointments_per_day', { days }));
  return rows.map((row) => ({ day: row.day, count: row.appointments }));
}
