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

export async function appointmentRow(pool: Pool, id: string): Promise<{ status: string; date: Date; cancel_reason: string | null; provider_id: string | null }> {
  const { rows } = await pool.query('select status, date, cancel_reason, provider_id from public.appointments where id = $1', [id]);
  if (!rows[0]) throw new Error(`no appointment ${id}`);
  return rows[0];
}

/** A `datetime-local` input value in the browser's (this machine's) time zone. */
export function dateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
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
