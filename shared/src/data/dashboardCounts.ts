import type { CampusCareClient } from '../supabase/client';
import { ApiError, unwrap } from './apiError';

/**
 * The numbers `dashboard_counts()` answers with. Which of them it sends depends on the caller's role (staff, students
 * and the booked visits that need a doctor for an admin, patients for a doctor), so one it leaves out reads 0.
 */
export interface DashboardCounts {
  readonly appointments: number;
  readonly programs: number;
  readonly staff: number;
  readonly students: number;
  readonly patients: number;
  readonly visits_needing_a_doctor: number;
}

/** The caller's dashboard numbers, refused as unreadable when the database answers with anything but an object. */
export async function fetchDashboardCounts(client: CampusCareClient): Promise<DashboardCounts> {
  const data = unwrap(await client.rpc('dashboard_counts'));
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new ApiError('The dashboard numbers could not be read. Please try again.');
  const countOf = (key: keyof DashboardCounts): number => {
    const value = data[key];
    return typeof value === 'number' ? value : 0;
  };
  return {
    appointments: countOf('appointments'),
    programs: countOf('programs'),
    staff: countOf('staff'),
    students: countOf('students'),
    patients: countOf('patients'),
    visits_needing_a_doctor: countOf('visits_needing_a_doctor'),
  };
}
