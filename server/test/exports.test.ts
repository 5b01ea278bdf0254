import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { request as httpRequest } from 'node:http';
import { signJwt } from '../src/jwt';
import { startTestStack, type TestStack } from './support/stack';

/**
 * The CSV exports the gateway streams (`POST /functions/v1/export`), against the real migrations and demo seed: the
 * caller's token and the database decide who gets what, the file arrives whole however many batches it takes, and a
 * client that leaves mid-file leaves no transaction behind.
 */
const DEMO_PASSWORD = 'CampusCare2026';
const NORTHFIELD_ID = 'a1f0c3e2-0000-4000-8000-000000000001';

describe('CSV exports', () => {
  let stack: TestStack;
  const clients = new Map<string, { client: SupabaseClient; token: string }>();

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function signedIn(email: string): Promise<{ client: SupabaseClient; token: string }> {
    const known = clients.get(email);
    if (known) return known;
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
    const session = { client, token: data.session.access_token };
    clients.set(email, session);
    return session;
  }

  /** What supabase-js's functions.invoke gives the browser: the text, or the refusal's status and body. */
  async function invoke(
    email: string,
    body: Record<string, string>,
  ): Promise<{ text?: string; status?: number; refusal?: unknown }> {
    const { client } = await signedIn(email);
    const { data, error } = await client.functions.invoke<string>('export', { body });
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      return { status: response.status, refusal: await response.json() };
    }
    if (error) throw error;
    return { text: data ?? '' };
  }

  const lines = (text: string | undefined) => (text ?? '').split('\r\n').filter((line) => line !== '');

  it('gives an administrator the students of their university, one line each after the header', async () => {
    const { text } = await invoke('registrar@northfield.edu', { report: 'students' });
    const rows = lines(text);
    expect(rows[0]).toMatch(/^"Last name","First name","Email",/);
    expect(rows).toHaveLength(21);
    expect(rows.filter((row) => row.includes('@southbank.edu'))).toEqual([]);
  });

  it.each([
    ['staff', {}, /^"Last name","First name","Email","Role"/],
    ['programs', {}, /^"Title","Date"/],
    ['appointments', { from: '2026-01-01', to: '2026-12-31' }, /^"Date","Time \(America\/New_York\)"/],
  ])('exports %s', async (report, extra, header) => {
    const { text } = await invoke('admin@northfield.edu', { report, ...extra });
    expect(lines(text)[0]).toMatch(header);
  });

  it('refuses what the database refuses, in its words, and what is not an export', async () => {
    expect(await invoke('dr.adams@northfield.edu', { report: 'students' })).toEqual({
      status: 400,
      refusal: {
        code: 'P0001',
        message: 'Only university administrators can export students',
        details: null,
        hint: null,
      },
    });
    expect(await invoke('student01@northfield.edu', { report: 'staff' })).toMatchObject({
      status: 400,
      refusal: { message: 'Only university administrators can export staff' },
    });
    expect(await invoke('registrar@northfield.edu', { report: 'appointments', from: '2026-01-01' })).toMatchObject({
      status: 400,
      refusal: { message: 'Choose the first and last day to export (YYYY-MM-DD)' },
    });
    expect(
      await invoke('registrar@northfield.edu', { report: 'appointments', from: '2026-02-01', to: '2026-01-01' }),
    ).toMatchObject({
      status: 400,
      refusal: { message: 'The last day must be on or after the first day' },
    });
    expect(await invoke('registrar@northfield.edu', { report: 'health_records' })).toMatchObject({
      status: 400,
      refusal: { message: 'Choose what to export: students, staff, programs, appointments' },
    });
  });

  it('answers a signed-out caller, a forged token and an ended session without a line of data', async () => {
    const post = (authorization?: string) =>
      fetch(`${stack.url}/functions/v1/export`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ report: 'students' }),
      });
    const anonymous = await post();
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ code: '42501' });

    const iat = Math.floor(Date.now() / 1000);
    const forged = signJwt(
      { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated', iat, exp: iat + 60 },
      'not-the-secret',
    );
    const forgery = await post(`Bearer ${forged}`);
    expect(forgery.status).toBe(403);
    expect(await forgery.json()).toMatchObject({ code: 'InvalidJWT' });

    const { client, token } = await signedIn('admin@southbank.edu');
    await client.auth.signOut();
    clients.delete('admin@southbank.edu');
    const ended = await post(`Bearer ${token}`);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toMatchObject({ message: 'Your session has ended. Please sign in again.' });

    const noKey = await fetch(`${stack.url}/functions/v1/export`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
  });

  describe('with 5,000 invited students', () => {
    beforeAll(async () => {
      await stack.adminPool.query(
        `insert into public.student_roster (university_id, email, first_name, last_name, reg_number, department, year_of_study)
         select $1, format('bulk%s@example.edu', n), 'Bulk', format('Student%s', lpad(n::text, 5, '0')), format('BULK/%s', n), 'Law', 1
         from generate_series(1, 5000) n`,
        [NORTHFIELD_ID],
      );
    });

    it('streams the whole file over many batches, in order', async () => {
      const rows = lines((await invoke('registrar@northfield.edu', { report: 'students' })).text);
      expect(rows).toHaveLength(1 + 20 + 5000);
      const bulk = rows.filter((row) => row.includes('"Bulk"'));
      expect(bulk[0]).toMatch(/^"Student00001","Bulk","bulk1@example\.edu"/);
      expect(bulk[4999]).toMatch(/^"Student05000","Bulk"/);
    });

    it('leaves no transaction open when the client goes away mid-file', async () => {
      const { token } = await signedIn('registrar@northfield.edu');
      const url = new URL(`${stack.url}/functions/v1/export`);
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (error) =>
          (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
        );
        req.end(JSON.stringify({ report: 'students' }));
      });
      const open = async () =>
        Number(
          (
            await stack.adminPool.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity where state like 'idle in transaction%' and query like '%export_lines%'`,
            )
          ).rows[0].n,
        );
      for (let attempt = 0; attempt < 100 && (await open()) > 0; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await open()).toBe(0);
      // The gateway goes on serving exports.
      expect(lines((await invoke('registrar@northfield.edu', { report: 'students' })).text)).toHaveLength(
        1 + 20 + 5000,
      );
    });
  });
});
