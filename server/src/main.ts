import { resolve } from 'node:path';
import { buildApps } from '../../build/build-apps';
import { createLogger } from './logger';
import { assertPortFree } from './ports';
import { REPO_ROOT, startStack } from './stack';

async function main(): Promise<void> {
  const logger = createLogger();
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    logger.fatal(`PORT must be a TCP port number, got "${process.env.PORT}"`);
    process.exit(1);
  }
  try {
    await assertPortFree(port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    logger.fatal(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use. Stop whatever holds it or start on another port: PORT=8081 npm start`
        : `Cannot listen on port ${port}: ${String(error)}`,
    );
    process.exit(1);
  }

  // `npm run dev` keeps the builds fresh itself; otherwise build whatever is missing or older than its sources.
  if (!process.env.CAMPUSCARE_WATCHING_APPS) {
    await buildApps({ onlyStale: true, log: (message: string) => logger.info(message) });
  }

  const stack = await startStack({
    dataDir: resolve(REPO_ROOT, process.env.CAMPUSCARE_DATA_DIR ?? '.data'),
    port,
    publicUrl: process.env.PUBLIC_URL,
    host: process.env.HOST,
    smtpUrl: process.env.SMTP_URL,
    mailFrom: process.env.MAIL_FROM,
    devBuilds: Boolean(process.env.CAMPUSCARE_WATCHING_APPS),
    logger,
  });
  console.log(`\nCampusCare is running at ${stack.url}`);
  // The mailbox shows recovery links: only whoever can read this terminal gets its secret.
  if (stack.mailboxUrl) console.log(`Local mailbox (keep this link to yourself): ${stack.mailboxUrl}`);
  console.log('');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('CampusCare failed to start:', error);
  process.exit(1);
});
