import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { startPolling } from './poll';

export interface ReminderSchedulerOptions {
  /** A superuser pool: the reminder functions are executable by no API role. */
  pool: Pool;
  logger: Logger;
  intervalMs?: number;
}

/** One kind of reminder: the database function that queues it, and how the log names what it does. */
interface ReminderPass {
  sql: string;
  queued: string;
  skipped: string;
  failed: string;
}

const PASSES: ReminderPass[] = [
  {
    sql: 'select private.queue_appointment_reminders() as queued',
    queued: 'appointment reminders queued',
    skipped: 'appointment reminder skipped',
    failed: 'queueing appointment reminders failed',
  },
  {
    sql: 'select private.queue_immunization_reminders() as queued',
    queued: 'immunization reminders queued',
    skipped: 'immunization reminders skipped',
    failed: 'queueing immunization reminders failed',
  },
];

/**
 * Queues the 24-hour appointment reminders (`private.queue_appointment_reminders()`) and the immunization reminders
 * (`private.queue_immunization_reminders()`) every minute; the outbox delivery sends them. Each function queues each
 * reminder once, so several gateway processes, restarts or a pg_cron job running them as well never send one twice.
 * What a function cannot remind of (a visit, a university) it skips with a warning naming it, which is logged here as a
 * warning too (PostgreSQL's own log has it as well, where pg_cron runs the function). One kind failing does not keep
 * the other from running.
 */
export function startReminderScheduler({ pool, logger, intervalMs = 60_000 }: ReminderSchedulerOptions) {
  const runPass = async (pass: ReminderPass): Promise<number> => {
    const client = await pool.connect();
    const warn = (notice: { message?: string }) => logger.warn({ detail: notice.message }, pass.skipped);
    client.on('notice', warn);
    try {
      const { rows } = await client.query<{ queued: number }>(pass.sql);
      const queued = rows[0].queued;
      if (queued > 0) logger.info({ queued }, pass.queued);
      return queued;
    } finally {
      client.off('notice', warn);
      client.release();
    }
  };
  const queueReminders = async (): Promise<number> => {
    let queued = 0;
    for (const pass of PASSES) {
      try {
        queued += await runPass(pass);
      } catch (error) {
        logger.error({ err: error }, pass.failed);
      }
    }
    return queued;
  };
  const polling = startPolling(queueReminders, intervalMs, (error) =>
    logger.error({ err: error }, 'queueing reminders failed'),
  );

  return {
    /** Runs one pass of every kind now and says how many reminders it queued (tests use it instead of waiting for the timer). */
    queueNow: queueReminders,
    stop: () => polling.stop(),
  };
}
