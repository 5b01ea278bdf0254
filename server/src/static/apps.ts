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

/** Files whose names do not change between builds must be revalidated; content-hashed chunks can be cached for good. */
function setCacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  const fixedName = /(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/.test(path);
  res.setHeader('Cache-Control', fixedName ? 'no-cache' : 'public, max-age=31536000, immutable');
}

/** The built shell at `/` (with SPA fallback), each remote under `/mfe/<name>/`, and `/config.json` for the shell. */
export async function appsPlugin(app: FastifyInstance, options: AppsOptions): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024 });
  const config = runtimeConfig(options.publicUrl, options.anonKey);
  app.get('/config.json', async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(config));

  const shellDist = join(options.appsRoot, 'shell', 'dist');
  await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: 'index.html', setHeaders: setCacheHeaders });
  for (const remote of REMOTES) {
    await app.register(fastifyStatic, {
      root: join(options.appsRoot, `mfe-${remote}`, 'dist'),
      prefix: `/mfe/${remote}/`,
      decorateReply: false,
      setHeaders: setCacheHeaders,
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
