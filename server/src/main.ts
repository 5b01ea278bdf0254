import { buildApps } from '../../build/build-apps';
import { readConfig, type ServerConfig } from './config';
import { createLogger } from './logger';
import { assertPortFree } from './ports';
import { secretsFromEnv } from './secrets';
import { REPO_ROOT, startStack, type ExternalDatabase } from './stack';

async function main(): Promise<void> {
  const logger = createLogger();
  let config: ServerConfig;
  let database: ExternalDatabase | undefined;
  try {
    config = readConfig(process.env, REPO_ROOT);
    if (config.databaseUrl) database = { url: config.databaseUrl, secrets: secretsFromEnv(process.env) };
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
  const { port } = config;
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

  // `npm run dev` keeps the builds fresh itself; otherwise build whatever is missing or older than its sources. Gateways
  // on an external database serve what the deployment built once (`npm run build`): several processes building into
  // one tree at start-up would overwrite each other's files.
  if (!process.env.CAMPUSCARE_WATCHING_APPS && !database) {
    await buildApps({ onlyStale: true, log: (message: string) => logger.info(message) });
  }

  const stack = await startStack({
    dataDir: config.dataDir,
    database,
    storageDir: config.storageDir,
    trustProxy: config.trustProxy,
    seed: config.seed,
    port,
    publicUrl: config.publicUrl,
    host: config.host,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    deliverEmail: config.deliverEmail,
    authRateLimits: config.authRateLimits,
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
