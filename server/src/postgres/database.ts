import { Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';

/** The PostgreSQL a stack runs on: the embedded cluster (cluster.ts) or an external one (`DATABASE_URL`). */
export interface Database {
  /** Connections of a role that owns the schema, for the server's own services (auth, storage, migrations). */
  adminPool: Pool;
  /** Where `adminPool` connects, for the stack's own helper processes (the mail worker). */
  adminUrl: string;
  /** True when this start created the database, so the seed should run. */
  fresh: boolean;
  /** The same server and database as another role, e.g. PostgREST's `authenticator`. */
  connectionString(user: string, password: string): string;
  /** The postmaster's pid when this process runs it. */
  currentPid(): number | undefined;
  stop(): Promise<void>;
}

export function createAdminPool(connectionString: string, logger: Logger): Pool {
  const pool = new Pool({ connectionString, max: 20 });
  pool.on('error', (error) => logger.warn({ err: error }, 'idle admin connection failed'));
  // A client a service has checked out (pool.connect()) has no error listener of the pool's, so PostgreSQL going away
  // under it would be an uncaught 'error' event that ends the process. Its running query is rejected anyway and the
  // pool discards the broken client when it is released: the service's request fails cleanly.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** `DATABASE_URL` as given, refused early when it is not a PostgreSQL URL (a typo would otherwise surface as ECONNREFUSED). */
export function parseDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL must be a URL like postgresql://user:password@host:5432/postgres');
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new Error(`DATABASE_URL must start with postgresql://, not ${parsed.protocol}//`);
  }
  return parsed;
}

/**
 * A PostgreSQL someone else runs (managed service, a shared server, another process's cluster). It is never treated
 * as fresh: whether to seed it is the operator's explicit choice.
 */
export function externalDatabase(url: string, logger: Logger): Database {
  const parsed = parseDatabaseUrl(url);
  const adminPool = createAdminPool(url, logger.child({ component: 'postgres' }));
  return {
    adminPool,
    adminUrl: url,
    fresh: false,
    connectionString(user, password) {
      const other = new URL(parsed);
      other.username = encodeURIComponent(user);
      other.password = encodeURIComponent(password);
      return other.toString();
    },
    currentPid: () => undefined,
    async stop() {
      await adminPool.end().catch(() => undefined);
    },
  };
}

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws. Given the pool, it lends a
 * connection for the transaction and takes it back; given a connection the caller already holds (one keeping a
 * session-level advisory lock across several transactions, say), it leaves that connection with the caller.
 */
export async function inTransaction<T>(db: Pool | PoolClient, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const held = 'release' in db;
  const client = held ? db : await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that cannot even roll back is discarded rather than handed to the next request.
    if (!held) client.release(broken);
  }
}
