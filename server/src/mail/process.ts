import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { supervise, type Supervised } from '../supervise';

/** `npm run worker`'s entry: the child runs exactly what a separate mail worker runs. */
const WORKER_ENTRY = join(__dirname, '..', 'worker.ts');

export interface MailProcessOptions {
  /** The database the gateway's admin pool uses. */
  databaseUrl: string;
  smtpUrl?: string;
  mailFrom?: string;
  logger: Logger;
  /** Where `--import tsx` is resolved from, as for `npm run worker`. */
  repoRoot: string;
}

/**
 * Outbox delivery and reminders for a gateway that delivers its own email: the mail worker runs as a child process,
 * so rendering, SMTP conversations and the outbox's queries never take turns with requests on the gateway's event
 * loop (on a machine with a second core they do not even share a core). Restarted if it dies; it exits when the
 * gateway does, even one killed without a chance to stop it.
 */
/** The supervised child: its pid (for tests that kill it) and how to stop it. */
export type MailProcess = Supervised;

export function startMailProcess({
  databaseUrl,
  smtpUrl,
  mailFrom,
  logger,
  repoRoot,
}: MailProcessOptions): MailProcess {
  const log = logger.child({ component: 'mail' });
  return supervise({
    name: 'mail worker',
    logger: log,
    launch: () => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: databaseUrl,
        EMAIL_DELIVERY: 'worker',
        LOG_LEVEL: logger.level,
      };
      delete env.SMTP_URL;
      delete env.MAIL_FROM;
      if (smtpUrl) env.SMTP_URL = smtpUrl;
      if (mailFrom) env.MAIL_FROM = mailFrom;
      return spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    },
    stopSignal: 'SIGTERM',
    forceSignal: 'SIGKILL',
    forceAfterMs: 10_000,
  });
}
