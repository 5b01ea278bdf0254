import { isJsonObject, type JsonObject } from '../request-input';
import { unstorableTextPath } from '../unstorable-text';
import { invalidRequest, StorageError, unsafeText } from './errors';

/**
 * Custom metadata comes back with every object info and, on raw uploads, arrives in a header (which Node caps at
 * 16 KB for all headers together). Supabase Storage allows up to 1 MB; a few KB is plenty for captions and tags.
 */
const MAX_CUSTOM_METADATA_BYTES = 8 * 1024;

// Standard base64 with its padding, as storage-js writes it (Buffer's 'base64' or btoa).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const metadataTooLarge = () =>
  new StorageError(
    '413',
    'EntityTooLarge',
    'Payload too large',
    `The custom metadata may hold at most ${MAX_CUSTOM_METADATA_BYTES / 1024} KB of JSON`,
  );

/**
 * Supabase Storage keeps whatever parses and silently drops the rest; here metadata that cannot be kept as sent is
 * refused, so nobody believes it was stored.
 */
function parseCustomMetadata(json: string, source: string): JsonObject {
  if (Buffer.byteLength(json, 'utf8') > MAX_CUSTOM_METADATA_BYTES) throw metadataTooLarge();
  const notAnObject = () => invalidRequest(`${source} must be a JSON object, such as {"caption":"Campus map"}`);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw notAnObject();
  }
  if (!isJsonObject(value)) throw notAnObject();
  const unstorable = unstorableTextPath(value);
  if (unstorable !== undefined) throw unsafeText('InvalidRequest', `The custom metadata field "${unstorable}"`);
  return value;
}

/** The `x-metadata` header of a raw upload: UTF-8 JSON in base64, as storage-js sends `upload(..., { metadata })`. */
export function customMetadataFromHeader(header: string | string[] | undefined): JsonObject {
  if (header === undefined) return {};
  const notBase64 = () => invalidRequest('The x-metadata header must be a JSON object encoded in base64');
  if (typeof header !== 'string' || !BASE64.test(header)) throw notBase64();
  let json: string;
  try {
    json = strictUtf8.decode(Buffer.from(header, 'base64'));
  } catch {
    throw notBase64();
  }
  return parseCustomMetadata(json, 'The x-metadata header');
}

/** The `metadata` field of a multipart upload, which storage-js sends as the JSON text itself. */
export function customMetadataFromField(json: string | undefined): JsonObject {
  return json === undefined ? {} : parseCustomMetadata(json, 'The metadata field');
}
