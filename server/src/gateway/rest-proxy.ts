import replyFrom from '@fastify/reply-from';
import type { FastifyInstance } from 'fastify';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * `/rest/v1/*` → PostgREST with the prefix stripped. Bodies pass through unparsed (PostgREST validates them) but are
 * capped, so an oversized request is refused before it reaches the database.
 */
export async function restProxy(app: FastifyInstance, options: { postgrestUrl: string }): Promise<void> {
  await app.register(replyFrom, {
    base: options.postgrestUrl,
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

  // reply-from logs two info lines per proxied request; at load that is most of the gateway's work.
  app.all('/*', { logLevel: 'warn' }, (request, reply) => {
    const path = request.url.slice('/rest/v1'.length) || '/';
    const rawBody = Buffer.isBuffer(request.body) ? request.body : undefined;
    return reply.from(path, {
      // Bodies are forwarded byte for byte with their content type (reply-from would re-encode JSON otherwise).
      ...(rawBody ? { body: rawBody, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      onError(replyWithError, { error }) {
        // PostgREST restarting: answer like PostgREST does while its pool is down, so clients retry.
        request.log.warn({ err: error }, 'PostgREST unreachable');
        replyWithError
          .code(503)
          .header('retry-after', '1')
          .send({ code: 'PGRST000', message: 'Database API is restarting, try again shortly', details: null, hint: null });
      },
    });
  });
}
