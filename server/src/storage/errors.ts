import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A refusal in Supabase Storage's shape. storage-js only reads the body, so every refusal travels as HTTP 400
 * and the meaningful status lives in `statusCode` (a string, as the real server sends it).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
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
export const alreadyExists = () => new StorageError('409', 'Duplicate', 'Duplicate', 'The resource already exists');
export const invalidKey = (key: string) => new StorageError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`);
export const invalidRequest = (message: string) => new StorageError('400', 'InvalidRequest', 'Invalid Input', message);
export const invalidJwt = (message: string) => new StorageError('403', 'InvalidJWT', 'Unauthorized', message);
export const entityTooLarge = () =>
  new StorageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (message: string) => new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', message);
export const routeNotFound = () => new StorageError('404', 'NotFound', 'not_found', 'Route not found');
export const notSupported = (feature: string) =>
  new StorageError('501', 'NotSupported', 'not_supported', `${feature} is not supported by this storage server`);
/** `where` names the offending key or field for the person reading the message. */
export const unsafeText = (code: 'InvalidKey' | 'InvalidRequest', where: string) =>
  new StorageError('400', code, 'Invalid Input', `${where} contains a NUL character or invalid Unicode (an unpaired surrogate)`);
export const uploadTimedOut = (idleMs: number) =>
  new StorageError('408', 'RequestTimeout', 'Request Timeout', `The upload sent no data for ${idleMs / 1000} s and was abandoned`);
export const uploadIncomplete = () =>
  new StorageError('400', 'InvalidRequest', 'Invalid Input', 'The upload ended before the whole file arrived');

interface PgError {
  code: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code);
}

function toStorageError(error: unknown): StorageError | undefined {
  if (error instanceof StorageError) return error;
  if (isPgError(error)) {
    if (error.code === '42501') return rlsRefused();
    if (error.code === '23505') return alreadyExists();
    return undefined;
  }
  // Fastify's own client errors (malformed JSON, unsupported content type, multipart framing...).
  const fastifyError = error as Partial<FastifyError>;
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new StorageError(String(fastifyError.statusCode), fastifyError.code ?? 'InvalidRequest', 'Invalid Input', fastifyError.message ?? 'Invalid request');
  }
  return undefined;
}

export function handleStorageError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const refusal = toStorageError(error);
  if (refusal) {
    void reply.code(400).send(refusal.toJSON());
    return;
  }
  request.log.error({ err: error }, 'storage request failed');
  void reply.code(500).send({ statusCode: '500', code: 'InternalError', error: 'internal', message: 'Internal Server Error' });
}
