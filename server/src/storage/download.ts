import type { FastifyReply, FastifyRequest } from 'fastify';
import { readBucket } from './buckets';
import { bucketNotFound, objectNotFound } from './errors';
import { splitObjectPath } from './keys';
import { findObject, wildcard, type ObjectRoute, type StorageDeps } from './objects';
import { asCaller } from './rls';
import { sendObject } from './serve';

/** GET /object/{bucket}/{key} and /object/authenticated/{bucket}/{key}: the caller's SELECT policy decides. */
export async function handleDownload(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const caller = deps.callerOf(request);
  await readBucket(deps.pool, bucket);
  const row = await asCaller(deps.pool, caller, (client) => findObject(client, bucket, key));
  if (!row) throw objectNotFound();
  return sendObject(deps, request, reply, row);
}

/** GET /object/public/{bucket}/{key}: open to anyone, but only for buckets marked public (RLS does not apply). */
export async function handlePublicDownload(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const settings = await readBucket(deps.pool, bucket);
  // A private bucket answers like a missing one, so its existence is not confirmed to strangers.
  if (!settings.public) throw bucketNotFound();
  const row = await findObject(deps.pool, bucket, key);
  if (!row) throw objectNotFound();
  return sendObject(deps, request, reply, row);
}

/** GET /object/info/{bucket}/{key} (storage-js `info` and `exists`). */
export async function handleInfo(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
): Promise<Record<string, unknown>> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const caller = deps.callerOf(request);
  await readBucket(deps.pool, bucket);
  const row = await asCaller(deps.pool, caller, (client) => findObject(client, bucket, key));
  if (!row) throw objectNotFound();
  const metadata = row.metadata ?? {};
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    bucket_id: row.bucket_id,
    created_at: row.created_at,
    last_modified: metadata.lastModified ?? row.updated_at,
    size: metadata.size,
    content_type: metadata.mimetype,
    cache_control: metadata.cacheControl,
    etag: metadata.eTag,
    metadata: row.user_metadata ?? {},
  };
}
