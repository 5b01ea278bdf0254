import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { authRoutes } from './auth/routes';
import type { TrustProxy } from './config';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits, type GatewayContext } from './gateway/context';
import { registerApiGateway } from './gateway/api-gateway';
import { exportRoutes } from './gateway/exports';
import { answerFrameworkError } from './gateway/framework-errors';
import { restProxy } from './gateway/rest-proxy';
import { registerSecurityHeaders } from './gateway/security-headers';
import { createLogger } from './logger';
import { mailboxPage } from './mail/mailbox-page';
import { startMailProcess } from './mail/process';
import { startCluster } from './postgres/cluster';
import { externalDatabase, type Database } from './postgres/database';
import { migrate } from './postgres/migrate';
import { startPostgrest, type Postgrest } from './postgrest/supervisor';
import { freePort } from './ports';
import { loadOrCreateSecrets, type StackSecrets } from './secrets';
import { appsPlugin } from './static/apps';
import { storageRoutes } from './storage/routes';
import { placeSeedObjects } from './storage/seed-objects';

export const REPO_ROOT = resolve(__dirname, '..', '..');

/** Long enough for a 10 MB upload on a slow phone connection; Node's own default. */
const REQUEST_TIMEOUT_MS = 300_000;

/** A PostgreSQL this stack does not run, and the secrets every process of the deployment shares. */
export interface ExternalDatabase {
  url: string;
  secrets: StackSecrets;
}

