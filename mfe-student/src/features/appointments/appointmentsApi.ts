import { getSupabase, type Appointment, type ProviderSummary } from '@campuscare/shared';

/** What the database said about a booking: done, or refused with a message meant for the student. */
export type BookingOutcome = { readonly ok: true; readonly appointment: Appointment } | { readonly ok: false; readonly message: string };

interface RpcResult {
  readonly data: unknown;
  readonly error: { readonly message: string } | null;
  /** 0 when no response arrived at all (supabase-js reports network failures this way instead of throwing). */
  readonly status: number;
}

/** A refusal from the backend becomes a message; no answer at all becomes an exception. */
function toOutcome(result: RpcResult): BookingOutcome {
  if (result.status === 0) throw new Error(result.error?.message ?? 'No response from the server');
  if (result.error) return { ok: false, message: result.error.message };
  return { ok: true, appointment: result.data as Appointment };
}

export interface BookingRequest {
  /** ISO timestamp of the start. */
  readonly date: string;
  readonly reason: string;
  readonly providerId?: string;
  readonly name: string;
  readonly department: string;
  readonly reg: string;
  readonly year: number;
}

export async function bookAppointment(request: BookingRequest): Promise<BookingOutcome> {
  const client = await getSupabase();
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

export type AppointmentPeriod = 'upcoming' | 'past';

export interface MyAppointmentPage {
  readonly rows: readonly Appointment[];
  readonly total: number;
}

/**
 * One page of the student's own appointments. "Upcoming" starts at the beginning of today, so today's visits
 * (also the one going on right now) stay in view; the past runs newest first.
 */
export async function listMyAppointments(studentId: string, period: AppointmentPeriod, page: number, pageSize: number, now: Date): Promise<MyAppointmentPage> {
  const client = await getSupabase();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
  const from = (page - 1) * pageSize;
  const query = client.from('appointments').select('*', { count: 'exact' }).eq('student_id', studentId);
  const ordered =
    period === 'upcoming'
      ? query.gte('date', startOfToday).order('date', { ascending: true })
      : query.lt('date', startOfToday).order('date', { ascending: false });
  const { data, error, count } = await ordered.range(from, from + pageSize - 1);
  if (error) throw new Error(error.message);
  return { rows: data, total: count ?? data.length };
}

/**
 * The university's doctors a student may ask for. Students cannot read staff rows in `members`; the staff
 * directory gives them the display columns only.
 */
export async function listClinicDoctors(): Promise<readonly ProviderSummary[]> {
  const client = await getSupabase();
  const { data, error } = await client
    .from('staff_directory')
    .select('id, title, first_name, last_name')
    .eq('role', 'doctor')
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true });
  if (error) throw new Error(error.message);
  return data.flatMap((doctor) => (doctor.id ? [{ id: doctor.id, title: doctor.title, first_name: doctor.first_name ?? '', last_name: doctor.last_name ?? '' }] : []));
}
