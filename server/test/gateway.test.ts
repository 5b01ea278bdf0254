import { signJwt } from '../src/jwt';
import { startTestStack, type TestStack } from './support/stack';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

const FIXTURE_SUPABASE = join(__dirname, 'fixtures', 'supabase');

describe('gateway', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE_SUPABASE });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const userToken = (sub: string) => {
    const iat = Math.floor(Date.now() / 1000);
    return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat, exp: iat + 600 }, stack.jwtSecret);
  };

  it('serves the runtime config with the public URL, anon key and remote manifests', async () => {
    const res = await fetch(`${stack.url}/config.json`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as { supabaseAnonKey: string };
    expect(config).toEqual({
      supabaseUrl: stack.url,
      supabaseAnonKey: stack.anonKey,
      remotes: {
        landing: '/mfe/landing/mf-manifest.json',
        admin: '/mfe/admin/mf-manifest.json',
        doctor: '/mfe/doctor/mf-manifest.json',
        student: '/mfe/student/mf-manifest.json',
      },
    });
    expect(config.supabaseAnonKey).not.toBe(stack.serviceRoleKey);
  });

  it.each(['/rest/v1/notes', '/auth/v1/user', '/storage/v1/bucket'])(
    'refuses %s without an API key like Kong',
    async (path) => {
      const res = await fetch(`${stack.url}${path}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'No API key found in request' });
    },
  );

  it('refuses a wrong API key like Kong, in the header or the query string', async () => {
    const forged = signJwt({ iss: 'supabase', role: 'service_role' }, 'not-the-secret');
    for (const init of [{ headers: { apikey: forged } }, {}]) {
      const url = `${stack.url}/rest/v1/notes${'headers' in init ? '' : `?apikey=${forged}`}`;
      const res = await fetch(url, init);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid API key' });
    }
  });

  it('answers CORS preflights for browser clients and exposes the headers supabase-js reads', async () => {
    const res = await fetch(`${stack.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, prefer',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const get = await fetch(`${stack.url}/rest/v1/notes`, { headers: { apikey: stack.anonKey } });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('proxies PostgREST under RLS: each user reads and writes only their own rows', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const asAlice = stack.client(userToken(alice));
    const asBob = stack.client(userToken(bob));

    const inserted = await asAlice.from('notes').insert({ body: 'alice note' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ owner_id: alice, body: 'alice note' });

    const forged = await asBob.from('notes').insert({ body: 'pretending', owner_id: alice });
    expect(forged.error?.code).toBe('42501');

    const bobSees = await asBob.from('notes').select('*', { count: 'exact' });
    expect(bobSees.error).toBeNull();
    expect(bobSees.data).toEqual([]);
    expect(bobSees.count).toBe(0);

    const aliceSees = await asAlice.from('notes').select('body');
    expect(aliceSees.data).toEqual([{ body: 'alice note' }]);

    const anonymous = await stack.client().from('notes').select('*');
    expect(anonymous.error?.code).toBe('42501');
  });

  it('refuses malformed JSON and oversized bodies and writes nothing', async () => {
    const owner = randomUUID();
    const headers = {
      apikey: stack.anonKey,
      authorization: `Bearer ${userToken(owner)}`,
      'content-type': 'application/json',
    };
    const malformed = await fetch(`${stack.url}/rest/v1/notes`, {
      method: 'POST',
      headers,
      body: '{"body": "unterminated',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/JSON/i);

    const oversized = await fetch(`${stack.url}/rest/v1/notes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ body: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(oversized.status).toBe(413);

    const rows = await stack.adminPool.query('select count(*)::int as n from public.notes where owner_id = $1', [
      owner,
    ]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('survives kill -9 of PostgREST: 503 while it restarts, then requests succeed again', async () => {
    const before = stack.postgrest.currentPid();
    expect(before).toBeDefined();
    process.kill(before as number, 'SIGKILL');
    const statuses: number[] = [];
    let recovered = false;
    for (let attempt = 0; attempt < 100 && !recovered; attempt += 1) {
      const res = await fetch(`${stack.url}/rest/v1/notes?select=id`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${userToken(randomUUID())}` },
      });
      statuses.push(res.status);
      recovered = res.status === 200;
      if (!recovered) {
        expect(res.status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(recovered).toBe(true);
    expect(stack.postgrest.currentPid()).not.toBe(before);
  });

  it('serves unknown API paths as JSON 404 and page paths as the shell (or a clear message when not built)', async () => {
    const api = await fetch(`${stack.url}/storage/v1/nope`, { headers: { apikey: stack.anonKey } });
    expect(api.status).toBeGreaterThanOrEqual(400);
    const page = await fetch(`${stack.url}/dashboardd`);
    expect([200, 503]).toContain(page.status);
    expect(page.headers.get('content-type')).toMatch(/text\/(html|plain)/);
  });
});
