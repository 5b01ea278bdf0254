import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFields } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { JsonObject } from '../request-input';
import { readBucket } from './buckets';
import { customMetadataFromField, customMetadataFromHeader } from './custom-metadata';
import {
  entityTooLarge,
  invalidRequest,
  objectNotFound,
  StorageError,
  uploadIncomplete,
  uploadTimedOut,
} from './errors';
import type { ReceivedFile } from './files';
import { splitObjectPath } from './keys';
import { assertContentMatchesMime, assertMimeAllowed } from './mime';
import { wildcard, type ObjectRoute, type ObjectMetadata, type StorageDeps } from './objects';
import { asCaller } from './rls';

/** Hard cap for any upload, whatever a bucket allows. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** create: POST without x-upsert; upsert: POST with x-upsert: true; update: PUT (the object must exist). */
type WriteMode = 'create' | 'upsert' | 'update';

interface Incoming {
  file: ReceivedFile;
  contentType: string;
  cacheControl: string;
  /** storage-js `upload(..., { metadata })`; an upload without any replaces the old with `{}`, as in Supabase. */
  userMetadata: JsonObject;
}

/**
 * POST/PUT /object/{bucket}/{key}. The bytes land in a temp file first; the row is written as the caller (RLS decides),
 * the file is moved into place inside that transaction and removed again if anything fails, so a refused or failed
 * upload leaves neither a row nor a file.
 */
export async function handleUpload(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
  reply: FastifyReply,
  method: 'POST' | 'PUT',
): Promise<{ Id: string; Key: string }> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const caller = deps.callerOf(request);
  const settings = await readBucket(deps.pool, bucket);
  const mode: WriteMode = method === 'PUT' ? 'update' : request.headers['x-upsert'] === 'true' ? 'upsert' : 'create';
  const maxBytes = Math.min(settings.fileSizeLimit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  const incoming = await receive(deps, request, reply, maxBytes, settings.allowedMimeTypes);
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
      const { userMetadata } = incoming;
      const written = await writeRow(client, mode, {
        bucket,
        key,
        version,
        metadata,
        userMetadata,
        owner: caller.userId,
      });
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

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
// Whole seconds, as storage-js sends them ("3600"); ten digits are over three centuries.
const CACHE_SECONDS = /^\d{1,10}$/;
// Stored headers are sent back with every download, so they must be valid there.
const STORED_HEADER_VALUE = /^[\x20-\x7e]{1,256}$/;

/**
 * Receives the file, abandoning it (and removing its temp file) as soon as the client disconnects or sends nothing
 * for `deps.uploadIdleTimeoutMs`.
 */
async function receive(
  deps: StorageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
  allowedMimeTypes: string[] | null,
): Promise<Incoming> {
  const watch = watchBody(request, reply, deps.uploadIdleTimeoutMs);
  try {
    if (request.isMultipart()) {
      // storage-js sends the cacheControl and metadata fields before the file: they are parsed when the file part arrives.
      const part = await unlessAbandoned(
        watch.signal,
        request.file({ limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10 }, throwFileSizeLimit: false }),
      ).catch((error: unknown) => {
        throw malformedMultipart(error);
      });
      if (!part) throw invalidRequest('The request has no file part');
      const settings = checkBeforeReading(part.file, () => {
        const contentType = storedHeaderValue(part.mimetype || DEFAULT_CONTENT_TYPE, "The file part's Content-Type");
        assertMimeAllowed(contentType, allowedMimeTypes);
        return {
          contentType,
          cacheControl: cacheControlFromField(formFieldText(part.fields, 'cacheControl')),
          userMetadata: customMetadataFromField(formFieldText(part.fields, 'metadata')),
        };
      });
      const file = await deps.files.receive(part.file, maxBytes, watch.signal);
      return { file, ...settings };
    }
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw entityTooLarge();
    const body = request.body instanceof Readable ? request.body : Readable.from([]);
    const settings = checkBeforeReading(body, () => {
      const contentType = storedHeaderValue(request.headers['content-type'] || DEFAULT_CONTENT_TYPE, 'Content-Type');
      assertMimeAllowed(contentType, allowedMimeTypes);
      const cacheHeader = request.headers['cache-control'];
      return {
        contentType,
        cacheControl: cacheHeader ? storedHeaderValue(cacheHeader, 'Cache-Control') : 'no-cache',
        userMetadata: customMetadataFromHeader(request.headers['x-metadata']),
      };
    });
    const file = await deps.files.receive(body, maxBytes, watch.signal);
    return { file, ...settings };
  } finally {
    watch.stop();
  }
}

/**
 * The multipart parser (busboy) reports a body it cannot read, one whose Content-Type names no boundary included, with
 * a bare Error: the request's fault, refused with a 400 that says so. Errors with a code or a status (the parser's
 * limits, the network's, the disk's) keep their own answers.
 */
