import type { FastifyReply } from 'fastify';
import { answerUnavailable } from '../gateway/unavailable';
import { sqlState } from './db';

/** auth-js reads `body.code` as the error code only when the response carries this header (lib/fetch.ts handleError). */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/** An error GoTrue would answer with: HTTP status, machine-readable code and a message people can read. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function authErrorBody(error: AuthError): Record<string, unknown> {
  return { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra };
}

export function sendAuthError(reply: FastifyReply, error: AuthError): FastifyReply {
  return reply.code(error.status).header(API_VERSION_HEADER, API_VERSION).send(authErrorBody(error));
}

/** The database is down or unreachable: a 503 with Retry-After, which auth-js reports as a retryable error. */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  const unavailable = new AuthError(
    503,
    'service_unavailable',
    'The account service cannot reach its database right now. Try again in a moment.',
  );
  return answerUnavailable(reply.header(API_VERSION_HEADER, API_VERSION), authErrorBody(unavailable));
}

export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const userBanned = (status = 400) => new AuthError(status, 'user_banned', 'User is banned');

export const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');

export const noAuthorization = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

export const badJwt = (message: string) => new AuthError(403, 'bad_jwt', message);

export const sessionNotFound = () =>
  new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');

export const otpExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

export const userAlreadyExists = () => new AuthError(422, 'user_already_exists', 'User already registered');

export const userNotFoundById = () => new AuthError(404, 'user_not_found', 'User not found');

export const routeNotFound = () => new AuthError(404, 'not_found', 'Not found');

/** A trigger that refuses data raises P0001 (plpgsql `raise exception`); its message is written for the user. */
export function databaseRefusal(error: unknown): unknown {
  if (sqlState(error) === 'P0001' && error instanceof Error) return validationFailed(error.message);
  return error;
}
