import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryOf } from '../request-input';
import { objectNotFound } from './errors';
import { baseMimeType } from './mime';
import type { ObjectRow, StorageDeps } from './objects';

/**
 * Sends an object's bytes with its stored headers. The gateway serves the apps from the same origin, so uploaded
 * documents are sandboxed (no script runs in the app's origin) and never content-sniffed. PDFs are exempt from the
 * sandbox because browsers refuse to render a sandboxed PDF.
 */
export async function sendObject(
  deps: StorageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  row: ObjectRow,
): Promise<FastifyReply> {
  const opened = row.version ? await deps.files.open(row.bucket_id, row.name, row.version) : undefined;
  if (!opened) {
    request.log.warn({ bucket: row.bucket_id, key: row.name }, 'storage object row has no file');
    throw objectNotFound();
  }
  const metadata = row.metadata ?? {};
  const contentType = metadata.mimetype ?? 'application/octet-stream';
  reply.header('content-type', contentType);
  reply.header('content-length', opened.size);
  reply.header('cache-control', metadata.cacheControl ?? 'no-cache');
  reply.header(
    'last-modified',
    (metadata.lastModified ? new Date(metadata.lastModified) : row.updated_at).toUTCString(),
  );
  reply.header('x-content-type-options', 'nosniff');
  if (baseMimeType(contentType) !== 'application/pdf')
    reply.header('content-security-policy', "default-src 'none'; sandbox");
  if (metadata.eTag) reply.header('etag', metadata.eTag);
  const download = queryOf(request).download;
  if (typeof download === 'string') {
    const filename = download || row.name.split('/').pop() || 'download';
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
  }
  if (metadata.eTag && request.headers['if-none-match'] === metadata.eTag) {
    opened.stream.destroy();
    reply.removeHeader('content-length');
    return reply.code(304).send();
  }
  return reply.send(opened.stream);
}
