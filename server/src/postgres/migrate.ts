import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeIdentifier, escapeLiteral, type Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';

const BOOTSTRAP_SQL = join(__dirname, 'bootstrap.sql');
/** The seed's row in `supabase_migrations.seed_files`, named as the Supabase CLI names it. */
const SEED_PATH = 'supabase/seed.sql';

export interface MigrateOptions {
  pool: Pool;
  supabaseDir: string;
  authenticatorPassword: string;
  runSeed: boolean;
  /** The public origin for database-side links (invitation emails), stored as the database's `app.site_url`. */
  siteUrl?: string;
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
 * every migration not yet recorded (in `supabase_migrations.schema_migrations`, as `supabase db push` records them),
 * and the seed when asked and not yet applied. Each step is one transaction. Gateways starting together against one
 * database take turns: the first applies, the others find everything recorded. The site URL is set in the same turn,
 * since two `alter database … set` at once collide on the catalog's unique index.
 */
export async function migrate({ pool, supabaseDir, authenticatorPassword, runSeed, siteUrl, logger }: MigrateOptions): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('campuscare.migrate'))`);
    if (siteUrl !== undefined) {
      const { rows } = await client.query<{ name: string }>('select current_database() as name');
      await client.query(`alter database ${escapeIdentifier(rows[0].name)} set app.site_url = ${escapeLiteral(siteUrl)}`);
    }
    await inTransaction(client, readFileSync(BOOTSTRAP_SQL, 'utf8'));
    await client.query(`alter role authenticator with login password ${escapeLiteral(authenticatorPassword)}`);
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
    if (runSeed && existsSync(seedFile) && !(await seedApplied(client))) {
      const sql = readFileSync(seedFile, 'utf8');
      await inTransaction(client, sql, async () => {
        await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do nothing', [
          SEED_PATH,
          createHash('sha256').update(sql).digest('hex'),
        ]);
      });
      logger.info('seed applied');
    }
    await client.query(`notify pgrst, 'reload schema'`);
  } finally {
    // A failed unlock means the connection is gone, and its lock with it.
    await client.query(`select pg_advisory_unlock(hashtext('campuscare.migrate'))`).catch(() => undefined);
    client.release();
  }
}

async function seedApplied(client: PoolClient): Promise<boolean> {
  const { rowCount } = await client.query(`select from supabase_migrations.seed_files where path = $1`, [SEED_PATH]);
  return Boolean(rowCount);
}

async function inTransaction(client: PoolClient, sql: string, after?: () => Promise<void>): Promise<void> {
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
