import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { readBucket } from './buckets';
import { entityTooLarge, invalidRequest, objectNotFound } from './errors';
import type { ReceivedFile } from './files';
import { splitObjectPath } from './keys';
import { assertContentMatchesMime, assertMimeAllowed } from './mime';
import { wildcard, type ObjectMetadata, type StorageDeps } from './objects';
import { asCaller } from './rls';

/** Hard cap for any upload, whatever a bucket allows. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** create: POST without x-upsert; upsert: POST with x-upsert: true; update: PUT (the object must exist). */
type WriteMode = 'create' | 'upsert' | 'update';

interface Incoming {
  file: ReceivedFile;
  contentType: string;
  cacheControl: string;
}

/**
 * POST/PUT /object/{bucket}/{key}. The bytes land in a temp file first; the row is written as the caller (RLS decides),
 * the file is moved into place inside that transaction and removed again if anything fails, so a refused or failed
 * upload leaves neither a row nor a file.
 */
export async function handleUpload(deps: StorageDeps, request: FastifyRequest, method: 'POST' | 'PUT'): Promise<{ Id: string; Key: string }> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const caller = deps.callerOf(request);
  const settings = await readBucket(deps.pool, bucket);
  const mode: WriteMode = method === 'PUT' ? 'update' : request.headers['x-upsert'] === 'true' ? 'upsert' : 'create';
  const maxBytes = Math.min(settings.fileSizeLimit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  const incoming = await receive(deps, request, maxBytes, settings.allowedMimeTypes);
  const version = randomUUID();
  let placed = false;
  try {
    assertContentMatchesMime(incoming.contentType, incoming.file.head);
    const now = new Date().toISOString();
    const metadata: ObjectMetadata = {
      eTag: `"${incoming.file.md5}"`,
      size: incoming.file.size,
      mimetype: incoming.contentType,
      cacheControl: incoming.cacheControl,
      lastModified: now,
      contentLength: incoming.file.size,
      httpStatusCode: 200,
    };
    const { id, previousVersion } = await asCaller(deps.pool, caller, async (client) => {
      const written = await writeRow(client, mode, { bucket, key, version, metadata, owner: caller.userId });
      await deps.files.place(incoming.file, bucket, key, version);
      placed = true;
      return written;
    });
    if (previousVersion && previousVersion !== version) {
      await deps.files.remove(bucket, key, previousVersion).catch((error: unknown) => {
        request.log.warn({ err: error, bucket, key }, 'could not remove the replaced version of a storage object');
      });
    }
    return { Id: id, Key: `${bucket}/${key}` };
  } catch (error) {
    await (placed ? deps.files.remove(bucket, key, version) : deps.files.discard(incoming.file));
    throw error;
  }
}

async function receive(deps: StorageDeps, request: FastifyRequest, maxBytes: number, allowedMimeTypes: string[] | null): Promise<Incoming> {
  if (request.isMultipart()) {
    // storage-js sends the cacheControl field before the file, so it is already parsed when the file part arrives.
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10 }, throwFileSizeLimit: false });
    if (!part) throw invalidRequest('The request has no file part');
    const contentType = part.mimetype || 'application/octet-stream';
    const field = part.fields.cacheControl;
    const cacheSeconds = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
    refuseEarly(part.file, contentType, allowedMimeTypes);
    const file = await deps.files.receive(part.file, maxBytes);
    return { file, contentType, cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : 'no-cache' };
  }
  const contentType = request.headers['content-type'] || 'application/octet-stream';
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw entityTooLarge();
  const body = request.body instanceof Readable ? request.body : Readable.from([]);
  refuseEarly(body, contentType, allowedMimeTypes);
  const file = await deps.files.receive(body, maxBytes);
  return { file, contentType, cacheControl: request.headers['cache-control'] || 'no-cache' };
}

/** A refused type is known from the headers; the body is drained so the client sees the answer, not a broken pipe. */
function refuseEarly(body: Readable, contentType: string, allowedMimeTypes: string[] | null): void {
  try {
    assertMimeAllowed(contentType, allowedMimeTypes);
  } catch (error) {
    body.resume();
    throw error;
  }
}

interface RowValues {
  bucket: string;
  key: string;
  version: string;
  metadata: ObjectMetadata;
  owner: string | null;
}

async function writeRow(client: PoolClient, mode: WriteMode, row: RowValues): Promise<{ id: string; previousVersion: string | null }> {
  const values = [row.bucket, row.key, row.owner, JSON.stringify(row.metadata), row.version];
  if (mode === 'create') {
    // No RETURNING: as in Supabase, creating an object needs only an INSERT policy.
    const id = randomUUID();
    await client.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, id)
       values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5, $6)`,
      [...values, id],
    );
    return { id, previousVersion: null };
  }
  // Locks the row so the version read here is the one this write replaces.
  const previous = await client.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2 for update',
    [row.bucket, row.key],
  );
  const previousVersion = previous.rows[0]?.version ?? null;
  const set = `owner = $3::uuid, owner_id = $3::text, metadata = $4::jsonb, version = $5, updated_at = now(), last_accessed_at = now()`;
  const written =
    mode === 'update'
      ? await client.query<{ id: string }>(`update storage.objects set ${set} where bucket_id = $1 and name = $2 returning id`, values)
      : await client.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
           values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5)
           on conflict (bucket_id, name) do update set ${set} returning id`,
          values,
        );
  if (!written.rows[0]) throw objectNotFound();
  return { id: written.rows[0].id, previousVersion };
}
