import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIXES } from '../gateway/api-gateway';

export const REMOTES = ['landing', 'admin', 'doctor', 'student'] as const;

export interface AppsOptions {
  /** The repository root: `shell/dist` and `mfe-<remote>/dist` live under it. */
  appsRoot: string;
  publicUrl: string;
  anonKey: string;
}

export function runtimeConfig(publicUrl: string, anonKey: string) {
  return {
    supabaseUrl: publicUrl,
    supabaseAnonKey: anonKey,
    remotes: Object.fromEntries(REMOTES.map((remote) => [remote, `/mfe/${remote}/mf-manifest.json`])),
  };
}

/**
 * Security headers only a document obeys. Helmet sets them on every response; on a script or a style sheet they do
 * nothing and cost ~700 bytes each, which a first page load pays some fifteen times. `nosniff`, the referrer policy
 * (a style sheet's own fetches follow it) and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Files whose names do not change between builds (the page, remote entries, manifests) must be revalidated;
 * content-hashed chunks can be cached for good.
 */
function setCacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  const fixedName = /(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/.test(path);
  res.setHeader('Cache-Control', fixedName ? 'no-cache' : 'public, max-age=31536000, immutable');
}

const SCRIPT_OR_STYLE = /^(application|text)\/(javascript|css)\b/;

/** The built shell at `/` (with SPA fallback), each remote under `/mfe/<name>/`, and `/config.json` for the shell. */
export async function appsPlugin(app: FastifyInstance, options: AppsOptions): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024 });
  const config = runtimeConfig(options.publicUrl, options.anonKey);
  app.get('/config.json', async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(config));

  const shellDist = join(options.appsRoot, 'shell', 'dist');
  // cacheControl: false, or @fastify/static's own `max-age=0` replaces ours.
  const staticOptions = { cacheControl: false, setHeaders: setCacheHeaders };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (SCRIPT_OR_STYLE.test(String(reply.getHeader('content-type') ?? ''))) DOCUMENT_ONLY_HEADERS.forEach((name) => reply.raw.removeHeader(name));
    return payload;
  });
  await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: 'index.html', ...staticOptions });
  for (const remote of REMOTES) {
    await app.register(fastifyStatic, {
      root: join(options.appsRoot, `mfe-${remote}`, 'dist'),
      prefix: `/mfe/${remote}/`,
      decorateReply: false,
      ...staticOptions,
    });
  }

  const indexHtml = join(shellDist, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !request.url.startsWith('/mfe/');
    if (wantsPage && existsSync(indexHtml)) {
      // Every client-side route (contract routes and unknown paths alike) is the shell's to render, its 404 included.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', shellDist);
    }
    if (wantsPage) {
      return reply.code(503).type('text/plain').send('The apps are not built yet: run `npm run build`.');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
