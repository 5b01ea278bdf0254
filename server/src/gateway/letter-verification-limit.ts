import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { TokenBuckets } from '../auth/rate-limit';
import { networkOf } from '../auth/sign-in-failures';

/**
 * The one function anyone may call without signing in to look something up: /verify-letter's check of an excuse
 * letter's code (supabase/migrations/20260116000000_clinical_record.sql). A code cannot be guessed (about 2^119 of
 * them), and this keeps it that way for good by making guessing slow too: each network (an IPv4 address, or the /64 of
 * an IPv6 one, as for failed sign-ins) may check `perNetwork` codes per `windowSeconds`, whoever is signed in.
 */
export const LETTER_VERIFICATION_FUNCTION = 'verify_excuse_letter';

export interface LetterVerificationLimit {
  /** The database owner's pool: the buckets are rows of `auth.rate_limits`, shared by every gateway process. */
  pool: Pool;
  perNetwork: number;
  windowSeconds: number;
}

/** Names this limit's buckets in `auth.rate_limits`, apart from the auth endpoints' (`token:…`, `signup:…`). */
const BUCKETS_NAME = 'rest_verify_excuse_letter';

/** Percent-escapes of ASCII bytes decoded; others stay escaped (only ASCII names are compared). Never throws. */
function decodeAscii(path: string): string {
  return path.replace(/%([0-7][0-9A-Fa-f])/g, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The path of a `/rest/v1` request (`url` as the gateway received it, prefix included) as PostgREST routes it. First
 * what the proxy sends on: reply-from resolves the path against PostgREST's address with the WHATWG URL parser, which
 * drops the query and fragment, resolves `.` segments (`%2e` too), reads `\` as `/` and removes tabs and newlines; so
 * `/rest/v1/./rpc/…` calls the function as surely as `/rest/v1/rpc/…`. Then percent-decoded until nothing changes (as
 * `gate.routed_path()` does in the database), so no spelling of the name — `verify%5Fexcuse…`, doubly encoded, `%2F`
 * for a slash — goes unseen.
 */
export function routedRestPath(url: string): string {
  const source = url.startsWith('/rest/v1') ? url.slice('/rest/v1'.length) : url;
  let path: string;
  try {
    // The leading dot keeps `//rpc/…` a path, as reply-from does, instead of a host name.
    path = new URL(`.${source.startsWith('/') ? source : `/${source}`}`, 'http://postgrest.invalid/').pathname;
  } catch {
    path = source.split('?')[0];
  }
  for (let i = 0; i < 10; i++) {
    const decoded = decodeAscii(path);
    if (decoded === path) break;
    path = decoded;
  }
  return path;
}

/**
 * Whether a request under `/rest/v1` calls the letter check: the first two segments of its routed path, however many
 * slashes (or backslashes) separate them and in any case, are `rpc` and the function's name. Matched generously — a
 * spelling PostgREST would not route (a doubly encoded name, say) counts as well, which costs an honest caller nothing.
 */
export function callsLetterVerification(url: string): boolean {
  // Dot segments left after decoding are ones PostgREST takes literally (the URL parser resolved the real ones): they
  // are skipped, not resolved, so they can only make more requests count, never fewer.
  const segments = routedRestPath(url)
    .split(/[/\\]/)
    .map((segment) =>
      segment
        .replace(/[\t\n\r]/g, '')
        .trim()
        .toLowerCase(),
    )
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.length >= 2 && segments[0] === 'rpc' && segments[1] === LETTER_VERIFICATION_FUNCTION;
}

/** "30 seconds", "2 minutes": how long to wait, in words. */
function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "a minute", "every 5 minutes", "every 90 seconds": the window, in words. */
function perWindow(seconds: number): string {
  if (seconds === 60) return 'a minute';
  if (seconds === 3600) return 'an hour';
  return seconds % 60 === 0 ? `every ${seconds / 60} minutes` : `every ${seconds} seconds`;
}

/**
 * Limits the letter check under the REST proxy (registered inside its `/rest/v1` plugin), on every method that can
 * call a function: POST with a JSON body and GET/HEAD with query arguments. An `onRequest` hook, so it counts before the
 * body is read and before anything reaches PostgREST; a refusal is PostgREST's error shape with status 429 and
 * Retry-After, which supabase-js reports as the call's error.
 */
export function registerLetterVerificationLimit(app: FastifyInstance, limit: LetterVerificationLimit): void {
  const limiter = new TokenBuckets(limit.pool, BUCKETS_NAME, limit.perNetwork, limit.windowSeconds);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!callsLetterVerification(request.url)) return;
    const retryAfter = await limiter.take(networkOf(request.ip));
    if (retryAfter === null) return;
    reply
      .code(429)
      .header('retry-after', String(retryAfter))
      .send({
        code: 'over_request_rate_limit',
        message: `Too many letter checks from your network. Please wait ${inWords(retryAfter)} and try again.`,
        details: `At most ${limit.perNetwork} verification codes can be checked ${perWindow(limit.windowSeconds)} from one network.`,
        hint: null,
      });
    return reply;
  });
}
