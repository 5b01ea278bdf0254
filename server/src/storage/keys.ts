import { invalidKey } from './errors';

const MAX_KEY_BYTES = 1024;
// Each segment becomes a directory name on disk.
const MAX_SEGMENT_BYTES = 200;
// Supabase's own key alphabet (plus letters and digits of any script), without `?`, `#` and `%`, which would break
// the URLs storage-js builds with encodeURI. `~` stays excluded: files.ts relies on no key segment starting with it.
const KEY_CHARS = /^[\p{L}\p{N}_/!\-.*'() &$@=;:+,]+$/u;

/** Splits `bucket/some/key` from a wildcard route into a bucket id and an object key, refusing unsafe keys. */
export function splitObjectPath(wildcard: string): { bucket: string; key: string } {
  const slash = wildcard.indexOf('/');
  if (slash <= 0) throw invalidKey(wildcard);
  const bucket = wildcard.slice(0, slash);
  assertBucketId(bucket);
  const key = wildcard.slice(slash + 1);
  assertObjectKey(key);
  return { bucket, key };
}

export function assertBucketId(bucket: string): void {
  if (!/^[A-Za-z0-9_\-.]+$/.test(bucket) || bucket === '.' || bucket === '..') throw invalidKey(bucket);
}

/** Keys map onto paths under the data directory, so anything that could climb out of it or alias another key is refused. */
export function assertObjectKey(key: string): void {
  if (key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES || !KEY_CHARS.test(key)) throw invalidKey(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw invalidKey(key);
    }
  }
}

/** A list prefix may be empty or end with a slash; its non-empty part follows the key rules. */
export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  assertObjectKey(trimmed);
  return `${trimmed}/`;
}
