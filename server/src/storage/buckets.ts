import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { bucketNotFound } from './errors';
import type { StorageDeps } from './objects';
import { asCaller } from './rls';

export interface BucketSettings {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** Bucket settings govern every caller alike, so they are read as the superuser, before the caller's role applies. */
export async function readBucket(pool: Pool, id: string): Promise<BucketSettings> {
  const { rows } = await pool.query<{ id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw bucketNotFound();
  return {
    id: row.id,
    public: row.public,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

// What Supabase Storage answers: `owner_id` stays internal.
const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

/** GET /bucket and /bucket/:id, under RLS like Supabase: without bucket policies only the service role sees buckets. */
export function registerBucketRoutes(app: FastifyInstance, { pool, callerOf }: StorageDeps): void {
  app.get('/bucket', async (request) => {
    return asCaller(pool, callerOf(request), async (client) => {
      const { rows } = await client.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`);
      return rows;
    });
  });

  app.get<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    return asCaller(pool, callerOf(request), async (client) => {
      const { rows } = await client.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [request.params.id]);
      if (!rows[0]) throw bucketNotFound();
      return rows[0];
    });
  });
}
