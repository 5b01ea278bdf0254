import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { startPolling } from './poll';
import type { MailTransport, OutboxMessage } from './transports';

export interface OutboxDeliveryOptions {
  pool: Pool;
  transport: MailTransport;
  logger: Logger;
  pollIntervalMs?: number;
}

const BATCH_SIZE = 100;
export const MAX_ATTEMPTS = 8;
/** How long a claimed message is left to its claimer before another process may try it (a process that died mid-batch). */
const CLAIM_LEASE_SECONDS = 300;

/** 30 s, 1 min, 2 min … capped at an hour: a mail server that is down for a while is not hammered. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);
}

interface FailedDelivery {
  id: string;
  attempts: number;
  error: string;
}

/**
 * Delivers `email_outbox` rows written by the database (invitations, recovery links, appointment notices). A batch is
 * three statements whatever its size: one claims up to BATCH_SIZE due rows (`for update skip locked`, leasing them so
 * several processes sharing one database never send a message twice), one marks those sent, one reschedules those that
 * failed. No transaction stays open while a mail server answers, and a busy outbox costs the API's event loop and the
 * database a few queries a batch rather than two per email.
 */
export function startOutboxDelivery({ pool, transport, logger, pollIntervalMs = 2000 }: OutboxDeliveryOptions) {
  const deliverBatch = async (): Promise<number> => {
    const { rows } = await pool.query<OutboxMessage>(
      `update public.email_outbox o set next_attempt_at = now() + make_interval(secs => $3)
        where o.id in (select d.id from public.email_outbox d
                        where d.sent_at is null and d.next_attempt_at <= now() and d.attempts < $1
                        order by d.id limit $2 for update skip locked)
        returning o.id::text, o.to_email, o.subject, o.body, o.calendar, o.attempts`,
      [MAX_ATTEMPTS, BATCH_SIZE, CLAIM_LEASE_SECONDS],
    );
    const sent: string[] = [];
    const failed: FailedDelivery[] = [];
    for (const message of rows) {
      try {
        await transport.send(message);
        sent.push(message.id);
      } catch (error) {
        const attempts = message.attempts + 1;
        logger.warn({ err: error, outboxId: message.id, attempts }, 'email delivery failed; will retry');
        failed.push({ id: message.id, attempts, error: String(error).slice(0, 500) });
      }
    }
    if (sent.length > 0) {
      await pool.query(
        'update public.email_outbox set sent_at = now(), delivered_via = $2, last_error = null where id = any($1::bigint[])',
        [sent, transport.name],
      );
    }
    if (failed.length > 0) {
      await pool.query(
        `update public.email_outbox o set attempts = f.attempts, last_error = f.error,
                next_attempt_at = now() + make_interval(secs => f.delay)
           from unnest($1::bigint[], $2::integer[], $3::text[], $4::integer[]) as f(id, attempts, error, delay)
          where o.id = f.id`,
        [
          failed.map((f) => f.id),
          failed.map((f) => f.attempts),
          failed.map((f) => f.error),
          failed.map((f) => retryDelaySeconds(f.attempts)),
        ],
      );
    }
    return rows.length;
  };

  const polling = startPolling(deliverBatch, pollIntervalMs, (error) =>
    logger.error({ err: error }, 'email outbox delivery failed'),
  );

  return {
    /** Runs one delivery pass now (tests use it instead of waiting for the poll). */
    deliverNow: () => deliverBatch(),
    stop: () => polling.stop(),
  };
}
