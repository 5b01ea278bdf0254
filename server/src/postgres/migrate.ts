import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeLiteral, type ClientBase, type Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import { inTransaction } from './database';

const BOOTSTRAP_SQL = join(__dirname, 'bootstrap.sql');
/** The seed's row in `supabase_migrations.seed_files`, named as the Supabase CLI names it. */
const SEED_PATH = 'supabase/seed.sql';

export interface MigrateOptions {
  pool: Pool;
  supabaseDir: string;
  authenticatorPassword: string;
  runSeed: boolean;
  /** The public origin for database-built links (invitation and appointment emails), stored in `private.deployment_settings`. */
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
 * then the site URL, and the seed when asked and not yet applied. Each step is one transaction, and nothing needs a
 * superuser: the database's owner with CREATEROLE and BYPASSRLS can do it all (docs/deploy.md). Gateways starting
 * together against one database take turns: the first applies, the others find everything recorded.
 */
export async function migrate({
  pool,
  supabaseDir,
  authenticatorPassword,
  runSeed,
  siteUrl,
  logger,
}: MigrateOptions): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('campuscare.migrate'))`);
    const bootstrap = readFileSync(BOOTSTRAP_SQL, 'utf8');
    await inTransaction(client, (tx) => tx.query(bootstrap));
    await client.query(`alter role authenticator with login password ${escapeLiteral(authenticatorPassword)}`);
    const applied = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    for (const migration of listMigrations(supabaseDir)) {
      if (applied.has(migration.version)) continue;
      const sql = readFileSync(migration.file, 'utf8');
      await inTransaction(client, async (tx) => {
        await tx.query(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
      });
      logger.info({ migration: `${migration.version}_${migration.name}` }, 'migration applied');
    }
    if (siteUrl !== undefined) await storeSiteUrl(client, siteUrl);
    const seedFile = join(supabaseDir, 'seed.sql');
    if (runSeed && existsSync(seedFile) && !(await seedApplied(client))) {
      const sql = readFileSync(seedFile, 'utf8');
      await inTransaction(client, async (tx) => {
        await tx.query(sql);
        await tx.query(
          'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do nothing',
          [SEED_PATH, createHash('sha256').update(sql).digest('hex')],
        );
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

/** Where the migrations keep the site URL; a schema without that table (the test fixtures) builds no links. */
export async function storeSiteUrl(client: Pick<ClientBase, 'query'>, siteUrl: string): Promise<void> {
  const { rows } = await client.query<{ present: boolean }>(
    `select to_regclass('private.deployment_settings') is not null as present`,
  );
  if (!rows[0].present) return;
  await client.query(
    `insert into private.deployment_settings (site_url) values ($1) on conflict (one_row) do update set site_url = excluded.site_url`,
    [siteUrl],
  );
}

async function seedApplied(client: PoolClient): Promise<boolean> {
  const { rowCount } = await client.query(`select from supabase_migrations.seed_files where path = $1`, [SEED_PATH]);
  return Boolean(rowCount);
}
