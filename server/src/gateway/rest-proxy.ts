import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { bearerToken, cachedApiTokenVerifier, JwtError } from '../jwt';
import { unstorableTextPath } from '../unstorable-text';
import { registerLetterVerificationLimit, type LetterVerificationLimit } from './letter-verification-limit';
import { answerUnavailable } from './unavailable';

const MAX_BODY_BYTES = 1024 * 1024;

/** PostgREST's error body, so supabase-js reads the gateway's refusals like PostgREST's own. */
function refuse(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ code, message, details: null, hint: null });
}

/** What PostgREST answers while its pool is down: a 503 the client retries. */
function answerRestarting(reply: FastifyReply): void {
  void answerUnavailable(reply, {
    code: 'PGRST000',
    message: 'Database API is restarting, try again shortly',
    details: null,
    hint: null,
  });
}

/**
 * A query whose connection died under it reaches PostgREST as an error without SQLSTATE or message (libpq's own
 * report), and PostgREST answers any unknown SQLSTATE with 400. Every error PostgreSQL raises has a SQLSTATE, so
 * this 400 is an outage, not a fault in the request.
 */
function isLostConnection(body: Buffer): boolean {
  try {
    const error = JSON.parse(body.toString('utf8')) as { code?: unknown; message?: unknown };
    return error.code === '' && error.message === '';
  } catch {
    return false;
  }
}

/**
 * A URL PostgREST cannot take apart: malformed percent-encoding (which also covers encoded lone surrogates) or an
 * encoded NUL, which PostgreSQL text cannot hold. Left to PostgREST, such a request fails inside it instead of
 * being refused.
 */
function unreadableUrl(url: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return 'The request URL is not valid percent-encoded UTF-8';
  }
  return unstorableTextPath(decoded) === undefined ? undefined : 'The request URL contains a NUL character';
}

/**
 * The token PostgREST will act on. PostgREST itself accepts a token without `exp` and any audience when none is
 * configured; the gateway holds every API to the same rule (jwt.ts verifyApiToken).
 */
function tokenRefusal(request: FastifyRequest, verifyToken: (token: string) => unknown): string | undefined {
  const token = bearerToken(request.headers.authorization);
  if (!token) return 'Authorization header must be "Bearer <token>"';
  try {
    verifyToken(token);
    return undefined;
  } catch (error) {
    if (error instanceof JwtError) return error.message;
    throw error;
  }
}

/**
 * `/rest/v1/*` → PostgREST with the prefix stripped. Bodies pass through unparsed (PostgREST validates them) but are
 * capped, so an oversized request is refused before it reaches the database. With `letterVerificationLimit`, the
 * public excuse-letter check is rate-limited per network (letter-verification-limit.ts).
 */
export async function restProxy(
  app: FastifyInstance,
  options: { postgrestUrl: string; jwtSecret: string; letterVerificationLimit?: LetterVerificationLimit },
): Promise<void> {
  await app.register(replyFrom, {
    base: options.postgrestUrl,
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 },
  });
  const verifyToken = cachedApiTokenVerifier(options.jwtSecret);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  if (options.letterVerificationLimit) registerLetterVerificationLimit(app, options.letterVerificationLimit);

  // reply-from logs two info lines per proxied request; at load that is most of the gateway's work.
  app.all('/*', { logLevel: 'warn' }, (request, reply) => {
    const badUrl = unreadableUrl(request.url);
    if (badUrl) return refuse(reply, 400, 'PGRST100', badUrl);
    const badToken = tokenRefusal(request, verifyToken);
    if (badToken) return refuse(reply, 401, 'PGRST301', badToken);
    const path = request.url.slice('/rest/v1'.length) || '/';
    const rawBody = Buffer.isBuffer(request.body) ? request.body : undefined;
    return reply.from(path, {
      // Bodies are forwarded byte for byte with their content type (reply-from would re-encode JSON otherwise).
      ...(rawBody ? { body: rawBody, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      // Both hooks are handed this same reply, typed for any server; the route's own `reply` is typed for ours.
      onResponse(_request, _sameReply, response) {
        // Only a 400 is read whole, to tell a lost connection from a refused request; the rest stream through.
        if (response.statusCode !== 400) return void reply.send(response.stream);
        buffer(response.stream).then(
          (body) =>
            isLostConnection(body) ? answerRestarting(reply.removeHeader('content-length')) : void reply.send(body),
          () => answerRestarting(reply.removeHeader('content-length')),
        );
      },
      onError(_sameReply, { error }) {
        request.log.warn({ err: error }, 'PostgREST unreachable');
        answerRestarting(reply);
      },
    });
  });
}
