/**
 * The benchmark's bookings: they all go into a reserved window months ahead (dataset.ts BOOKING_WINDOW_START_DAYS), so
 * every measurement that books (closed loop, one gateway or two, open loop) can check them for double booking and
 * delete exactly them afterwards.
 */
import type { Pool } from 'pg';
import { inTransaction } from '../../server/src/postgres/database';
import { BOOKING_WINDOW_START_DAYS } from './dataset';
import type { ScenarioContext } from './scenarios';

export interface BookingCheck {
  /** No overlapping active appointments, of a student or of a doctor. */
  clean: boolean;
  /** What was booked and how many overlaps, for the console and the report. */
  summary: string;
}

/**
 * Bookings live only in the reserved window; deleting them (and their audit rows) leaves the dataset as loaded. So does
 * deleting the audit rows the patient chart writes on every opening (scenario patient-chart) and every email: the
 * loader writes no audit rows and no email, so every chart opening recorded here and every email is the benchmark's
 * (its bookings' and, with mail on, the reminders). The vacuum and the checkpoint
 * settle the database too: tens of thousands of deleted rows otherwise leave autovacuum and the checkpointer busy
 * through whatever is measured next (seen as p95 3× worse on PostgREST direct).
 */
export async function deleteBenchBookings(pool: Pool, context: ScenarioContext | undefined): Promise<void> {
  await inTransaction(pool, async (client) => {
    // No audit entry for removing benchmark rows. Replica mode skips foreign-key actions too, so the emails that name
    // the appointments are deleted here rather than left to `on delete set null`.
    await client.query('set local session_replication_role = replica');
    const windowStart = context?.bookingWindowStartIso ?? null;
    await client.query(
      `with gone as (
         delete from public.appointments
         where date >= coalesce($1::timestamptz, date_trunc('day', now()) + make_interval(days => $2 - 7))
         returning id
       ),
       gone_audit as (
         delete from public.audit_log l using gone where l.table_name = 'appointments' and l.record_id = gone.id
       ),
       gone_chart_reads as (
         delete from public.audit_log l
         where l.table_name = 'health_profiles' and l.action = 'read' and l.details ->> 'screen' = 'Patient chart'
       )
       delete from public.email_outbox`,
      [windowStart, BOOKING_WINDOW_START_DAYS],
    );
    // The dashboard counters are kept by triggers, which this delete bypassed.
    await client.query('select private.recount_dashboard_tallies()');
  });
  await pool.query(
    'vacuum (analyze) public.appointments, public.audit_log, public.email_outbox, private.dashboard_tallies',
  );
  await pool.query('checkpoint');
}

/** No student and no doctor may hold two overlapping active appointments among everything booked. */
export async function checkBookings(pool: Pool, context: ScenarioContext): Promise<BookingCheck> {
  const { rows } = await pool.query<{
    booked: string;
    student_overlaps: string;
    doctor_overlaps: string;
    emails_sent: string;
    emails_queued: string;
  }>(
    `with booked as (
       select id, student_id, provider_id, date, date + make_interval(mins => duration_minutes) as ends_at
       from public.appointments where date >= $1 and status in ('scheduled', 'ongoing')
     ),
     emails as (
       select o.sent_at from public.email_outbox o join booked b on b.id = o.appointment_id
     )
     select (select count(*) from booked) as booked,
            (select count(*) from emails where sent_at is not null) as emails_sent,
            (select count(*) from emails where sent_at is null) as emails_queued,
            (select count(*) from (select date, lag(ends_at) over (partition by student_id order by date) as previous_end
                                   from booked) s where previous_end > date) as student_overlaps,
            (select count(*) from (select date, lag(ends_at) over (partition by provider_id order by date) as previous_end
                                   from booked where provider_id is not null) d where previous_end > date) as doctor_overlaps`,
    [context.bookingWindowStartIso],
  );
  const { booked, student_overlaps: studentOverlaps, doctor_overlaps: doctorOverlaps } = rows[0];
  const clean = studentOverlaps === '0' && doctorOverlaps === '0';
  return {
    clean,
    summary:
      `${clean ? 'no double booking' : 'DOUBLE BOOKING FOUND'}: ${booked} appointments booked, ${studentOverlaps} student overlaps, ${doctorOverlaps} doctor overlaps; ` +
      `their emails: ${rows[0].emails_sent} delivered, ${rows[0].emails_queued} still queued`,
  };
}

/**
 * With mail on, the worker's first reminder pass would queue a reminder for every student the data has due for an
 * immunization (~85,000) and deliver them while requests are measured: a one-time burst, not the steady state of a
 * clinic that has been running. The reminders are queued here and marked delivered first, so the measurement sees the
 * worker's regular passes and the mail of its own bookings. They are deleted with the bookings afterwards.
 */
export async function settleReminderBacklog(pool: Pool): Promise<number> {
  await pool.query('select private.queue_appointment_reminders(), private.queue_immunization_reminders()');
  const { rowCount } = await pool.query(
    `update public.email_outbox set sent_at = now(), delivered_via = 'mailbox' where sent_at is null`,
  );
  return rowCount ?? 0;
}
