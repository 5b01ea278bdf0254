import type { FastifyRequest } from 'fastify';
import { readBucket } from './buckets';
import { invalidRequest } from './errors';
import { assertBucketId, normalisePrefix } from './keys';
import type { StorageDeps } from './objects';
import { wholeNumberOr } from './paging';
import { asCaller } from './rls';

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
const MAX_LIMIT = 1000;

interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
  search?: unknown;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

/**
 * POST /object/list/{bucket} (storage-js `list`): one level below `prefix`, like Supabase — files as object rows and
 * sub-folders as entries with null id and metadata. Only objects the caller may SELECT are seen, folders included.
 */
export async function handleList(
  deps: StorageDeps,
  request: FastifyRequest<{ Params: { bucket: string } }>,
): Promise<ListEntry[]> {
  const { bucket } = request.params;
  assertBucketId(bucket);
  const body = (request.body ?? {}) as ListBody;
  const prefix = normalisePrefix(typeof body.prefix === 'string' ? body.prefix : '');
  const limit = wholeNumberOr(body.limit, 100, 1, MAX_LIMIT, 'limit');
  const offset = wholeNumberOr(body.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'offset');
  const column = typeof body.sortBy?.column === 'string' ? body.sortBy.column : 'name';
  if (!SORT_COLUMNS.has(column)) throw invalidRequest(`sortBy.column must be one of ${[...SORT_COLUMNS].join(', ')}`);
  const order = body.sortBy?.order === 'desc' ? 'desc' : 'asc';
  const search = typeof body.search === 'string' ? body.search : '';
  const caller = deps.callerOf(request);
  await readBucket(deps.pool, bucket);
  const orderBy =
    column === 'name' ? `name collate "C" ${order}` : `${column} ${order} nulls last, name collate "C" asc`;
  return asCaller(deps.pool, caller, async (client) => {
    const { rows } = await client.query<ListEntry>(
      `with matched as (
         select id, updated_at, created_at, last_accessed_at, metadata, substr(name, char_length($2) + 1) as rest
         from storage.objects
         where bucket_id = $1 and starts_with(name, $2)
       ), entries as (
         select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matched where strpos(rest, '/') > 0
         group by 1
         union all
         select rest, id, updated_at, created_at, last_accessed_at, metadata from matched where strpos(rest, '/') = 0
       )
       select * from entries
       where starts_with(lower(name), lower($3))
       order by ${orderBy}
       limit $4 offset $5`,
      [bucket, prefix, search, limit, offset],
    );
    return rows;
  });
}
