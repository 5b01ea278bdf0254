import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryOf } from '../request-input';
import type { StackSecrets } from '../secrets';

export const API_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'] as const;

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-upsert',
  'cache-control',
].join(', ');
const EXPOSED_HEADERS = 'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version';

/** Paths Kong leaves open: links people click in emails, and reads of URLs that carry their own proof (public or signed). */
const OPEN_PATHS = [/^\/auth\/v1\/(verify|callback|health)(\?|$)/];
const OPEN_READS = [/^\/storage\/v1\/object\/(public|sign)\//];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.apikey;
  if (typeof header === 'string' && header !== '') return header;
  const { apikey } = queryOf(request);
  return typeof apikey === 'string' && apikey !== '' ? apikey : undefined;
}

/**
 * What Kong does in front of a Supabase project: CORS for browser clients, and an API key (the anon or service_role
 * key) on every API request. A request without an Authorization header acts with its API key's role.
 */
export function registerApiGateway(app: FastifyInstance, secrets: StackSecrets): void {
  const validKeys = new Set([secrets.anonKey, secrets.serviceRoleKey]);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiPath(request.url)) return;
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '3600')
        .code(200)
        .send();
      return reply;
    }
    if (OPEN_PATHS.some((pattern) => pattern.test(request.url))) return;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && OPEN_READS.some((pattern) => pattern.test(request.url))) return;
    const key = apiKeyOf(request);
    if (key === undefined) {
      reply.code(401).send({ message: 'No API key found in request' });
      return reply;
    }
    if (!validKeys.has(key)) {
      reply.code(401).send({ message: 'Invalid API key' });
      return reply;
    }
    if (!request.headers.authorization) request.headers.authorization = `Bearer ${key}`;
  });
}
