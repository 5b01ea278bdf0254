import type { Appointment, CampusCareClient, ProviderSummary } from '@campuscare/shared';

/** What the database said about a booking or a change: done, or refused with a message meant for the student. */
export type AppointmentOutcome = { readonly ok: true; readonly appointment: Appointment } | { readonly ok: false; readonly message: string };

interface RpcResult {
  readonly data: unknown;
  readonly error: { readonly message: string } | null;
  /** 0 when no response arrived at all (supabase-js reports network failures this way instead of throwing). */
  readonly status: number;
}

/**
 * A refusal from the backend becomes its message (the database words them for people); no answer at all becomes
 * an exception, so that the screen says the request failed instead of showing the library's error text.
 */
function toOutcome(result: RpcResult): AppointmentOutcome {
  if (result.status === 0) throw new Error(result.error?.message ?? 'No response from the server');
  if (result.error) return { ok: false, message: result.error.message };
  return { ok: true, appointment: result.data as Appointment };
}

export interface BookingRequest {
  /** ISO start of one of the free slots `available_slots` offered. */
  readonly date: string;
  readonly reason: string;
  /** The doctor asked for; absent for "first available", when the database assigns a free one. */
  readonly providerId?: string;
  readonly name: string;
  readonly department: string;
  readonly reg: string;
  readonly year: number;
}

/** Books through `book_appointment`, which refuses any time `available_slots` does not offer the student. */
export async function bookAppointment(client: CampusCareClient, request: BookingRequest): Promise<AppointmentOutcome> {
  return toOutcome(
    await client.rpc('book_appointment', {
      date: request.date,
      reason: request.reason,
      provider_id: request.providerId,
      name: request.name,
      department: request.department,
      reg: request.reg,
      year: request.year,
    }),
  );
}

/** What a student may change: the time (with the same doctor), or cancel with a reason. */
export type MyAppointmentChange = { readonly kind: 'reschedule'; readonly date: string } | { readonly kind: 'cancel'; readonly reason: string };

/**
 * Reschedules or cancels one of the student's appointments through `update_appointment`; the database refuses a time
 * that is not free and any change after the clinic's cutoff.
 */
export async function changeMyAppointment(client: CampusCareClient, change: MyAppointmentChange & { readonly id: string }): Promise<AppointmentOutcome> {
  const args = change.kind === 'reschedule' ? { id: change.id, date: change.date } : { id: change.id, status: 'cancelled', cancel_reason: change.reason };
  return toOutcome(await client.rpc('update_appointment', args));
}

export type AppointmentPeriod = 'upcoming' | 'past';

export interface MyAppointmentQuery {
  readonly studentId: string;
  readonly period: AppointmentPeriod;
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  readonly now: Date;
}

export interface MyAppointmentPage {
  readonly rows: readonly Appointment[];
  readonly total: number;
}

/**
 * PostgREST filters (inside `or=(…)`) that split the student's appointments in two. Upcoming: the visit going on now
 * and the scheduled ones still ahead, soonest first. Past: everything else — completed, cancelled, and a scheduled
 * visit whose time has gone by — latest first. The moment is quoted because it holds PostgREST's reserved `.` and `:`.
 */
export function periodFilter(period: AppointmentPeriod, now: Date): string {
  const moment = `"${now.toISOString()}"`;
  return period === 'upcoming' ? `status.eq.ongoing,and(status.eq.scheduled,date.gte.${moment})` : `status.in.(completed,cancelled),and(status.eq.scheduled,date.lt.${moment})`;
}

/** One page of the student's own appointments of one period, filtered, ordered and counted on the server. */
export async function listMyAppointments(client: CampusCareClient, query: MyAppointmentQuery): Promise<MyAppointmentPage> {
  const from = (query.page - 1) * query.pageSize;
  const { data, error, count } = await client
    .from('appointments')
    .select('*', { count: 'exact' })
    .eq('student_id', query.studentId)
    .or(periodFilter(query.period, query.now))
    .order('date', { ascending: query.period === 'upcoming' })
    .order('id')
    .range(from, from + query.pageSize - 1);
  if (error) throw new Error(error.message);
  return { rows: data, total: count ?? data.length };
}

/**
 * The university's doctors a student may ask for. Students cannot read staff rows in `members`; the staff
 * directory gives them the display columns of active staff only.
 */
export async function listClinicDoctors(client: CampusCareClient): Promise<readonly ProviderSummary[]> {
  const { data, error } = await client
    .from('staff_directory')
    .select('id, title, first_name, last_name')
    .eq('role', 'doctor')
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true });
  if (error) throw new Error(error.message);
  return data.flatMap((doctor) => (doctor.id ? [{ id: doctor.id, title: doctor.title, first_name: doctor.first_name ?? '', last_name: doctor.last_name ?? '' }] : []));
}
