import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { registerSecurityHeaders } from '../src/gateway/security-headers';
import { appsPlugin } from '../src/static/apps';

/** The built apps as the gateway serves them, on a folder of stand-in build output (no stack needed). */
describe('serving the built apps', () => {
  const BUILT_FILES: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html><head><title>CampusCare</title></head><body><div id="root"></div></body></html>',
    'shell/dist/main.1a2b3c4d.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'shell/dist/461.68de55d0.css': `body { color: ${'#123456; '.repeat(200)} }`,
    'mfe-landing/dist/remoteEntry.js': 'var mfe_landing;',
    'mfe-landing/dist/mf-manifest.json': '{}',
    'mfe-landing/dist/925.4109187f.js': 'export {};',
    'shell/dist/prerendered/index.html':
      '<div id="root" data-prerendered-path="/"><h1>Landing, rendered ahead</h1></div>',
    'shell/dist/prerendered/signin.html':
      '<div id="root" data-prerendered-path="/signin"><h1>Sign in, rendered ahead</h1></div>',
    'shell/dist/prerendered/pages.json': JSON.stringify({
      '/': 'index.html',
      '/signin': 'signin.html',
      '/etc': '../../../../etc/passwd',
    }),
  };
  let appsRoot: string;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    appsRoot = mkdtempSync(join(tmpdir(), 'campuscare-apps-'));
    for (const [file, content] of Object.entries(BUILT_FILES)) {
      mkdirSync(dirname(join(appsRoot, file)), { recursive: true });
      writeFileSync(join(appsRoot, file), content);
    }
    app = Fastify();
    await registerSecurityHeaders(app, { apiOrigin: 'http://localhost:8080', allowEval: false });
    await app.register(appsPlugin, { appsRoot, publicUrl: 'http://localhost:8080', anonKey: 'anon' });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(appsRoot, { recursive: true, force: true });
  });

  async function get(url: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const response = await fetch(`${origin}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  }

  it('lets browsers keep content-hashed chunks for good, and revalidate the page, remote entries and manifests', async () => {
    for (const url of ['/main.1a2b3c4d.js', '/461.68de55d0.css', '/mfe/landing/925.4109187f.js']) {
      expect([url, (await get(url)).headers['cache-control']]).toEqual([url, 'public, max-age=31536000, immutable']);
    }
    for (const url of [
      '/',
      '/signin',
      '/mfe/landing/remoteEntry.js',
      '/mfe/landing/mf-manifest.json',
      '/config.json',
    ]) {
      expect([url, (await get(url)).headers['cache-control']]).toEqual([url, 'no-cache']);
    }
  });

  it('sends the document policies with pages and leaves them off scripts and style sheets, which keep nosniff', async () => {
    for (const url of ['/', '/signin']) {
      const page = await get(url);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    for (const url of ['/main.1a2b3c4d.js', '/461.68de55d0.css', '/mfe/landing/remoteEntry.js']) {
      const asset = await get(url);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['x-frame-options']).toBeUndefined();
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the pages the build rendered ahead at their paths, and the plain shell everywhere else', async () => {
    expect((await get('/')).body).toContain('Landing, rendered ahead');
    expect((await get('/signin')).body).toContain('Sign in, rendered ahead');
    // Rendered without a query string: a page that reads its query renders afresh.
    expect((await get('/signin?email=a%40b.edu')).body).toContain('<div id="root"></div>');
    for (const url of ['/register', '/dashboardd', '/nope', '/etc']) {
      const page = await get(url);
      expect([url, page.status, page.body]).toEqual([url, 200, expect.stringContaining('<div id="root"></div>')]);
    }
  });

  it('compresses what is worth compressing', async () => {
    expect((await get('/main.1a2b3c4d.js')).headers['content-encoding']).toBe('gzip');
  });
});
