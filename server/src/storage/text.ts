import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { unsafeText } from './errors';

/**
 * NUL, which PostgreSQL text cannot hold, and UTF-16 surrogates without their pair, which have no UTF-8 form: the
 * database would reject the first with a server error and silently replace the second, and encodeURIComponent throws
 * on them.
 */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where the first unsafe string in a parsed JSON value sits (`paths[1]`, `sortBy.column`; '' for the value itself).
 * Walked with an explicit stack: a body nested a hundred thousand levels deep must not overflow the call stack.
 */
function unsafeTextPath(root: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (UNSAFE_TEXT.test(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]` }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) pending.push({ value: item, path: path ? `${path}.${name}` : name });
    }
  }
  return undefined;
}

/**
 * Refuses, before any handler runs, a request whose path, query string or JSON body carries text that no bucket id,
 * key, prefix or search can hold. One check for every route, so no field can be forgotten.
 */
export async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  if (unsafeTextPath(request.params) !== undefined) throw unsafeText('InvalidKey', 'The bucket id or object path');
  const inQuery = unsafeTextPath(request.query);
  if (inQuery !== undefined) throw unsafeText('InvalidRequest', `The query parameter "${inQuery}"`);
  // Upload bodies are the file itself, streamed to disk as bytes.
  if (request.body instanceof Readable) return;
  const inBody = unsafeTextPath(request.body);
  if (inBody !== undefined) throw unsafeText('InvalidRequest', inBody ? `The field "${inBody}"` : 'The request body');
}
