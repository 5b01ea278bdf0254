import type { FastifyRequest } from 'fastify';
import { bodyField } from '../request-input';
import { readBucket } from './buckets';
import { invalidRequest, objectNotFound } from './errors';
import { assertBucketId, assertObjectKey, splitObjectPath } from './keys';
import { OBJECT_COLUMNS, wildcard, type ObjectRoute, type ObjectRow, type StorageDeps } from './objects';
import { asCaller } from './rls';

const MAX_PREFIXES = 1000;

/** Deletes rows as the caller (the DELETE policy picks which go), then their files once the deletion has committed. */
async function deleteObjects(
  deps: StorageDeps,
  request: FastifyRequest,
  bucket: string,
  keys: string[],
): Promise<ObjectRow[]> {
  const caller = deps.callerOf(request);
  await readBucket(deps.pool, bucket);
  const deleted = await asCaller(deps.pool, caller, async (client) => {
    const { rows } = await client.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, keys],
    );
    return rows;
  });
  for (const row of deleted) {
    if (!row.version) continue;
    await deps.files.remove(bucket, row.name, row.version).catch((error: unknown) => {
      request.log.warn({ err: error, bucket, key: row.name }, 'could not remove the file of a deleted storage object');
    });
  }
  return deleted;
}

/** DELETE /object/{bucket} `{prefixes}` (storage-js `remove`): answers with the rows actually deleted. */
export async function handleRemoveMany(
  deps: StorageDeps,
  request: FastifyRequest<{ Params: { bucket: string } }>,
): Promise<ObjectRow[]> {
  const { bucket } = request.params;
  assertBucketId(bucket);
  const prefixes = bodyField(request, 'prefixes');
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_PREFIXES) {
    throw invalidRequest(`prefixes must be a list of 1 to ${MAX_PREFIXES} object keys`);
  }
  const keys = prefixes.map((prefix) => {
    if (typeof prefix !== 'string') throw invalidRequest('prefixes must be a list of object keys');
    const key = prefix.replace(/^\/+/, '');
    assertObjectKey(key);
    return key;
  });
  return deleteObjects(deps, request, bucket, keys);
}

/** DELETE /object/{bucket}/{key}. */
export async function handleRemoveOne(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
): Promise<{ message: string }> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const deleted = await deleteObjects(deps, request, bucket, [key]);
  if (deleted.length === 0) throw objectNotFound();
  return { message: 'Successfully deleted' };
}
