/**
 * The committed files generated from the migrations — the schema snapshot (supabase/schema/*.sql) and the database
 * types (shared/src/database.types.ts) — are what the migrations build now: both are generated again from one fresh
 * database and compared byte for byte, so a migration cannot land without them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateFromMigrations } from '../catalog';
import { schemaSnapshot } from '../snapshot';
import { databaseTypes } from '../typegen';
import { pinnedNow } from './clock/pinnedClock';

const REPOSITORY = join(__dirname, '..', '..');

// The schema does not depend on the clock: at the suite's pinned moments this would only start five more databases.
const unpinned = pinnedNow() ? test.skip : test;

unpinned('the schema snapshot and the database types are up to date with the migrations', async () => {
  const files = await generateFromMigrations([schemaSnapshot, databaseTypes]);
  const stale = files
    .filter((file) => !existsSync(file.path) || readFileSync(file.path, 'utf8') !== file.text)
    .map((file) => `${relative(REPOSITORY, file.path)} is stale: run \`${file.command}\` and commit the result`);
  expect(stale).toEqual([]);
});
