import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { startPolling } from './poll';

export interface ReminderSchedulerOptions {
  /** A superuser pool: the reminder function is executable by no API role. */
  pool: Pool;
  logger: Logger;
  intervalMs?: number;
}

/**
 * Queues the 24-hour appointment reminders (`private.queue_appointment_reminders()`) every minute; the outbox delivery
 * sends them. The function queues each reminder once, so several gateway processes, restarts or a pg_cron job running
 * it as well never send one twice.
 */
export function startReminderScheduler({ pool, logger, intervalMs = 60_000 }: ReminderSchedulerOptions) {
  const queueReminders = async (): Promise<number> => {
    const { rows } = await pool.query<{ queued: number }>('select private.queue_appointment_reminders() as queued');
    const queued = rows[0].queued;
    if (queued > 0) logger.info({ queued }, 'appointment reminders queued');
    return queued;
  };
  const polling = startPolling(queueReminders, intervalMs, (error) => logger.error({ err: error }, 'queueing appointment reminders failed'));

  return {
    /** Runs one pass now and says how many reminders it queued (tests use it instead of waiting for the timer). */
    queueNow: queueReminders,
    stop: () => polling.stop(),
  };
}
