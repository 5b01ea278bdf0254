import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { startOutboxDelivery } from './outbox';
import { startReminderScheduler } from './reminders';
import { mailboxTransport, smtpTransport } from './transports';

export interface MailWorkerOptions {
  pool: Pool;
  /** SMTP server for outgoing email (env SMTP_URL); without it messages go to the local mailbox. */
  smtpUrl?: string;
  mailFrom?: string;
  logger: Logger;
}

export interface MailWorker {
  stop(): Promise<void>;
}

/**
 * Outbox delivery and the reminder scheduler: what `npm start` runs in-process and `npm run worker` runs on its own.
 * Both claim their rows in the database, so any number of them can run against one database and each email is sent
 * once.
 */
export function startMailWorker({ pool, smtpUrl, mailFrom, logger }: MailWorkerOptions): MailWorker {
  const log = logger.child({ component: 'mail' });
  const transport = smtpUrl
    ? smtpTransport(smtpUrl, mailFrom ?? 'CampusCare <no-reply@campuscare.local>')
    : mailboxTransport;
  const delivery = startOutboxDelivery({ pool, transport, logger: log });
  const reminders = startReminderScheduler({ pool, logger: log });
  return {
    async stop() {
      await Promise.all([delivery.stop(), reminders.stop()]);
    },
  };
}