function malformedMultipart(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof StorageError || 'code' in error || 'statusCode' in error)
    return error;
  return invalidRequest(`The upload is not a readable multipart/form-data body (${error.message})`);
}

/**
 * What the headers tell is checked before the body is read; on a refusal the body is drained so the client sees the
 * answer, not a broken pipe.
 */
function checkBeforeReading<T>(body: Readable, check: () => T): T {
  try {
    return check();
  } catch (error) {
    body.resume();
    throw error;
  }
}

function storedHeaderValue(value: string, name: string): string {
  if (!STORED_HEADER_VALUE.test(value))
    throw invalidRequest(`${name} must be printable ASCII of at most 256 characters`);
  return value;
}

/** A multipart form field's text, or undefined when the form has no such field. */
function formFieldText(fields: MultipartFields, name: string): string | undefined {
  const field = fields[name];
  if (field === undefined) return undefined;
  if (Array.isArray(field) || field.type !== 'field' || typeof field.value !== 'string') {
    throw invalidRequest(`The form field "${name}" must be sent once, as text`);
  }
  return field.value;
}

/** The multipart `cacheControl` field becomes `max-age=<seconds>`, as in Supabase. */
function cacheControlFromField(seconds: string | undefined): string {
  if (seconds === undefined) return 'no-cache';
  if (!CACHE_SECONDS.test(seconds))
    throw invalidRequest('cacheControl must be a whole number of seconds, such as "3600"');
  return `max-age=${seconds}`;
}

interface BodyWatch {
  signal: AbortSignal;
  stop(): void;
}

/**
 * Aborts its signal when the client disconnects before the body is read, or sends nothing for `idleMs`: otherwise a
 * stalled upload holds a socket, a file descriptor and a temp file for good. The request itself is watched because
 * busboy's file stream does not always fail when the request dies.
 */
function watchBody(request: FastifyRequest, reply: FastifyReply, idleMs: number): BodyWatch {
  const controller = new AbortController();
  const raw = request.raw;
  const response = reply.raw;
  const onGone = () => {
    if (!raw.readableEnded) controller.abort(uploadIncomplete());
  };
  const onIdle = () => {
    // The client is connected but silent: it gets the answer, and then the connection closes instead of waiting on.
    reply.header('connection', 'close');
    controller.abort(uploadTimedOut(idleMs));
  };
  // 'aborted' comes before the request's own error, so the upload fails with the clear reason rather than ECONNRESET.
  raw.on('aborted', onGone);
  raw.on('close', onGone);
  // The socket's idle timer, which Node restarts whenever bytes arrive. It is heard on the response because the request
  // only hears it until its last byte has arrived, and the socket would be destroyed unheard after that.
  const previousTimeout = raw.socket.timeout ?? 0;
  response.setTimeout(idleMs, onIdle);
  if (raw.destroyed) onGone();
  return {
    signal: controller.signal,
    stop() {
      raw.off('aborted', onGone);
      raw.off('close', onGone);
      response.off('timeout', onIdle);
      response.setTimeout(previousTimeout);
    },
  };
}

/** Settles with `work`, unless the upload is abandoned first. */
function unlessAbandoned<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbandoned = () => reject(signal.reason);
    if (signal.aborted) onAbandoned();
    signal.addEventListener('abort', onAbandoned, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbandoned));
  });
}

interface RowValues {
  bucket: string;
  key: string;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: JsonObject;
  owner: string | null;
}

async function writeRow(
  client: PoolClient,
  mode: WriteMode,
  row: RowValues,
): Promise<{ id: string; previousVersion: string | null }> {
  const values = [
    row.bucket,
    row.key,
    row.owner,
    JSON.stringify(row.metadata),
    row.version,
    JSON.stringify(row.userMetadata),
  ];
  if (mode === 'create') {
    // No RETURNING: as in Supabase, creating an object needs only an INSERT policy.
    const id = randomUUID();
    await client.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata, id)
       values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5, $6::jsonb, $7)`,
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
  const set = `owner = $3::uuid, owner_id = $3::text, metadata = $4::jsonb, version = $5, user_metadata = $6::jsonb,
               updated_at = now(), last_accessed_at = now()`;
  const written =
    mode === 'update'
      ? await client.query<{ id: string }>(
          `update storage.objects set ${set} where bucket_id = $1 and name = $2 returning id`,
          values,
        )
      : await client.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5, $6::jsonb)
           on conflict (bucket_id, name) do update set ${set} returning id`,
          values,
        );
  if (!written.rows[0]) throw objectNotFound();
  return { id: written.rows[0].id, previousVersion };
}
