import { readConfig, type ServerConfig } from './config';
import { createLogger } from './logger';
import { startMailWorker } from './mail/worker';
import { createAdminPool } from './postgres/database';
import { REPO_ROOT } from './stack';

/**
 * `npm run worker`: email_outbox delivery and appointment reminders on their own, for deployments whose gateways run
 * with EMAIL_DELIVERY=worker; a gateway that delivers its own email starts this as its child (mail/process.ts). Rows are claimed under row locks, so two workers (say, during a rolling restart) still
 * send each email once.
 */
function main(): void {
  const logger = createLogger();
  let config: ServerConfig;
  try {
    config = readConfig(process.env, REPO_ROOT);
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
  if (!config.databaseUrl) {
    logger.fatal('npm run worker needs DATABASE_URL: the embedded database of `npm start` delivers its email itself');
    process.exit(1);
  }
  const pool = createAdminPool(config.databaseUrl, logger.child({ component: 'postgres' }));
  const worker = startMailWorker({ pool, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, logger });
  logger.info({ smtp: Boolean(config.smtpUrl) }, 'mail worker started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await worker.stop();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by a gateway (mail/process.ts): its channel closes when that gateway ends, however it ended, perhaps
  // before this process got here.
  if (process.send) {
    if (process.connected) process.on('disconnect', () => void shutdown('gateway gone'));
    else void shutdown('gateway gone');
  }
}

main();
