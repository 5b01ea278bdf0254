import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';
import type { Logger } from 'pino';

const BOOTSTRAP_SQL = join(__dirname, 'bootstrap.sql');

export interface MigrateOptions {
  pool: Pool;
  supabaseDir: string;
  authenticatorPassword: string;
  runSeed: boolean;
  logger: Logger;
}

/** Migration files in Supabase CLI naming: `<version>_<name>.sql`, applied in version order. */
export function listMigrations(supabaseDir: string): { version: string; name: string; file: string }[] {
  const dir = join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file) as RegExpExecArray;
      return { version, name, file: join(dir, file) };
    });
}

/**
 * Brings the database to the state a hosted Supabase project would have: bootstrap (what Supabase ships),
 * every migration not yet recorded, and the seed once on a fresh database. Each step is one transaction.
 */
export async function migrate({ pool, supabaseDir, authenticatorPassword, runSeed, logger }: MigrateOptions): Promise<void> {
  const client = await pool.connect();
  try {
    await inTransaction(client, readFileSync(BOOTSTRAP_SQL, 'utf8'));
    await client.query(`alter role authenticator with login password '${authenticatorPassword.replace(/'/g, "''")}'`);
    const applied = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    for (const migration of listMigrations(supabaseDir)) {
      if (applied.has(migration.version)) continue;
      const sql = readFileSync(migration.file, 'utf8');
      await inTransaction(client, sql, async () => {
        await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          migration.version,
          migration.name,
          [sql],
        ]);
      });
      logger.info({ migration: `${migration.version}_${migration.name}` }, 'migration applied');
    }
    const seedFile = join(supabaseDir, 'seed.sql');
    if (runSeed && existsSync(seedFile)) {
      const sql = readFileSync(seedFile, 'utf8');
      await inTransaction(client, sql, async () => {
        await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do nothing', [
          'supabase/seed.sql',
          createHash('sha256').update(sql).digest('hex'),
        ]);
      });
      logger.info('seed applied');
    }
    await client.query(`notify pgrst, 'reload schema'`);
  } finally {
    client.release();
  }
}

async function inTransaction(client: import('pg').PoolClient, sql: string, after?: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    if (after) await after();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
