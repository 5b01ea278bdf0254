import type { SupabaseClient } from '@supabase/supabase-js';
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { signJwt } from '../src/jwt';
import { startTestStack, type TestStack } from './support/stack';

/**
 * Attacks on the account layer around the database, against the real migrations and demo seed: the local
 * mailbox, sessions that must end at once on every API, the default-password gate, token claims, unreadable URLs,
 * the API roles' statement timeout and the security headers.
 */
const DEMO_PASSWORD = 'CampusCare2026';
const NEW_PASSWORD = 'Brand1NewSecret';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('the account layer under attack', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function signedIn(
    email: string,
    password = DEMO_PASSWORD,
  ): Promise<{ client: SupabaseClient; token: string; userId: string }> {
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
    return { client, token: data.session.access_token, userId: data.session.user.id };
  }

  /** A REST read with a bare access token, as an attacker holding a copied token would send it. */
  const restWith = (token: string, path = '/appointments?select=id&limit=1') =>
    fetch(`${stack.url}/rest/v1${path}`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` } });
  const storageListWith = (token: string, bucket = 'avatars') =>
    fetch(`${stack.url}/storage/v1/object/list/${bucket}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });

  async function expectSessionEnded(token: string): Promise<void> {
    const rest = await restWith(token);
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({
      code: 'PT401',
      message: 'Your session has ended. Please sign in again.',
    });
    const storage = await storageListWith(token);
    expect(await storage.json()).toMatchObject({
      statusCode: '401',
      message: 'Your session has ended. Please sign in again.',
    });
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(403);
  }

  describe('the local mailbox', () => {
    it('opens only with the secret printed at start-up, so a requested recovery link cannot be read by others', async () => {
      const recover = await stack.client().auth.resetPasswordForEmail('dr.adams@northfield.edu');
      expect(recover.error).toBeNull();
      await stack.adminPool.query(
        `update public.email_outbox set sent_at = now(), delivered_via = 'mailbox' where sent_at is null`,
      );

      for (const url of [`${stack.url}/mailbox`, `${stack.url}/mailbox?token=`, `${stack.url}/mailbox?token=guess`]) {
        const response = await fetch(url);
        expect(response.status).toBe(401);
        const page = await response.text();
        expect(page).not.toContain('dr.adams@northfield.edu');
        expect(page).not.toContain('/auth/v1/verify');
      }
      const wrongLength = `${stack.mailboxUrl}x`;
      expect((await fetch(wrongLength)).status).toBe(401);

      const opened = await fetch(stack.mailboxUrl as string);
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain('/auth/v1/verify?token=');
    });

    it('is not served at all when turned off (production)', async () => {
      const production = await startTestStack({ mailbox: false, seed: false });
      try {
        expect(production.mailboxUrl).toBeNull();
        const response = await fetch(`${production.url}/mailbox?token=anything`);
        expect(await response.text()).not.toContain('Local mailbox');
      } finally {
        await production.stop();
      }
    });

    it('listens on loopback only unless HOST says otherwise', async () => {
      const port = Number(new URL(stack.url).port);
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      // A machine without a non-loopback address has nothing to expose; the loopback half still checks the binding.
      const reachable = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host, port }, () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
      expect(await reachable('127.0.0.1')).toBe(true);
      if (external) expect(await reachable(external.address)).toBe(false);
    });
  });

  describe('sessions end at once on every API', () => {
    it('refuses the access token of a signed-out session on REST, storage and auth', async () => {
      const doctor = await signedIn('dr.bello@northfield.edu');
      expect((await restWith(doctor.token)).status).toBe(200);
      expect(Array.isArray(await (await storageListWith(doctor.token)).json())).toBe(true);

      expect((await doctor.client.auth.signOut({ scope: 'local' })).error).toBeNull();
      await expectSessionEnded(doctor.token);
    });

    it('ends the whole session when a refresh token is reused, and its access token with it', async () => {
      const student = await signedIn('student02@southbank.edu');
      const { data } = await student.client.auth.getSession();
      const stolenRefresh = data.session?.refresh_token as string;
      const refreshed = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: stolenRefresh }),
      });
      const { access_token: newToken } = (await refreshed.json()) as { access_token: string };
      expect((await restWith(newToken)).status).toBe(200);
      // The grace period for concurrent refreshes is 10 s; past it, a reused token means theft.
      await stack.adminPool.query(
        `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
        [stolenRefresh],
      );
      const reused = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: stolenRefresh }),
      });
      expect(reused.status).toBe(400);
      await expectSessionEnded(newToken);
      await expectSessionEnded(student.token);
    });

    it("ends a deactivated member's sessions on the next request", async () => {
      const student = await signedIn('student03@northfield.edu');
      expect((await restWith(student.token)).status).toBe(200);
      const admin = await signedIn('admin@northfield.edu');
      const deactivated = await admin.client.rpc('set_member_status', {
        member_id: student.userId,
        status: 'deactivated',
      });
      expect(deactivated.error).toBeNull();
      await expectSessionEnded(student.token);
    });

    it('ends the other sessions when the password changes and keeps the one that changed it', async () => {
      const laptop = await signedIn('student04@northfield.edu');
      const phone = await signedIn('student04@northfield.edu');
      const changed = await laptop.client.auth.updateUser({
        password: NEW_PASSWORD,
        current_password: DEMO_PASSWORD,
      } as { password: string });
      expect(changed.error).toBeNull();
      await expectSessionEnded(phone.token);
      expect((await restWith(laptop.token)).status).toBe(200);
    });

    it('refuses a user token whose session never existed or that names none, in both universities', async () => {
      const northfield = await signedIn('student05@northfield.edu');
      const southbank = await signedIn('student05@southbank.edu');
      for (const { token, userId } of [northfield, southbank]) {
        const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
        const forgedSession = signJwt(
          { ...claims, session_id: '00000000-0000-4000-8000-000000000000' },
          stack.jwtSecret,
        );
        const noSession = signJwt({ ...claims, session_id: undefined }, stack.jwtSecret);
        const otherUsersSession = signJwt(
          { ...claims, sub: userId === northfield.userId ? southbank.userId : northfield.userId },
          stack.jwtSecret,
        );
        for (const forged of [forgedSession, noSession, otherUsersSession]) {
          expect((await restWith(forged)).status).toBe(401);
          expect(await (await storageListWith(forged)).json()).toMatchObject({ statusCode: '401' });
        }
        expect((await restWith(token)).status).toBe(200);
      }
    });
  });

  describe('a member an operator has told to choose a new password', () => {
    let invited: { client: SupabaseClient; token: string; userId: string };

    beforeAll(async () => {
      await stack.adminPool.query(
        `update public.members set must_change_password = true where email = 'dr.chen@northfield.edu'`,
      );
      invited = await signedIn('dr.chen@northfield.edu');
    });

    it('reads only its own member row', async () => {
      const own = await invited.client.from('members').select('id, must_change_password');
      expect(own.error).toBeNull();
      expect(own.data).toEqual([{ id: invited.userId, must_change_password: true }]);
      for (const table of [
        'appointments',
        'health_profiles',
        'programs',
        'universities',
        'staff_directory',
        'invitations',
      ]) {
        // Invitations grant their columns one by one (never the link hashes), so `*` is refused outright.
        const read = await invited.client
          .from(table)
          .select(table === 'invitations' ? 'id, email' : '*')
          .limit(5);
        expect({ table, rows: read.data }).toEqual({ table, rows: [] });
      }
    });

    it('may not read a health record, write, or call any function', async () => {
      const student = (
        await stack.adminPool.query(`select id from public.members where email = 'student01@northfield.edu'`)
      ).rows[0].id as string;
      const attempts = [
        await invited.client.rpc('get_health_profile', { student_id: student }),
        await invited.client.rpc('dashboard_counts'),
        await invited.client.from('members').update({ first_name: 'Mallory' }).eq('id', invited.userId).select(),
        await invited.client
          .from('programs')
          .insert({ title: 'x', description: 'x', date: '2030-01-01', time: '10:00' })
          .select(),
      ];
      for (const attempt of attempts) {
        expect(attempt.status).toBe(403);
        expect(attempt.error?.message).toBe('Change your password before you continue.');
      }
      const upload = await invited.client.storage
        .from('avatars')
        .upload(`${invited.userId}/me.png`, PNG, { contentType: 'image/png' });
      expect(upload.error).not.toBeNull();
      const stored = await stack.adminPool.query(`select 1 from storage.objects where name like $1`, [
        `${invited.userId}/%`,
      ]);
      expect(stored.rowCount).toBe(0);
      const member = await stack.adminPool.query('select first_name from public.members where id = $1', [
        invited.userId,
      ]);
      expect(member.rows[0].first_name).not.toBe('Mallory');
    });

    it("gets the doctor's rights once the password is its own", async () => {
      const changed = await invited.client.auth.updateUser({
        password: NEW_PASSWORD,
        current_password: DEMO_PASSWORD,
      } as {
        password: string;
      });
      expect(changed.error).toBeNull();
      const own = await invited.client.from('members').select('must_change_password').eq('id', invited.userId).single();
      expect(own.data).toEqual({ must_change_password: false });
      const appointments = await invited.client.from('appointments').select('id').limit(5);
      expect(appointments.data?.length).toBeGreaterThan(0);
      expect((await invited.client.rpc('dashboard_counts')).error).toBeNull();
    });
  });

  describe('token claims', () => {
    it('refuses tokens without an expiry or for another audience on REST, storage and auth', async () => {
      const doctor = await signedIn('dr.chen@southbank.edu');
      const claims = JSON.parse(Buffer.from(doctor.token.split('.')[1], 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const neverExpires = signJwt({ ...claims, exp: undefined }, stack.jwtSecret);
      const otherAudience = signJwt({ ...claims, aud: 'some-other-api' }, stack.jwtSecret);
      const noAudience = signJwt({ ...claims, aud: undefined }, stack.jwtSecret);
      const anonForever = signJwt({ role: 'anon', iss: 'supabase' }, stack.jwtSecret);
      for (const token of [neverExpires, otherAudience, noAudience, anonForever]) {
        const rest = await restWith(token);
        expect(rest.status).toBe(401);
        expect(await rest.json()).toMatchObject({ code: 'PGRST301' });
        expect(await (await storageListWith(token)).json()).toMatchObject({ statusCode: '403', code: 'InvalidJWT' });
        const user = await fetch(`${stack.url}/auth/v1/user`, {
          headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
        });
        expect(user.status).toBe(403);
      }
      expect((await restWith(doctor.token)).status).toBe(200);
      const asAnon = await stack.client().rpc('university_for_join_code', { join_code: 'NORTHFIELD' });
      expect(asAnon.error).toBeNull();
    });
  });

  describe('unreadable input', () => {
    it('answers a URL with a NUL or broken percent-encoding with a 400, not a 5xx', async () => {
      const doctor = await signedIn('dr.adams@southbank.edu');
      for (const path of [
        '/members%00',
        '/members?first_name=eq.%00',
        '/members?first_name=eq.%E0%A4%A',
        '/members?first_name=eq.%ED%A0%80',
      ]) {
        const response = await restWith(doctor.token, path);
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expect(await response.json()).toMatchObject({ code: 'PGRST100' });
      }
    });

    it('answers a URL that is not percent-encoded UTF-8 in the shape of the API it was sent to', async () => {
      const headers = { apikey: stack.anonKey };
      const storage = await fetch(`${stack.url}/storage/v1/object/info/avatars/%ED%A0%80`, { headers });
      expect(storage.status).toBe(400);
      expect(await storage.json()).toMatchObject({
        statusCode: '400',
        message: 'The request URL is not valid percent-encoded UTF-8',
      });
      const auth = await fetch(`${stack.url}/auth/v1/%zz`, { headers });
      expect(auth.status).toBe(400);
      expect(await auth.json()).toMatchObject({
        error_code: 'validation_failed',
        msg: 'The request URL is not valid percent-encoded UTF-8',
      });
      const page = await fetch(`${stack.url}/%E0%A4%A`);
      expect(page.status).toBe(400);
    });

    it('answers NUL bytes in a REST body with a 4xx and changes nothing', async () => {
      const student = await signedIn('student06@northfield.edu');
      const response = await fetch(`${stack.url}/rest/v1/members?id=eq.${student.userId}`, {
        method: 'PATCH',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${student.token}`,
          'content-type': 'application/json',
        },
        body: '{"first_name":"Nul\\u0000Byte"}',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const member = await stack.adminPool.query('select first_name from public.members where id = $1', [
        student.userId,
      ]);
      expect(member.rows[0].first_name).not.toContain('Nul');
    });
  });

  describe('the API roles', () => {
    it('run with a statement timeout through PostgREST', async () => {
      await stack.adminPool.query(`create function public.probe_statement_timeout() returns text language sql
        as $$ select current_setting('statement_timeout') $$`);
      await stack.adminPool.query('grant execute on function public.probe_statement_timeout() to anon, authenticated');
      try {
        await stack.adminPool.query(`notify pgrst, 'reload schema'`);
        const student = await signedIn('student07@northfield.edu');
        let asStudent: unknown;
        for (let attempt = 0; attempt < 50 && asStudent === undefined; attempt += 1) {
          const { data } = await student.client.rpc('probe_statement_timeout');
          if (data === null) await new Promise((resolve) => setTimeout(resolve, 100));
          else asStudent = data;
        }
        expect(asStudent).toBe('8s');
        expect((await stack.client().rpc('probe_statement_timeout')).data).toBe('3s');
      } finally {
        await stack.adminPool.query('drop function public.probe_statement_timeout()');
      }
    });
  });

  describe('security headers', () => {
    it('sends a Content-Security-Policy with frame-ancestors, nosniff and a referrer policy on pages', async () => {
      for (const path of ['/', '/signin', '/config.json']) {
        const response = await fetch(`${stack.url}${path}`);
        const policy = response.headers.get('content-security-policy') ?? '';
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("script-src 'self'");
        expect(policy).not.toContain('unsafe-eval');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      }
    });
  });
});
