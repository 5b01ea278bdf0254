import type { Pool, PoolClient } from 'pg';

/** Either the pool (single statements) or a client inside a transaction. */
export type Db = Pool | PoolClient;

const installedFunctions = new WeakMap<Pool, Map<string, Promise<boolean>>>();

/**
 * Whether the database has `signature` (e.g. 'private.session_expiry(uuid)'): the migrations install what the auth
 * service hooks into, and a bare auth database (hosted GoTrue's, the auth tests') has none of it. Asked once per pool;
 * a failed look-up is not an answer, so the next call asks again.
 */
export function hasDatabaseFunction(pool: Pool, signature: string): Promise<boolean> {
  let known = installedFunctions.get(pool);
  if (!known) installedFunctions.set(pool, (known = new Map()));
  const cache = known;
  let installed = cache.get(signature);
  if (!installed) {
    installed = pool
      .query<{ installed: boolean }>('select to_regprocedure($1) is not null as installed', [signature])
      .then(({ rows }) => rows[0].installed)
      .catch((error: unknown) => {
        cache.delete(signature);
        throw error;
      });
    cache.set(signature, installed);
  }
  return installed;
}

/** pg errors carry the SQLSTATE in `code`. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
