import {
  type Appointment,
  type AppointmentStatus,
  type CampusCareClient,
  type Column,
  type Member,
  type Role,
  unwrap,
} from '@campuscare/shared';
import { dayInZone, formatDateTime } from '@campuscare/shared/scheduling';

export type ProviderSummary = Pick<Member, 'id' | 'title' | 'first_name' | 'last_name'>;
export type OverviewAppointment = Appointment & { readonly provider: ProviderSummary | null };

export const APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'scheduled',
  'arrived',
  'ongoing',
  'completed',
  'cancelled',
  'no_show',
];

export const STATUS_LABEL: Readonly<Record<AppointmentStatus, string>> = {
  scheduled: 'Scheduled',
  arrived: 'Arrived',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export type DateOrder = 'asc' | 'desc';

/** Upcoming: from the start of the clinic's today on; past: before it; all: every appointment. */
export type AppointmentPeriod = 'upcoming' | 'past' | 'all';

export interface AppointmentQuery {
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  /** Matches the student's name or registration number. */
  readonly search?: string;
  readonly status?: AppointmentStatus | null;
  readonly order?: DateOrder;
  /** Only this doctor's appointments. */
  readonly providerId?: string | null;
  /** With `from`: only the appointments of this period. */
  readonly period?: AppointmentPeriod;
  /** ISO moment where upcoming begins (the start of the clinic's today, so this morning's visits stay upcoming). */
  readonly from?: string;
}

interface AppointmentPage {
  readonly appointments: readonly OverviewAppointment[];
  readonly total: number;
}

const OVERVIEW_COLUMNS = '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name)';

/** A search term made safe for a PostgREST `or=(…)` filter: its reserved characters and wildcards are dropped. */
export function searchPattern(term: string): string | null {
  const cleaned = term
    .replace(/[,()"'\\:*%_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? null : `*${cleaned}*`;
}

/**
 * One page of the caller's university's appointments (RLS limits rows to it), searched and filtered on the server.
 * At university scale (a million rows) two things are kept off the table scan: a search goes through the
 * `search_appointments` RPC, which lets the trigram indexes find the matches, and the unfiltered list takes its total
 * from the dashboard counters (`appointments_total`) instead of counting every row.
 */
export async function listAppointments(client: CampusCareClient, query: AppointmentQuery): Promise<AppointmentPage> {
  const from = (query.page - 1) * query.pageSize;
  const term = query.search?.trim() ?? '';
  const period = query.from === undefined ? 'all' : (query.period ?? 'all');
  const narrowed = term !== '' || Boolean(query.status) || Boolean(query.providerId) || period !== 'all';
  let request =
    term !== ''
      ? client.rpc('search_appointments', { term }, { count: 'exact' }).select(OVERVIEW_COLUMNS)
      : client.from('appointments').select(OVERVIEW_COLUMNS, narrowed ? { count: 'exact' } : {});
  if (query.status) request = request.eq('status', query.status);
  if (query.providerId) request = request.eq('provider_id', query.providerId);
  if (query.from !== undefined && period === 'upcoming') request = request.gte('date', query.from);
  if (query.from !== undefined && period === 'past') request = request.lt('date', query.from);
  const [page, total] = await Promise.all([
    request
      .order('date', { ascending: (query.order ?? 'asc') === 'asc' })
      .order('id')
      .range(from, from + query.pageSize - 1),
    narrowed ? undefined : client.rpc('appointments_total'),
  ]);
  const appointments = unwrap(page) ?? [];
  return { appointments, total: total ? unwrap(total) : (page.count ?? 0) };
}

/**
 * Which doctors a list offers: every active doctor (staff assigning a visit, names of the doctors a student has seen),
 * or only those a student may book (`staff_directory.bookable`: past the forced password change, with a whole name).
 */
export type DoctorChoice = 'active' | 'bookable';

/**
 * The active doctors of the caller's university, for booking with and assigning appointments to. Read from the staff
 * directory, which every role may read: students may not read staff rows in `members`, and it shows display columns only.
 */
export async function listDoctors(
  client: CampusCareClient,
  choice: DoctorChoice = 'active',
): Promise<readonly ProviderSummary[]> {
  let request = client.from('staff_directory').select('id, title, first_name, last_name').eq('role', 'doctor');
  if (choice === 'bookable') request = request.eq('bookable', true);
  const doctors = unwrap(
    await request.order('last_name', { ascending: true }).order('first_name', { ascending: true }),
  );
  return doctors.flatMap((doctor) =>
    doctor.id
      ? [{ id: doctor.id, title: doctor.title, first_name: doctor.first_name ?? '', last_name: doctor.last_name ?? '' }]
      : [],
  );
}

export interface AppointmentChange {
  readonly id: string;
  readonly status?: AppointmentStatus;
  /** ISO timestamp. */
  readonly date?: string;
  readonly providerId?: string;
  readonly cancelReason?: string;
}

/** Changes an appointment through `update_appointment`, which enforces transitions and double booking. */
export async function updateAppointment(client: CampusCareClient, change: AppointmentChange): Promise<Appointment> {
  const result = await client.rpc('update_appointment', {
    id: change.id,
    ...(change.status ? { status: change.status } : {}),
    ...(change.date ? { date: change.date } : {}),
    ...(change.providerId ? { provider_id: change.providerId } : {}),
    ...(change.cancelReason ? { cancel_reason: change.cancelReason } : {}),
  });
  return unwrap(result);
}

/**
 * Where a staff member may move an appointment's status without cancelling it (cancelling has its own flow, and the
 * front desk's check-in and no-show theirs). Mirrors the database: only doctors start an appointment, booked or
 * checked in, which opens its visit; it is completed only by signing that visit (sign_visit), never by a status change.
 */
export function nextStatuses(status: AppointmentStatus, role: Role): readonly AppointmentStatus[] {
  if (role !== 'doctor') return [];
  if (status === 'scheduled' || status === 'arrived') return ['ongoing'];
  return [];
}

/** A visit is started on its day on the clinic's calendar, not before (the database refuses earlier). */
export function visitDayHasCome(appointmentDate: string, zone: string, now: Date = new Date()): boolean {
  return dayInZone(appointmentDate, zone) <= dayInZone(now, zone);
}

export function isActiveAppointment(status: AppointmentStatus): boolean {
  return status === 'scheduled' || status === 'arrived' || status === 'ongoing';
}

export function providerName(provider: ProviderSummary | null): string {
  if (!provider) return 'Unassigned';
  return [provider.title, provider.first_name, provider.last_name].filter(Boolean).join(' ');
}

/** An appointment table's "Date/time" column: the clinic's clock, its zone named in the heading. */
export function appointmentTimeColumn<Row extends Pick<Appointment, 'date'>>(zone: string): Column<Row> {
  return { key: 'date', header: `Date/time (${zone})`, render: (row) => formatDateTime(row.date, zone) };
}
