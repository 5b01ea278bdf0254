import { type CampusCareClient, type PagedRows, unwrap } from '@campuscare/shared';
import type { VisitsChange } from '@campuscare/shared/scheduling';
import type { OverviewAppointment } from './appointmentsApi';

/** A booked visit staff must act on, as the database lists it, with why it cannot take place as booked. */
export interface VisitNeedingAction {
  /** The whole appointment, which the edit, reschedule and cancel dialogs act on. */
  readonly appointment: OverviewAppointment;
  /** The doctor as the database names them; null when none is assigned. */
  readonly doctorName: string | null;
  /** In words, e.g. "The clinic will be closed that day". */
  readonly problem: string;
}

interface ProblemRow {
  readonly id: string;
  readonly provider_name: string | null;
  readonly problem: string;
}

const APPOINTMENT_COLUMNS = '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name)';

interface PageRequest {
  /** 1-based. */
  readonly page: number;
  /** At most 100, as the database allows: the page's ids then fit one request's address. */
  readonly pageSize: number;
}

type PageRow = ProblemRow & { readonly total: number };

/** A page of the rows the database listed, each with its appointment; a visit no longer readable is left out. */
async function withAppointments(
  client: CampusCareClient,
  rows: readonly PageRow[],
): Promise<PagedRows<VisitNeedingAction>> {
  if (rows.length === 0) return { rows: [], total: 0 };
  const appointments = unwrap<OverviewAppointment[]>(
    await client
      .from('appointments')
      .select(APPOINTMENT_COLUMNS)
      .in(
        'id',
        rows.map((row) => row.id),
      ),
  );
  const byId = new Map(appointments.map((appointment) => [appointment.id, appointment]));
  return {
    rows: rows.flatMap((row) => {
      const appointment = byId.get(row.id);
      return appointment ? [{ appointment, doctorName: row.provider_name, problem: row.problem }] : [];
    }),
    total: rows[0].total,
  };
}

const pageArguments = ({ page, pageSize }: PageRequest) => ({
  page_size: pageSize,
  page_offset: (page - 1) * pageSize,
});

/** One page of the university's booked visits that cannot take place as booked, soonest first (admins only). */
export async function listVisitsNeedingADoctor(
  client: CampusCareClient,
  page: PageRequest,
): Promise<PagedRows<VisitNeedingAction>> {
  return withAppointments(client, unwrap(await client.rpc('visits_needing_a_doctor', pageArguments(page))));
}

/** One page of the booked visits `change` would leave without a doctor or outside the hours, were it saved now. */
export async function listVisitsAffectedBy(
  client: CampusCareClient,
  change: VisitsChange,
  page: PageRequest,
): Promise<PagedRows<VisitNeedingAction>> {
  return withAppointments(client, unwrap(await client.rpc('visits_affected_by', { change, ...pageArguments(page) })));
}
