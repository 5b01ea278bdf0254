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
/** Ids per request for the appointments: 100 make a ~3.7 KB address, far below what the gateway accepts (16 KB). */
const IDS_PER_REQUEST = 100;

/** The rows the database listed, each with its appointment; a visit that is no longer readable is left out. */
async function withAppointments(client: CampusCareClient, rows: readonly ProblemRow[]): Promise<VisitNeedingAction[]> {
  if (rows.length === 0) return [];
  const batches: string[][] = [];
  for (let start = 0; start < rows.length; start += IDS_PER_REQUEST)
    batches.push(rows.slice(start, start + IDS_PER_REQUEST).map((row) => row.id));
  const appointments: readonly OverviewAppointment[] = (
    await Promise.all(
      batches.map(async (ids) =>
        unwrap<OverviewAppointment[]>(await client.from('appointments').select(APPOINTMENT_COLUMNS).in('id', ids)),
      ),
    )
  ).flat();
  const byId = new Map(appointments.map((appointment) => [appointment.id, appointment]));
  return rows.flatMap((row) => {
    const appointment = byId.get(row.id);
    return appointment ? [{ appointment, doctorName: row.provider_name, problem: row.problem }] : [];
  });
}

/** One page (1-based) of the university's booked visits that cannot take place as booked, soonest first (admins only). */
export async function listVisitsNeedingADoctor(
  client: CampusCareClient,
  { page, pageSize }: { readonly page: number; readonly pageSize: number },
): Promise<PagedRows<VisitNeedingAction>> {
  const rows = unwrap(
    await client.rpc('visits_needing_a_doctor', { page_size: pageSize, page_offset: (page - 1) * pageSize }),
  );
  return { rows: await withAppointments(client, rows), total: rows[0]?.total ?? 0 };
}

/** The booked visits `change` would leave without a doctor or outside the hours, were it saved now. */
export async function listVisitsAffectedBy(
  client: CampusCareClient,
  change: VisitsChange,
): Promise<VisitNeedingAction[]> {
  return withAppointments(client, unwrap(await client.rpc('visits_affected_by', { change })));
}
