import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool, type PoolClient } from 'pg';
import pino from 'pino';
import { startCluster } from '../../server/src/postgres/cluster';
import { migrate } from '../../server/src/postgres/migrate';
import { freePort } from '../../server/src/ports';

export const SUPABASE_DIR = join(__dirname, '..');
export const DEMO_PASSWORD = 'CampusCare2026';

export interface TestDb {
  port: number;
  connectionString: string;
  /** Superuser pool. */
  pool: Pool;
  /** A fresh superuser connection (for parallel probes). */
  connect(): Promise<Client>;
  stop(): Promise<void>;
}

/** One real PostgreSQL cluster in a temp dir with the migrations applied (and the seed, unless `seed: false`). */
export async function startTestDb(options: { seed?: boolean } = {}): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-db-'));
  const password = randomBytes(12).toString('hex');
  const logger = pino({ level: 'silent' });
  const cluster = await startCluster({ dataDir, port: await freePort(), superuserPassword: password, logger });
  try {
    await migrate({
      pool: cluster.adminPool,
      supabaseDir: SUPABASE_DIR,
      authenticatorPassword: randomBytes(12).toString('hex'),
      runSeed: options.seed !== false,
      logger,
    });
  } catch (error) {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const connectionString = cluster.connectionString('postgres', password);
  return {
    port: cluster.port,
    connectionString,
    pool: cluster.adminPool,
    async connect() {
      const client = new Client({ connectionString });
      await client.connect();
      return client;
    },
    async stop() {
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Caller = string | null; // a user id, or null for anon

type Queryable = Pick<PoolClient, 'query'>;

/** Sets the API role and JWT claims for the rest of the current transaction, like PostgREST does. */
export async function actAs(client: Queryable, caller: Caller): Promise<void> {
  if (caller === null) {
    await client.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`);
  } else {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: caller, role: 'authenticated', aud: 'authenticated' }),
    ]);
  }
}

export interface Outcome<T = Record<string, unknown>> {
  ok: boolean;
  rows: T[];
  error?: { code?: string; message: string };
}

/**
 * Runs `sql` as the caller inside a transaction that is always rolled back. `setup` runs first as superuser in the
 * same transaction (fixtures only this probe needs).
 */
export async function probe<T = Record<string, unknown>>(
  client: Queryable,
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  setup?: string,
): Promise<Outcome<T>> {
  await client.query('begin');
  try {
    if (setup) await client.query(setup);
    await actAs(client, caller);
    const result = await client.query(sql, params);
    return { ok: true, rows: result.rows as T[] };
  } catch (error) {
    const e = error as { code?: string; message: string };
    return { ok: false, rows: [], error: { code: e.code, message: e.message } };
  } finally {
    await client.query('rollback');
  }
}

/** Like probe, but commits (for tests that need the effect to persist). Throws on error. */
export async function runAs<T = Record<string, unknown>>(client: Queryable, caller: Caller, sql: string, params: unknown[] = []): Promise<T[]> {
  await client.query('begin');
  try {
    await actAs(client, caller);
    const result = await client.query(sql, params);
    await client.query('commit');
    return result.rows as T[];
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export interface PgError {
  code?: string;
  message: string;
  constraint?: string;
}

/** Runs `fn` in a transaction that is always rolled back; returns its value or the error it raised. */
export async function rolledBack<T>(client: Queryable, fn: () => Promise<T>): Promise<{ value?: T; error?: PgError }> {
  await client.query('begin');
  try {
    return { value: await fn() };
  } catch (error) {
    const e = error as PgError;
    return { error: { code: e.code, message: e.message, constraint: e.constraint } };
  } finally {
    await client.query('rollback');
  }
}
