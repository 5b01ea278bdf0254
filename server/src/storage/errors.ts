import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { answerUnavailable, isDatabaseUnavailable } from '../gateway/unavailable';

/**
 * A refusal in Supabase Storage's shape. storage-js only reads the body, so refusals travel as HTTP 400 and the
 * meaningful status lives in `statusCode` (a string, as the real server sends it); only Storage's router answers with
 * the real status (`httpStatus`), for routes it does not have.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }

  toJSON(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: this.statusCode, code: this.code, error: this.error, message: this.message };
  }
}

export const objectNotFound = () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const rlsRefused = () =>
  new StorageError('403', 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy');
/** `message` is PostgreSQL's own, which names the table, function or schema the caller's role may not use. */
export const accessDenied = (message: string) => new StorageError('403', 'AccessDenied', 'Unauthorized', message);
export const alreadyExists = () => new StorageError('409', 'Duplicate', 'Duplicate', 'The resource already exists');
export const invalidKey = (key: string) =>
  new StorageError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`);
export const invalidRequest = (message: string) => new StorageError('400', 'InvalidRequest', 'Invalid Input', message);
export const invalidJwt = (message: string) => new StorageError('403', 'InvalidJWT', 'Unauthorized', message);
export const entityTooLarge = () =>
  new StorageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (message: string) =>
  new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', message);
/** `url` is as Storage sees it behind Supabase's API gateway: without `/storage/v1`, with the query string. */
export const routeNotFound = (method: string, url: string) =>
  new StorageError('404', 'InvalidRequest', 'Not Found', `Route ${method}:${url} not found`, 404);
export const notSupported = (feature: string) =>
  new StorageError('501', 'NotSupported', 'not_supported', `${feature} is not supported by this storage server`);
/** `where` names the offending key or field for the person reading the message. */
export const unsafeText = (code: 'InvalidKey' | 'InvalidRequest', where: string) =>
  new StorageError(
    '400',
    code,
    'Invalid Input',
    `${where} contains a NUL character or invalid Unicode (an unpaired surrogate)`,
  );
export const uploadTimedOut = (idleMs: number) =>
  new StorageError(
    '408',
    'RequestTimeout',
    'Request Timeout',
    `The upload sent no data for ${idleMs / 1000} s and was abandoned`,
  );
export const uploadIncomplete = () =>
  new StorageError('400', 'InvalidRequest', 'Invalid Input', 'The upload ended before the whole file arrived');

interface PgError extends Error {
  code: string;
}

function isPgError(error: unknown): error is PgError {
  const code: unknown = error instanceof Error ? (error as Partial<PgError>).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * SQLSTATE 42501 covers both a policy's refusal and a privilege the caller's role lacks (on a table, function or
 * schema a policy uses). As in Supabase Storage, only the first gets the row-level security message.
 */
function isMissingPrivilege(error: unknown): error is PgError {
  return isPgError(error) && error.code === '42501' && !error.message.includes('row-level security');
}

function toStorageError(error: unknown): StorageError | undefined {
  if (error instanceof StorageError) return error;
  if (isPgError(error)) {
    if (error.code === '42501') return isMissingPrivilege(error) ? accessDenied(error.message) : rlsRefused();
    if (error.code === '23505') return alreadyExists();
    return undefined;
  }
  // Fastify's own client errors (malformed JSON, unsupported content type, multipart framing...).
  const fastifyError = error as Partial<FastifyError>;
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new StorageError(
      String(fastifyError.statusCode),
      fastifyError.code ?? 'InvalidRequest',
      'Invalid Input',
      fastifyError.message ?? 'Invalid request',
    );
  }
  return undefined;
}

const databaseUnavailable = () =>
  new StorageError(
    '503',
    'DatabaseError',
    'Service Unavailable',
    'Storage cannot reach its database right now. Try again in a moment.',
    503,
  );
const outOfSpace = () =>
  new StorageError(
    '507',
    'InternalError',
    'Insufficient Storage',
    'The server has no room for files right now. Try again later, and tell your administrator if it keeps happening.',
    507,
  );
const filesUnwritable = () =>
  new StorageError(
    '500',
    'InternalError',
    'internal',
    'The server cannot read or write its files right now. Try again later, and tell your administrator if it keeps happening.',
    500,
  );

/** File system errors that are the server's state, not the request's: said plainly, without the paths they carry. */
const DISK_FAULTS = new Map<unknown, () => StorageError>([
  ['ENOSPC', outOfSpace],
  ['EDQUOT', outOfSpace],
  ['EACCES', filesUnwritable],
  ['EPERM', filesUnwritable],
  ['EROFS', filesUnwritable],
]);

/** What the server answers for a failure of its own that is no outage: a disk fault, or an internal error. */
function serverFault(error: unknown): StorageError {
  const diskFault = DISK_FAULTS.get((error as { code?: unknown } | null)?.code);
  return diskFault ? diskFault() : new StorageError('500', 'InternalError', 'internal', 'Internal Server Error', 500);
}

export function handleStorageError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const refusal = toStorageError(error);
  if (refusal) {
    // The caller is refused, but the grants are what is wrong: whoever runs the server needs to hear of it.
    if (isMissingPrivilege(error))
      request.log.warn({ err: error }, 'storage refused a request: a database role lacks a privilege');
    void reply.code(refusal.httpStatus).send(refusal.toJSON());
    return;
  }
  request.log.error({ err: error }, 'storage request failed');
  if (isDatabaseUnavailable(error)) {
    void answerUnavailable(reply, databaseUnavailable().toJSON());
    return;
  }
  const fault = serverFault(error);
  void reply.code(fault.httpStatus).send(fault.toJSON());
}
