import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { inTransaction } from '../postgres/database';
import { startPolling } from './poll';
import type { MailTransport, OutboxMessage } from './transports';

export interface OutboxDeliveryOptions {
  pool: Pool;
  transport: MailTransport;
  logger: Logger;
  pollIntervalMs?: number;
}

const BATCH_SIZE = 20;
export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at an hour: a mail server that is down for a while is not hammered. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);
}

/**
 * Delivers `email_outbox` rows written by the database (invitations, recovery links, appointment notices). Rows are
 * claimed with `for update skip locked`, so several gateway processes can share one database without sending a message
 * twice.
 */
export function startOutboxDelivery({ pool, transport, logger, pollIntervalMs = 2000 }: OutboxDeliveryOptions) {
  const deliverBatch = (): Promise<number> =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query<OutboxMessage>(
        `select id::text, to_email, subject, body, calendar, attempts from public.email_outbox
          where sent_at is null and next_attempt_at <= now() and attempts < $1
          order by id limit $2 for update skip locked`,
        [MAX_ATTEMPTS, BATCH_SIZE],
      );
      for (const message of rows) {
        try {
          await transport.send(message);
          await client.query('update public.email_outbox set sent_at = now(), delivered_via = $2, last_error = null where id = $1', [
            message.id,
            transport.name,
          ]);
        } catch (error) {
          const attempts = message.attempts + 1;
          logger.warn({ err: error, outboxId: message.id, attempts }, 'email delivery failed; will retry');
          await client.query(
            `update public.email_outbox set attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
              where id = $1`,
            [message.id, attempts, String(error).slice(0, 500), retryDelaySeconds(attempts)],
          );
        }
      }
      return rows.length;
    });

  const polling = startPolling(deliverBatch, pollIntervalMs, (error) => logger.error({ err: error }, 'email outbox delivery failed'));

  return {
    /** Runs one delivery pass now (tests use it instead of waiting for the poll). */
    deliverNow: () => deliverBatch(),
    stop: () => polling.stop(),
  };
}
