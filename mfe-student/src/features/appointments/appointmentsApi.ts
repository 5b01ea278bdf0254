import { type Appointment, type CampusCareClient, type PagedRows, unwrap } from '@campuscare/shared';

export interface BookingRequest {
  /** ISO start of one of the free slots `available_slots` offered for the type. */
  readonly date: string;
  /** One of the clinic's types the student may book, which sets the visit's length. */
  readonly appointmentTypeId: string;
  /** The student's own words about the visit, stored after the type's name; '' for none. */
  readonly details: string;
  /** The doctor asked for; absent for "first available", when the database assigns a free one. */
  readonly providerId?: string;
  readonly department: string;
  readonly year: number;
}

/**
 * Books through `book_appointment`, which refuses any time `available_slots` does not offer the student for the type.
 * The patient is the student as their profile names them: the database sets the name and registration number, and
 * the reason from the type and the words given.
 */
export async function bookAppointment(client: CampusCareClient, request: BookingRequest): Promise<Appointment> {
  const details = request.details.trim();
  return unwrap(
    await client.rpc('book_appointment', {
      date: request.date,
      appointment_type_id: request.appointmentTypeId,
      ...(details === '' ? {} : { reason: details }),
      provider_id: request.providerId,
      department: request.department,
      year: request.year,
    }),
  );
}

export type MyAppointmentPeriod = 'upcoming' | 'past';

export interface MyAppointmentQuery {
  readonly studentId: string;
  readonly period: MyAppointmentPeriod;
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  readonly now: Date;
}

/**
 * PostgREST filters (inside `or=(…)`) that split the student's appointments in two. Upcoming: the visit the student
 * is checked in for or being seen in now, and the scheduled ones still ahead, soonest first. Past: everything else —
 * completed, cancelled, missed (no-show), and a scheduled visit whose time has gone by — latest first. The moment is
 * quoted because it holds PostgREST's reserved `.` and `:`.
 */
export function periodFilter(period: MyAppointmentPeriod, now: Date): string {
  const moment = `"${now.toISOString()}"`;
  return period === 'upcoming'
    ? `status.in.(arrived,ongoing),and(status.eq.scheduled,date.gte.${moment})`
    : `status.in.(completed,cancelled,no_show),and(status.eq.scheduled,date.lt.${moment})`;
}

/** One page of the student's own appointments of one period, filtered, ordered and counted on the server. */
export async function listMyAppointments(
  client: CampusCareClient,
  query: MyAppointmentQuery,
): Promise<PagedRows<Appointment>> {
  const from = (query.page - 1) * query.pageSize;
  const result = await client
    .from('appointments')
    .select('*', { count: 'exact' })
    .eq('student_id', query.studentId)
    .or(periodFilter(query.period, query.now))
    .order('date', { ascending: query.period === 'upcoming' })
    .order('id')
    .range(from, from + query.pageSize - 1);
  const rows = unwrap(result);
  return { rows, total: result.count ?? rows.length };
}
