import type { Pool } from 'pg';

/** Looks behind the API (superuser pool) to pick seeded rows and to check what the doctor's clicks stored. */
export interface SeededAppointment {
  readonly id: string;
  readonly name: string;
  readonly date: Date;
  readonly studentId: string;
}

export function memberId(pool: Pool, email: string): Promise<string> {
  return pool.query<{ id: string }>('select id from public.members where email = $1', [email]).then(({ rows }) => {
    const row = rows[0];
    if (!row) throw new Error(`no member ${email}`);
    return row.id;
  });
}

/**
 * The doctor's scheduled appointments from today on, earliest first (the order of "My Appointments"), of students
 * who are not being seen right now, so a student's row is told apart by its status alone.
 */
export async function scheduledAppointmentsOf(pool: Pool, doctorEmail: string): Promise<SeededAppointment[]> {
  const { rows } = await pool.query<{ id: string; name: string; date: Date; student_id: string }>(
    `select a.id, a.name, a.date, a.student_id from public.appointments a
       join public.members d on d.id = a.provider_id
      where d.email = $1 and a.status = 'scheduled' and a.date >= date_trunc('day', now())
        and not exists (select 1 from public.appointments o where o.student_id = a.student_id and o.status = 'ongoing')
      order by a.date, a.id`,
    [doctorEmail],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, date: row.date, studentId: row.student_id }));
}

export async function appointmentRow(
  pool: Pool,
  id: string,
): Promise<{ status: string; date: Date; cancel_reason: string | null; provider_id: string | null }> {
  const { rows } = await pool.query(
    'select status, date, cancel_reason, provider_id from public.appointments where id = $1',
    [id],
  );
  if (!rows[0]) throw new Error(`no appointment ${id}`);
  return rows[0];
}

/** A moment as a `datetime-local` value on a clinic's clock: the staff dialogs show and take times in the clinic's zone. */
export function clinicDateTimeInput(moment: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The first day ('YYYY-MM-DD') at least `offset` days after the clinic's today whose ISO weekday is in `weekdays`. */
export async function clinicDay(
  pool: Pool,
  zone: string,
  offset: number,
  weekdays: readonly number[] = [1, 2, 3, 4, 5, 6, 7],
): Promise<string> {
  const { rows } = await pool.query<{ day: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day
       from generate_series((now() at time zone $1)::date + $2::integer, (now() at time zone $1)::date + $2::integer + 6, interval '1 day') d
      where extract(isodow from d) = any($3::int[]) order by d limit 1`,
    [zone, offset, weekdays],
  );
  if (!rows[0]) throw new Error(`no weekday ${weekdays.join(',')} within a week of day ${offset}`);
  return rows[0].day;
}

/** The moment a clinic wall-clock time names ('YYYY-MM-DD', 'HH:MM'), as PostgreSQL reads it. */
export async function clinicMoment(pool: Pool, zone: string, day: string, time: string): Promise<Date> {
  const { rows } = await pool.query<{ moment: Date }>('select ($1::timestamp at time zone $2) as moment', [
    `${day} ${time}`,
    zone,
  ]);
  return rows[0]!.moment;
}

/**
 * Moves a scheduled appointment to today on the clinic's calendar, clear of the doctor's visit in progress (the seed's
 * began ten minutes ago at the latest): a visit can be started only on its day. Forty minutes from now, or two hours ago when
 * forty minutes from now is already tomorrow at the clinic.
 */
export async function moveToClinicToday(pool: Pool, appointmentId: string, zone: string): Promise<Date> {
  const { rows } = await pool.query<{ date: Date }>(
    `update public.appointments set date = case
        when ((now() + interval '40 minutes') at time zone $2)::date = (now() at time zone $2)::date then date_trunc('minute', now()) + interval '40 minutes'
        else date_trunc('minute', now()) - interval '2 hours' end
      where id = $1 returning date`,
    [appointmentId, zone],
  );
  return rows[0]!.date;
}

/** "Tue, 24 Nov 2026": how every screen names a day ('YYYY-MM-DD'). */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(year!, month! - 1, date!)));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** "Tue, 24 Nov 2026, 09:30": how every screen shows a moment on a clinic's clock (the zone named beside it). */
export function clinicDateTimeText(moment: Date, zone: string): string {
  const [day, time] = clinicDateTimeInput(moment, zone).split('T');
  return `${dayText(day!)}, ${time}`;
}

/** A 1×1 PNG, enough for the storage service to accept as an image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Errors a test expects the browser to log: the API answers a refused request with an HTTP error status. */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter((message) => !message.startsWith('Failed to load resource'));
}
