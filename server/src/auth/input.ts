import { isJsonObject, type JsonObject } from '../request-input';
import { validationFailed } from './errors';

/** Request bodies must be JSON objects; a missing body counts as `{}` so that optional-only endpoints accept it. */
export function bodyObject(body: unknown): JsonObject {
  if (body === undefined || body === null) return {};
  if (!isJsonObject(body)) throw validationFailed('Request body must be a JSON object');
  return body;
}

/** `null` is treated as absent: auth-js sends `code_challenge: null` and similar fields. */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${field} must be a string`);
  return value;
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw validationFailed(`${field} must be a boolean`);
  return value;
}

export function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw validationFailed(`${field} must be a JSON object`);
  return value;
}

// The shape GoTrue accepts: a local part of the usual printable characters and a dotted host name.
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Emails are stored lower-cased, so sign-in and duplicate checks are case-insensitive. */
export function foldEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The folded email, or the 400 GoTrue answers when it is not an address. */
export function normalizeEmail(raw: string): string {
  const email = foldEmail(raw);
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return email;
}

/** Phone sign-in is not offered; an empty phone (as some forms send) is tolerated. */
export function refusePhone(body: JsonObject): void {
  const phone = optionalString(body, 'phone');
  if (phone !== undefined && phone !== '') throw validationFailed('Phone sign-in is not supported');
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** GoTrue's metadata update rule: keys in the patch replace existing ones, and a `null` value removes the key. */
export function mergeMetadata(current: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Metadata travels inside every access token (and so in every request's Authorization header): beyond a few KB the
 * tokens outgrow the header limits of servers and proxies, and the account can no longer be used.
 */
const MAX_METADATA_BYTES = 4 * 1024;

export function assertMetadataSize(field: string, metadata: JsonObject): void {
  if (Buffer.byteLength(JSON.stringify(metadata), 'utf8') > MAX_METADATA_BYTES) {
    throw validationFailed(
      `${field} is too large: it may hold at most 4 KB of JSON, because it is sent inside every access token`,
    );
  }
}
