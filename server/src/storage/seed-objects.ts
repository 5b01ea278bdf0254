import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { ObjectFiles } from './files';

export interface SeedObjectsOptions {
  /** A superuser pool: the rows are read whatever the policies say. */
  pool: Pool;
  /** `supabase/seed-objects`: `<bucket>/<key>` for every object the seed has a row for. */
  seedObjectsDir: string;
  /** The gateway's storage directory (its files live in `<storageDir>/storage`). */
  storageDir: string;
  logger: Logger;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The seed is SQL, so it writes the rows of its demo documents (storage.objects, with a version) but not their bytes:
 * these are `supabase/seed-objects/<bucket>/<key>`, put in place here for every row the seed wrote, once. A file with
 * no row (the seed did not run on this database, or the object was removed since) or one already in place is left
 * alone, so this runs at every start and does nothing after the first.
 */
export async function placeSeedObjects({
  pool,
  seedObjectsDir,
  storageDir,
  logger,
}: SeedObjectsOptions): Promise<void> {
  const files = new ObjectFiles(storageDir);
  for (const source of await filesUnder(seedObjectsDir)) {
    const [bucket, ...keyParts] = relative(seedObjectsDir, source).split(sep);
    const key = keyParts.join('/');
    const { rows } = await pool.query<{ version: string | null }>(
      'select version from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key],
    );
    const version = rows[0]?.version;
    if (!version || (await files.has(bucket, key, version))) continue;
    await files.copyIn(source, bucket, key, version);
    logger.info({ bucket, key }, 'demo document put in place');
  }
}
