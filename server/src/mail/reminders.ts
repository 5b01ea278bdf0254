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
 * it as well never send one twice. A visit it cannot remind of is skipped with a warning naming it, which is logged
 * here as a warning too (PostgreSQL's own log has it as well, where pg_cron runs the function).
 */
export function startReminderScheduler({ pool, logger, intervalMs = 60_000 }: ReminderSchedulerOptions) {
  const queueReminders = async (): Promise<number> => {
    const client = await pool.connect();
    const warn = (notice: { message?: string }) => logger.warn({ detail: notice.message }, 'appointment reminder skipped');
    client.on('notice', warn);
    try {
      const { rows } = await client.query<{ queued: number }>('select private.queue_appointment_reminders() as queued');
      const queued = rows[0].queued;
      if (queued > 0) logger.info({ queued }, 'appointment reminders queued');
      return queued;
    } finally {
      client.off('notice', warn);
      client.release();
    }
  };
  const polling = startPolling(queueReminders, intervalMs, (error) => logger.error({ err: error }, 'queueing appointment reminders failed'));

  return {
    /** Runs one pass now and says how many reminders it queued (tests use it instead of waiting for the timer). */
    queueNow: queueReminders,
    stop: () => polling.stop(),
  };
}
