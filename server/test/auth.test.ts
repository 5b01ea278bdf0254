import { AuthApiError, AuthWeakPasswordError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import { authRoutes } from '../src/auth/routes';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits, type GatewayContext } from '../src/gateway/context';
import { registerApiGateway } from '../src/gateway/api-gateway';
import { verifyJwt } from '../src/jwt';
import { freePort } from '../src/ports';
import { startCluster, type Cluster } from '../src/postgres/cluster';
import { migrate } from '../src/postgres/migrate';
import { loadOrCreateSecrets, type StackSecrets } from '../src/secrets';

/**
 * The auth service behind the real gateway hooks, driven by the real supabase-js client over HTTP. The database is a
 * bare cluster (bootstrap only, no app migrations) so the tests control which triggers and tables exist.
 */
const GRACE_SECONDS = 1;
const STRONG = 'Correct1Horse';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let dataDir: string;
let cluster: Cluster;
let secrets: StackSecrets;
const gateways: FastifyInstance[] = [];
let url: string;

async function startGateway(limits: Partial<AuthRateLimits> = {}): Promise<string> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const ctx: GatewayContext = {
    adminPool: cluster.adminPool,
    secrets,
    publicUrl,
    dataDir,
    logger,
    authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...limits },
    requestGate: null,
  };
  const app = Fastify();
  registerApiGateway(app, secrets);
  await app.register(authRoutes(ctx, { refreshReuseGraceSeconds: GRACE_SECONDS }), { prefix: '/auth/v1' });
  await app.listen({ port, host: '127.0.0.1' });
  gateways.push(app);
  return publicUrl;
}

function client(key = secrets.anonKey, base = url): SupabaseClient {
  return createClient(base, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
}

let emailCounter = 0;
const newEmail = () => `user${Date.now()}.${++emailCounter}@campus.test`;

async function signedUp(data: Record<string, unknown> = {}) {
  const email = newEmail();
  const supabase = client();
  const { data: result, error } = await supabase.auth.signUp({ email, password: STRONG, options: { data } });
  if (error || !result.session) throw error ?? new Error('no session');
  return { email, supabase, session: result.session, user: result.session.user };
}

async function countUsers(email: string): Promise<number> {
  const { rows } = await cluster.adminPool.query('select 1 from auth.users where lower(email) = lower($1)', [email]);
  return rows.length;
}

function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${url}/auth/v1${path}`, { ...init, headers: { apikey: secrets.anonKey, ...init.headers } });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'campuscare-auth-'));
  secrets = loadOrCreateSecrets(dataDir);
  cluster = await startCluster({ dataDir, port: await freePort(), superuserPassword: secrets.superuserPassword, logger });
  await migrate({
    pool: cluster.adminPool,
    supabaseDir: join(dataDir, 'no-supabase'),
    authenticatorPassword: secrets.authenticatorPassword,
    runSeed: false,
    logger,
  });
  url = await startGateway();
});

afterAll(async () => {
  for (const app of gateways) await app.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sign-up', () => {
  it('creates a confirmed email user with its metadata and returns a session auth-js accepts', async () => {
    const { email, session, user } = await signedUp({ kind: 'student', first_name: 'Ada' });
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { kind: 'student', first_name: 'Ada' },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeDefined();
    expect(user.confirmed_at).toBeDefined();
    expect(user.last_sign_in_at).toBeDefined();
    expect(user.identities).toHaveLength(1);
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id, id: user.id });

    const claims = verifyJwt(session.access_token, secrets.jwtSecret);
    expect(claims).toMatchObject({
      iss: `${url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { kind: 'student', first_name: 'Ada' },
      is_anonymous: false,
    });
    expect(claims.exp).toBe((claims.iat as number) + 3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof claims.session_id).toBe('string');

    const { rows } = await cluster.adminPool.query('select encrypted_password from auth.users where id = $1', [user.id]);
    expect(rows[0].encrypted_password).toMatch(/^\$2[ab]\$10\$/);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const { email } = await signedUp();
    const { data, error } = await client().auth.signUp({ email: email.toUpperCase(), password: STRONG });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it.each([
    ['Short1', ['length']],
    ['alllowercase1', ['characters']],
    ['short', ['length', 'characters']],
    [`A1${'a'.repeat(71)}`, ['length']],
  ])('refuses the weak password %s with reasons %j and stores nothing', async (password, reasons) => {
    const email = newEmail();
    const { error } = await client().auth.signUp({ email, password });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons });
    expect(error?.message).toMatch(/Password/);
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses an invalid email address', async () => {
    const { error } = await client().auth.signUp({ email: 'not-an-email', password: STRONG });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });

  it('turns a refusal by a database trigger into a 400 with its message, and stores nothing', async () => {
    await cluster.adminPool.query(`
      create or replace function public.refuse_unknown_kind() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin
        if new.raw_user_meta_data ->> 'kind' = 'alien' then raise exception 'Unknown account kind: alien'; end if;
        return new;
      end $$;
      create or replace trigger refuse_unknown_kind after insert on auth.users
        for each row execute function public.refuse_unknown_kind();`);
    try {
      const email = newEmail();
      const { error } = await client().auth.signUp({ email, password: STRONG, options: { data: { kind: 'alien' } } });
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unknown account kind: alien' });
      expect(await countUsers(email)).toBe(0);
      const { rows } = await cluster.adminPool.query(`select 1 from auth.identities where email = $1`, [email]);
      expect(rows).toHaveLength(0);
    } finally {
      await cluster.adminPool.query('drop trigger refuse_unknown_kind on auth.users; drop function public.refuse_unknown_kind()');
    }
  });
});

