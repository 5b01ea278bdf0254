import type { FastifyReply } from 'fastify';

/** How long a client should wait before it tries again: PostgREST's own answer while its pool reconnects. */
const RETRY_AFTER_SECONDS = 1;

/**
 * How a database that cannot be reached shows in an error's `code`: the network's errors (refused, reset, unresolvable
 * host), SQLSTATE class 08 (connection exception), and the server shutting down, crashing or starting up (57P01-57P03)
 * or full (53300).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres reports a connection that ends under a query, or one that cannot be made in time, by message alone. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether `error` means the database is down or unreachable, an outage to wait out rather than a fault of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read by shape: errors raised inside Node's own modules need not be instances of this realm's Error.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  // A connection to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with all of their errors at once.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

/**
 * What every API answers while the database (or PostgREST in front of it) cannot be reached: 503 with Retry-After,
 * which clients retry, and a body in that API's own shape.
 */
export function answerUnavailable(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body);
}
