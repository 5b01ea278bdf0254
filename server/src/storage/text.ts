import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { unstorableTextPath } from '../unstorable-text';
import { unsafeText } from './errors';

/**
 * Refuses, before any handler runs, a request whose path, query string or JSON body carries text that no bucket id,
 * key, prefix or search can hold. One check for every route, so no field can be forgotten.
 */
export async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  if (unstorableTextPath(request.params) !== undefined) throw unsafeText('InvalidKey', 'The bucket id or object path');
  const inQuery = unstorableTextPath(request.query);
  if (inQuery !== undefined) throw unsafeText('InvalidRequest', `The query parameter "${inQuery}"`);
  // Upload bodies are the file itself, streamed to disk as bytes.
  if (request.body instanceof Readable) return;
  const inBody = unstorableTextPath(request.body);
  if (inBody !== undefined) throw unsafeText('InvalidRequest', inBody ? `The field "${inBody}"` : 'The request body');
}