describe('bad requests', () => {
  it('answers malformed JSON with 400 bad_json and writes nothing', async () => {
    const email = newEmail();
    const res = await authFetch('/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"${email}","password":"${STRONG}"`,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toMatchObject({ code: 'bad_json', error_code: 'bad_json', msg: expect.any(String) });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses bodies over 64 KB with 413 and writes nothing', async () => {
    const email = newEmail();
    const res = await authFetch('/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: STRONG, data: { blob: 'x'.repeat(70 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await countUsers(email)).toBe(0);
  });

  it.each([
    ['a number as password', (email: string) => ({ email, password: 1234567890 })],
    ['an array as data', (email: string) => ({ email, password: STRONG, data: ['x'] })],
    ['an object as email', () => ({ email: { $ne: '' }, password: STRONG })],
  ])('refuses %s with 400 validation_failed', async (_label, body) => {
    const email = newEmail();
    const res = await authFetch('/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body(email)),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await authFetch('/token?grant_type=password', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the password, case-insensitively on the email', async () => {
    const { email, user } = await signedUp();
    const { data, error } = await client().auth.signInWithPassword({ email: email.toUpperCase(), password: STRONG });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.refresh_token).toEqual(expect.any(String));
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { email } = await signedUp();
    const wrong = await client().auth.signInWithPassword({ email, password: 'Wrong1Password' });
    const unknown = await client().auth.signInWithPassword({ email: newEmail(), password: STRONG });
    for (const { error } of [wrong, unknown]) {
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('rotates refresh tokens, tolerates a concurrent reuse, and ends the session on a late reuse', async () => {
    const { session } = await signedUp();
    const first = session.refresh_token;
    const supabase = client();
    const rotated = await supabase.auth.refreshSession({ refresh_token: first });
    expect(rotated.error).toBeNull();
    const second = rotated.data.session?.refresh_token;
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);

    // Another tab presenting the old token at the same moment gets the current session, not an error.
    const concurrent = await client().auth.refreshSession({ refresh_token: first });
    expect(concurrent.error).toBeNull();
    expect(concurrent.data.session?.refresh_token).toBe(second);

    await new Promise((resolve) => setTimeout(resolve, (GRACE_SECONDS + 0.5) * 1000));
    const late = await client().auth.refreshSession({ refresh_token: first });
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // The whole family is gone: the legitimate holder of the newest token is signed out too.
    const after = await client().auth.refreshSession({ refresh_token: second as string });
    expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await client().auth.getUser(session.access_token);
    expect(user.error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });

  it('returns the current user for a live access token and refuses bad tokens', async () => {
    const { supabase, user } = await signedUp();
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email });

    const forged = await client().auth.getUser(`${(await supabase.auth.getSession()).data.session?.access_token}x`);
    expect(forged.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    // The anon key is a valid JWT but names no user.
    const anon = await client().auth.getUser(secrets.anonKey);
    expect(anon.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('signs out one device, the others, or everywhere', async () => {
    const { email } = await signedUp();
    const signIn = async () => {
      const supabase = client();
      const { data, error } = await supabase.auth.signInWithPassword({ email, password: STRONG });
      if (error || !data.session) throw error;
      return { supabase, token: data.session.access_token };
    };
    const alive = async (token: string) => (await client().auth.getUser(token)).error === null;

    const a = await signIn();
    const b = await signIn();
    const c = await signIn();
    expect(await a.supabase.auth.signOut({ scope: 'local' })).toEqual({ error: null });
    expect([await alive(a.token), await alive(b.token), await alive(c.token)]).toEqual([false, true, true]);

    const d = await signIn();
    expect(await b.supabase.auth.signOut({ scope: 'others' })).toEqual({ error: null });
    expect([await alive(b.token), await alive(c.token), await alive(d.token)]).toEqual([true, false, false]);

    const e = await signIn();
    expect(await e.supabase.auth.signOut()).toEqual({ error: null });
    expect([await alive(b.token), await alive(e.token)]).toEqual([false, false]);

    const res = await authFetch('/logout?scope=global', { method: 'POST', headers: { authorization: `Bearer ${e.token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
  });
});

describe('updating the user', () => {
  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { email, supabase } = await signedUp();
    const other = client();
    await other.auth.signInWithPassword({ email, password: STRONG });
    const newPassword = 'Another2Horse';

    const missing = await supabase.auth.updateUser({ password: newPassword });
    expect(missing.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    const wrong = await supabase.auth.updateUser({ password: newPassword, current_password: 'Wrong1Password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Current password is incorrect' });
    const same = await supabase.auth.updateUser({ password: STRONG, current_password: STRONG });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await supabase.auth.updateUser({ password: 'weak', current_password: STRONG });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);

    const changed = await supabase.auth.updateUser({ password: newPassword, current_password: STRONG });
    expect(changed.error).toBeNull();
    expect((await supabase.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });

    const old = await client().auth.signInWithPassword({ email, password: STRONG });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await client().auth.signInWithPassword({ email, password: newPassword });
    expect(fresh.error).toBeNull();
  });

  it('merges data into user_metadata, changes the email, and refuses app_metadata', async () => {
    const { supabase } = await signedUp({ kind: 'student', phone: '123' });
    const { data, error } = await supabase.auth.updateUser({ data: { phone: '456', nickname: 'Ada' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ kind: 'student', phone: '456', nickname: 'Ada' });

    const taken = (await signedUp()).email;
    const duplicate = await supabase.auth.updateUser({ email: taken });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });
    const next = newEmail();
    const moved = await supabase.auth.updateUser({ email: next.toUpperCase() });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(next);
    expect((await client().auth.signInWithPassword({ email: next, password: STRONG })).error).toBeNull();

    const token = (await supabase.auth.getSession()).data.session?.access_token as string;
    const res = await authFetch('/user', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin', message: 'User not allowed' });
  });
});

describe('admin API', () => {
  it('is closed to the anon key and to users', async () => {
    const anon = await client().auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const anonCreate = await client().auth.admin.createUser({ email: newEmail(), password: STRONG });
    expect(anonCreate.error).toMatchObject({ status: 403, code: 'not_admin' });
    const { session } = await signedUp();
    const res = await authFetch('/admin/users', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin', message: 'User not allowed' });
  });

  it('creates, lists, reads, updates and deletes users with the service key', async () => {
    const admin = client(secrets.serviceRoleKey).auth.admin;
    const email = newEmail();
    const created = await admin.createUser({
      email,
      password: STRONG,
      email_confirm: true,
      user_metadata: { first_name: 'Grace' },
      app_metadata: { university_id: 'u1' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id as string;
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { first_name: 'Grace' },
      app_metadata: { university_id: 'u1', provider: 'email', providers: ['email'] },
    });
    expect((await admin.createUser({ email, password: STRONG })).error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin.createUser({ email: newEmail(), password: 'weak' })).error).toBeInstanceOf(AuthWeakPasswordError);
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();

    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    const { count } = (await cluster.adminPool.query('select count(*)::int as count from auth.users where deleted_at is null')).rows[0];
    // auth-js reads only the first digit of a page number from the Link header, hence the guard on lastPage.
    expect(page.data).toMatchObject({ aud: 'authenticated', total: count, nextPage: 2, lastPage: count > 9 ? expect.any(Number) : count });
    expect(page.data.users).toHaveLength(1);
    expect(page.data.users[0].id).toBe(id);
    const all = await admin.listUsers();
    expect(all.data.users.map((u) => u.id)).toContain(id);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const updated = await admin.updateUserById(id, { user_metadata: { last_name: 'Hopper' }, password: 'Fresh3Password' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
    expect((await client().auth.signInWithPassword({ email, password: 'Fresh3Password' })).error).toBeNull();
    expect((await admin.updateUserById('00000000-0000-4000-8000-000000000000', {})).error).toMatchObject({ status: 404, code: 'user_not_found' });

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect(await countUsers(email)).toBe(0);
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404 });
    expect((await client().auth.signInWithPassword({ email, password: 'Fresh3Password' })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('bans a user: no sign-in, no refresh, no /user', async () => {
    const { email, session, user } = await signedUp();
    const admin = client(secrets.serviceRoleKey).auth.admin;
    const banned = await admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.banned_until).toBeDefined();

    const signIn = await client().auth.signInWithPassword({ email, password: STRONG });
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    // Banning ends the sessions at once.
    expect((await client().auth.getUser(session.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });

    await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
  });

  it('refuses refresh and /user to a banned user whose session still exists', async () => {
    const { session, user } = await signedUp();
    await cluster.adminPool.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [user.id]);
    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await client().auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_banned' });
  });
});

describe('password recovery', () => {
  beforeAll(async () => {
    await cluster.adminPool.query(`create table if not exists public.email_outbox (
      id bigint generated always as identity primary key, to_email text not null, subject text not null, body text not null,
      created_at timestamptz not null default now(), sent_at timestamptz)`);
  });

  const linkFor = async (email: string) => {
    const { rows } = await cluster.adminPool.query<{ body: string }>(
      'select body from public.email_outbox where to_email = $1 order by id desc limit 1',
      [email],
    );
    const match = rows[0] && /(http\S+\/auth\/v1\/verify\S+)/.exec(rows[0].body);
    return match ? new URL(match[1]) : undefined;
  };

  it('answers {} for every email and mails a one-time link only to existing accounts', async () => {
    const unknown = newEmail();
    expect(await client().auth.resetPasswordForEmail(unknown)).toEqual({ data: {}, error: null });
    expect(await linkFor(unknown)).toBeUndefined();

    const { email } = await signedUp();
    expect(await client().auth.resetPasswordForEmail(email, { redirectTo: `${url}/reset` })).toEqual({ data: {}, error: null });
    const link = await linkFor(email);
    expect(link?.searchParams.get('type')).toBe('recovery');
    expect(link?.searchParams.get('redirect_to')).toBe(`${url}/reset`);
    const { rows } = await cluster.adminPool.query('select token_hash from auth.one_time_tokens');
    expect(rows.map((r) => r.token_hash)).not.toContain(link?.searchParams.get('token'));
  });

  it('turns the emailed token into a session once, via verifyOtp, that may set a new password', async () => {
    const { email, user } = await signedUp();
    await client().auth.resetPasswordForEmail(email);
    const token = (await linkFor(email))?.searchParams.get('token') as string;
    const supabase = client();
    const verified = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(user.id);
    // Whoever forgot the password cannot give it: the recovery session is proof enough.
    expect((await supabase.auth.updateUser({ password: 'Recovered4Password' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Recovered4Password' })).error).toBeNull();

    const again = await client().auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('redirects the email link to the site with the session in the fragment, and refuses expired links', async () => {
    const { email } = await signedUp();
    await client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const link = (await linkFor(email)) as URL;
    expect(link.searchParams.get('redirect_to')).toBe(url);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') as string);
    expect(location.origin).toBe(url);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(verifyJwt(fragment.get('access_token') as string, secrets.jwtSecret).email).toBe(email);

    const { email: other } = await signedUp();
    await client().auth.resetPasswordForEmail(other);
    const expired = (await linkFor(other)) as URL;
    await cluster.adminPool.query(`update auth.one_time_tokens set created_at = now() - interval '2 hours'`);
    const refused = await fetch(expired, { redirect: 'manual' });
    expect(refused.status).toBe(303);
    expect(new URLSearchParams(new URL(refused.headers.get('location') as string).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit once an IP has used its requests', async () => {
    const limited = await startGateway({ token: 3, signup: 1 });
    const attempt = () => client(secrets.anonKey, limited).auth.signInWithPassword({ email: newEmail(), password: STRONG });
    for (let i = 0; i < 3; i++) expect((await attempt()).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await attempt()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    const signUp = () => client(secrets.anonKey, limited).auth.signUp({ email: newEmail(), password: STRONG });
    expect((await signUp()).error).toBeNull();
    expect((await signUp()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
