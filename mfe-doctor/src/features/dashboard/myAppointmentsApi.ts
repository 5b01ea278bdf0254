import {
  type CampusCareClient,
  type DashboardCounts,
  fetchDashboardCounts,
  type Member,
  type PagedRows,
  unwrap,
} from '@campuscare/shared';
import type { OverviewAppointment } from '@campuscare/shared/appointments';

type StudentContact = Pick<Member, 'email' | 'phone'>;
export type MyAppointment = OverviewAppointment & { readonly student: StudentContact | null };

interface MyAppointmentsQuery {
  readonly providerId: string;
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  /** ISO timestamp (the start of the clinic's today, so this morning's appointments still show); earlier ones are left out. */
  readonly from: string;
}

export type DoctorCounts = Pick<DashboardCounts, 'appointments' | 'programs' | 'patients'>;

const MY_APPOINTMENT_COLUMNS =
  '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name), student:members!appointments_student_id_fkey(email, phone)';

/** The doctor's appointments from `from` on, earliest first, one page at a time. */
export async function listMyAppointments(
  client: CampusCareClient,
  query: MyAppointmentsQuery,
): Promise<PagedRows<MyAppointment>> {
  const first = (query.page - 1) * query.pageSize;
  const result = await client
    .from('appointments')
    .select(MY_APPOINTMENT_COLUMNS, { count: 'exact' })
    .eq('provider_id', query.providerId)
    .gte('date', query.from)
    .order('date', { ascending: true })
    .order('id')
    .range(first, first + query.pageSize - 1);
  return { rows: unwrap(result), total: result.count ?? 0 };
}

export async function fetchDoctorCounts(client: CampusCareClient): Promise<DoctorCounts> {
  const { appointments, programs, patients } = await fetchDashboardCounts(client);
  return { appointments, programs, patients };
}

/** "email · phone" of the student, falling back to their department when staff cannot see contact details. */
export function contactInformation(appointment: MyAppointment): string {
  const parts = [appointment.student?.email, appointment.student?.phone].filter((part): part is string =>
    Boolean(part),
  );
  return parts.length > 0 ? parts.join(' · ') : appointment.department;
}