export interface StackOptions {
  /** The embedded cluster and its secrets; stored files too unless `storageDir` says otherwise. */
  dataDir: string;
  /** Use this database instead of starting the embedded cluster (env DATABASE_URL). */
  database?: ExternalDatabase;
  /** Where stored files live (env STORAGE_DIR); shared by every gateway process of a deployment. */
  storageDir?: string;
  /** Which proxies' `X-Forwarded-For` names the client (env TRUST_PROXY), for per-IP rate limits behind a load balancer. */
  trustProxy?: TrustProxy;
  port: number;
  /** Address to listen on (env HOST); loopback by default, so nothing is exposed unless asked. */
  host?: string;
  /** Origin clients reach the gateway at; defaults to http://localhost:<port>. */
  publicUrl?: string;
  /** Where shell/dist and mfe-*\/dist are; defaults to the repository root. */
  appsRoot?: string;
  /** Where migrations/ and seed.sql are; defaults to <repo>/supabase. */
  supabaseDir?: string;
  /**
   * Run supabase/seed.sql: by default only when the embedded cluster is new, never on an external database unless
   * true. It runs once per database (recorded in supabase_migrations.seed_files).
   */
  seed?: boolean;
  logLevel?: string;
  logger?: Logger;
  pgPort?: number;
  postgrestPoolSize?: number;
  authRateLimits?: Partial<AuthRateLimits>;
  /** SMTP server for outgoing email (env SMTP_URL); without it messages go to the local mailbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Serve /mailbox (the local mailbox page); on by default, off when NODE_ENV=production. */
  mailbox?: boolean;
  /** The apps are development builds (`npm run dev`), whose modules need eval. */
  devBuilds?: boolean;
  /**
   * Deliver email_outbox rows and queue appointment reminders in this process (default true; benchmarks and tests of
   * delivery itself turn it off).
   */
  deliverEmail?: boolean;
}

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The admin pool (the superuser on the embedded cluster), for tests that must look behind the API. */
  adminPool: Pool;
  /** The running postmaster, so tests can kill it and watch the cluster bring it back; undefined on an external database. */
  postgresPid(): number | undefined;
  postgrest: Postgrest;
  postgrestUrl: string;
  /** The local mailbox with its secret token, or null when the mailbox is off. */
  mailboxUrl: string | null;
  /** The mail worker this gateway runs as its child; undefined when it delivers no email. */
  mailWorkerPid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Everything `npm start` runs: PostgreSQL with the schema applied (the embedded cluster, or an external database),
 * PostgREST, and one gateway port for /rest/v1, /auth/v1, /storage/v1, /config.json and the built apps. Nothing the
 * gateway needs to answer a request is kept in the process, so several stacks on one external database, behind a
 * load balancer, serve the same deployment.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const logger = options.logger ?? createLogger(options.logLevel);
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = options.publicUrl ?? `http://localhost:${options.port}`;
  const supabaseDir = options.supabaseDir ?? join(REPO_ROOT, 'supabase');
  const { database, secrets } = await openDatabase(options, dataDir, logger);
  const stopSteps: (() => Promise<void>)[] = [() => database.stop()];
  // Once, however often it is asked for (a signal during a test's own stop, say), in the reverse order of starting.
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const step of [...stopSteps].reverse())
        await step().catch((error) => logger.error({ err: error }, 'shutdown step failed'));
    })());
  try {
    // Database-built links (invitation and appointment emails) need the public origin; migrate stores it.
    await migrate({
      pool: database.adminPool,
      supabaseDir,
      authenticatorPassword: secrets.authenticatorPassword,
      runSeed: options.seed ?? database.fresh,
      siteUrl: publicUrl,
      logger,
    });

    const storageDir = resolve(options.storageDir ?? dataDir);
    await placeSeedObjects({
      pool: database.adminPool,
      seedObjectsDir: join(supabaseDir, 'seed-objects'),
      storageDir,
      logger,
    });

    const requestGate = await requestGateOf(database.adminPool);
    const postgrest = await startPostgrest({
      dbUri: database.connectionString('authenticator', secrets.authenticatorPassword),
      jwtSecret: secrets.jwtSecret,
      preRequest: requestGate,
      port: await freePort(),
      adminPort: await freePort(),
      poolSize: options.postgrestPoolSize ?? 20,
      logger: logger.child({ component: 'postgrest' }),
    });
    stopSteps.push(() => postgrest.stop());

    const context: GatewayContext = {
      adminPool: database.adminPool,
      secrets,
      publicUrl,
      storageDir,
      logger,
      authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.authRateLimits },
      requestGate,
    };
    const hasOutbox = await tableExists(database.adminPool, 'public.email_outbox');
    const mailboxEnabled = hasOutbox && (options.mailbox ?? process.env.NODE_ENV !== 'production');
    const mailboxToken = mailboxEnabled ? randomBytes(24).toString('base64url') : null;
    const app = await buildGateway(context, {
      postgrestUrl: postgrest.url,
      appsRoot: options.appsRoot ?? REPO_ROOT,
      mailboxToken,
      devBuilds: options.devBuilds ?? false,
      trustProxy: options.trustProxy ?? false,
    });
    stopSteps.push(() => app.close());
    const mail =
      hasOutbox && options.deliverEmail !== false
        ? startMailProcess({
            databaseUrl: database.adminUrl,
            smtpUrl: options.smtpUrl,
            mailFrom: options.mailFrom,
            logger,
            repoRoot: REPO_ROOT,
          })
        : undefined;
    if (mail) stopSteps.push(() => mail.stop());
    await app.listen({ port: options.port, host: options.host ?? 'localhost' });
    logger.info({ url: publicUrl }, 'CampusCare is up');

    return {
      url: publicUrl,
      anonKey: secrets.anonKey,
      serviceRoleKey: secrets.serviceRoleKey,
      jwtSecret: secrets.jwtSecret,
      adminPool: database.adminPool,
      postgresPid: database.currentPid,
      postgrest,
      postgrestUrl: postgrest.url,
      mailboxUrl: mailboxToken ? `${publicUrl}/mailbox?token=${mailboxToken}` : null,
      mailWorkerPid: () => mail?.currentPid(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The external database with the deployment's secrets, or the embedded cluster with those kept in `dataDir`. */
async function openDatabase(
  options: StackOptions,
  dataDir: string,
  logger: Logger,
): Promise<{ database: Database; secrets: StackSecrets }> {
  if (options.database)
    return { database: externalDatabase(options.database.url, logger), secrets: options.database.secrets };
  const secrets = loadOrCreateSecrets(dataDir);
  const database = await startCluster({
    dataDir,
    port: options.pgPort ?? (await freePort()),
    superuserPassword: secrets.superuserPassword,
    logger,
  });
  return { database, secrets };
}

/**
 * The request gate the migrations create (supabase/migrations/20260105000000_request_gate.sql): PostgREST runs it
 * before every request, the storage service inside its own transactions.
 */
const REQUEST_GATE = 'gate.check_request';

/**
 * The request gate, or null on a schema without it (the test fixtures). Named here rather than read from
 * `pgrst.db_pre_request` on the authenticator role, which only a superuser may set on PostgreSQL 15+.
 */
async function requestGateOf(pool: Pool): Promise<string | null> {
  const { rows } = await pool.query<{ present: boolean }>(`select to_regprocedure($1) is not null as present`, [
    `${REQUEST_GATE}()`,
  ]);
  return rows[0].present ? REQUEST_GATE : null;
}

async function tableExists(pool: Pool, name: string): Promise<boolean> {
  const { rows } = await pool.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [name]);
  return rows[0].exists;
}

interface GatewayOptions {
  postgrestUrl: string;
  appsRoot: string;
  /** The secret that opens /mailbox; null serves no mailbox. */
  mailboxToken: string | null;
  devBuilds: boolean;
  trustProxy: TrustProxy;
}

async function buildGateway(
  context: GatewayContext,
  { postgrestUrl, appsRoot, mailboxToken, devBuilds, trustProxy }: GatewayOptions,
) {
  const gatewayLogger: FastifyBaseLogger = context.logger.child({ component: 'gateway' });
  // Per-request lines would drown the log (and the benchmarks); errors are still logged by the services.
  const app = Fastify({
    loggerInstance: gatewayLogger,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    // A client that stalls mid-request cannot hold a socket for ever (uploads also have their own idle timeout).
    requestTimeout: REQUEST_TIMEOUT_MS,
    frameworkErrors: answerFrameworkError,
  });
  registerSecurityHeaders(app, { apiOrigin: new URL(context.publicUrl).origin, allowEval: devBuilds });
  registerApiGateway(app, context.secrets);
  await app.register(restProxy, {
    prefix: '/rest/v1',
    postgrestUrl,
    jwtSecret: context.secrets.jwtSecret,
    letterVerificationLimit: {
      pool: context.adminPool,
      perNetwork: context.authRateLimits.letterVerification,
      windowSeconds: context.authRateLimits.letterVerificationWindowSeconds,
    },
  });
  await app.register(authRoutes(context), { prefix: '/auth/v1' });
  await app.register(storageRoutes(context), { prefix: '/storage/v1' });
  await app.register(exportRoutes(context), { prefix: '/functions/v1' });
  if (mailboxToken) await app.register(mailboxPage, { pool: context.adminPool, token: mailboxToken });
  await app.register(appsPlugin, { appsRoot, publicUrl: context.publicUrl, anonKey: context.secrets.anonKey });
  return app;
}
