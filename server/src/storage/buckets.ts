import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { queryOf } from '../request-input';
import { bucketNotFound, invalidRequest } from './errors';
import type { StorageDeps } from './objects';
import { wholeNumberOr } from './paging';
import { asCaller } from './rls';

export interface BucketSettings {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** Bucket settings govern every caller alike, so they are read as the superuser, before the caller's role applies. */
export async function readBucket(pool: Pool, id: string): Promise<BucketSettings> {
  const { rows } = await pool.query<{
    id: string;
    public: boolean;
    file_size_limit: string | null;
    allowed_mime_types: string[] | null;
  }>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
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
const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

// Supabase Storage's own choice of sort columns; a column is spliced into the query, so only these are ever taken.
const BUCKET_SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'];
const SORT_ORDERS = ['asc', 'desc'];

interface BucketListing {
  limit: number | null;
  offset: number;
  orderBy: string;
  search: string;
}

/** A query parameter that must be one of `allowed` when present. */
function oneOf(query: Record<string, unknown>, name: string, allowed: string[], fallback: string): string {
  const value = query[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value))
    throw invalidRequest(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

/** storage-js `listBuckets({ limit, offset, sortColumn, sortOrder, search })`, sent as query parameters. */
function bucketListing(query: Record<string, unknown>): BucketListing {
  // Digits become a number; anything else stays as sent, for wholeNumberOr to refuse.
  const numberIn = (name: string) => {
    const value = query[name];
    return typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  };
  const search = query.search ?? '';
  if (typeof search !== 'string') throw invalidRequest('search must be given once, as text');
  const column = oneOf(query, 'sortColumn', BUCKET_SORT_COLUMNS, 'name');
  const order = oneOf(query, 'sortOrder', SORT_ORDERS, 'asc');
  return {
    // Unbounded like Supabase's: a deployment has a handful of buckets.
    limit: wholeNumberOr(numberIn('limit'), null, 1, Number.MAX_SAFE_INTEGER, 'limit'),
    offset: wholeNumberOr(numberIn('offset'), 0, 0, Number.MAX_SAFE_INTEGER, 'offset'),
    // Ties (equal timestamps) are broken by id, so pages neither repeat nor skip a bucket.
    orderBy: `${column} ${order}, id`,
    search,
  };
}

/** GET /bucket and /bucket/:id, under RLS like Supabase: without bucket policies only the service role sees buckets. */
export function registerBucketRoutes(app: FastifyInstance, { pool, callerOf }: StorageDeps): void {
  app.get('/bucket', async (request) => {
    const { limit, offset, orderBy, search } = bucketListing(queryOf(request));
    return asCaller(pool, callerOf(request), async (client) => {
      // Only the listing carries `type`, as in Supabase Storage; every bucket here is a standard one.
      const { rows } = await client.query(
        `select ${BUCKET_COLUMNS}, 'STANDARD' as type from storage.buckets
         where strpos(lower(name), lower($1)) > 0
         order by ${orderBy}
         limit $2 offset $3`,
        [search, limit, offset],
      );
      return rows;
    });
  });

  app.get<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    return asCaller(pool, callerOf(request), async (client) => {
      const { rows } = await client.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [
        request.params.id,
      ]);
      if (!rows[0]) throw bucketNotFound();
      return rows[0];
    });
  });
}
