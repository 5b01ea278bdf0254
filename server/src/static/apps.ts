import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
 * Files whose names do not change between builds (pages, remote entries, manifests) must be revalidated;
 * content-hashed chunks can be cached for good.
 */
function setCacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  const fixedName = /(\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/.test(path);
  res.setHeader('Cache-Control', fixedName ? 'no-cache' : 'public, max-age=31536000, immutable');
}

/**
 * The pages the build rendered ahead (build/prerender/prerender.js writes them and `pages.json`, path → file, last),
 * read afresh for each page request: a rebuild while the gateway runs replaces them.
 */
async function prerenderedPages(dir: string): Promise<ReadonlyMap<string, string>> {
  try {
    const pages: unknown = JSON.parse(await readFile(join(dir, 'pages.json'), 'utf8'));
    if (typeof pages !== 'object' || pages === null) return new Map();
    return new Map(
      Object.entries(pages).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && /^[a-z]+\.html$/.test(entry[1]),
      ),
    );
  } catch {
    return new Map();
  }
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
    if (SCRIPT_OR_STYLE.test(String(reply.getHeader('content-type') ?? '')))
      DOCUMENT_ONLY_HEADERS.forEach((name) => reply.raw.removeHeader(name));
    return payload;
  });
  // No index: `/` is a page like any other, prerendered or not (sendPage below).
  await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: false, ...staticOptions });
  for (const remote of REMOTES) {
    await app.register(fastifyStatic, {
      root: join(options.appsRoot, `mfe-${remote}`, 'dist'),
      prefix: `/mfe/${remote}/`,
      decorateReply: false,
      ...staticOptions,
    });
  }

  const indexHtml = join(shellDist, 'index.html');
  const prerenderedDir = join(shellDist, 'prerendered');
  /** Every client-side route (contract routes and unknown paths alike) is the shell's to render, its 404 included. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!existsSync(indexHtml))
      return reply.code(503).type('text/plain').send('The apps are not built yet: run `npm run build`.');
    // A page was rendered ahead without a query string; one that reads its query (e.g. ?email=) renders afresh.
    const { pathname, search } = new URL(request.url, 'http://page');
    const prerendered = search === '' ? (await prerenderedPages(prerenderedDir)).get(pathname) : undefined;
    return prerendered ? reply.sendFile(prerendered, prerenderedDir) : reply.sendFile('index.html', shellDist);
  }
  // The static files' wildcard route would answer `/` (a folder) with 403.
  app.get('/', sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi && !request.url.startsWith('/mfe/');
    if (wantsPage) return sendPage(request, reply);
    return reply.code(404).send({ message: 'Not found' });
  });
}
