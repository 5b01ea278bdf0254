import { AuthApiError, AuthWeakPasswordError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { loadOrCreateSecrets, type LocalSecrets } from '../src/secrets';
import { appsPlugin } from '../src/static/apps';

/**
 * The auth service behind the real gateway hooks, driven by the real supabase-js client over HTTP. The database is a
 * bare cluster (bootstrap only, no app migrations) so the tests control which triggers and tables exist.
 */
const GRACE_SECONDS = 1;
const STRONG = 'Correct1Horse';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let dataDir: string;
let cluster: Cluster;
let secrets: LocalSecrets;
const gateways: FastifyInstance[] = [];
let url: string;

/** A gateway on its own port over the shared cluster; `withApps` adds the static apps (and their `GET /*`) as the stack does. */
async function startGateway(limits: Partial<AuthRateLimits> = {}, { withApps = false } = {}): Promise<string> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const ctx: GatewayContext = {
    adminPool: cluster.adminPool,
    secrets,
    publicUrl,
    storageDir: dataDir,
    logger,
    authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...limits },
    requestGate: null,
  };
  const app = Fastify();
  registerApiGateway(app, secrets);
  await app.register(authRoutes(ctx, { refreshReuseGraceSeconds: GRACE_SECONDS }), { prefix: '/auth/v1' });
  if (withApps) {
    const appsRoot = join(dataDir, 'apps');
    mkdirSync(join(appsRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(appsRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>CampusCare</title>');
    await app.register(appsPlugin, { appsRoot, publicUrl, anonKey: secrets.anonKey });
  }
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

/** A confirmed user, the way a person gets one: sign-up, then the emailed link, whose session is returned. */
async function signedUp(data: Record<string, unknown> = {}) {
  const email = newEmail();
  const supabase = client();
  const { data: result, error } = await supabase.auth.signUp({ email, password: STRONG, options: { data } });
  if (error || result.session) throw error ?? new Error('a session before the address was confirmed');
  const token = (await linkFor(email))?.searchParams.get('token') ?? '';
  const verified = await supabase.auth.verifyOtp({ type: 'signup', token_hash: token });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error('no session');
  // Read and done with: the tests count the emails that come after it.
  await cluster.adminPool.query('delete from public.email_outbox where to_email = $1', [email]);
  return { email, supabase, session: verified.data.session, user: verified.data.session.user };
}

async function idOf(email: string): Promise<string> {
  const { rows } = await cluster.adminPool.query<{ id: string }>(
    'select id from auth.users where lower(email) = lower($1)',
    [email],
  );
  return rows[0].id;
}

async function countUsers(email: string): Promise<number> {
  const { rows } = await cluster.adminPool.query('select 1 from auth.users where lower(email) = lower($1)', [email]);
  return rows.length;
}

function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}, base = url) {
  return fetch(`${base}/auth/v1${path}`, { ...init, headers: { apikey: secrets.anonKey, ...init.headers } });
}

/** A JSON request as an attacker would send it, bearer token and all. */
function sendJson(method: string, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return authFetch(path, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** The emails the outbox holds for an address, oldest first. */
async function mailsTo(email: string): Promise<{ subject: string; body: string }[]> {
  const { rows } = await cluster.adminPool.query<{ subject: string; body: string }>(
    'select subject, body from public.email_outbox where to_email = $1 order by id',
    [email],
  );
  return rows;
}

/** The /verify link of the newest email to an address. */
async function linkFor(email: string): Promise<URL | undefined> {
  const newest = (await mailsTo(email)).at(-1);
  const match = newest && /(http\S+\/auth\/v1\/verify\S+)/.exec(newest.body);
  return match ? new URL(match[1]) : undefined;
}

/** What a /verify link redirected to: the page, and the parameters GoTrue puts in its fragment. */
function redirected(res: Response): { page: string; fragment: URLSearchParams } {
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location') as string);
  return { page: `${location.origin}${location.pathname}`, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** The auth.users columns these tests look at. */
interface StoredUser {
  email: string | null;
  email_confirmed_at: Date | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: Date | null;
  raw_user_meta_data: Record<string, unknown>;
  raw_app_meta_data: Record<string, unknown>;
}

async function userRow(id: string): Promise<StoredUser> {
  const { rows } = await cluster.adminPool.query<StoredUser>(
    `select email, email_confirmed_at, email_change, email_change_token_new, email_change_sent_at, raw_user_meta_data,
       raw_app_meta_data from auth.users where id = $1`,
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'campuscare-auth-'));
  secrets = loadOrCreateSecrets(dataDir);
  cluster = await startCluster({
    dataDir,
    port: await freePort(),
    superuserPassword: secrets.superuserPassword,
    logger,
  });
  await migrate({
    pool: cluster.adminPool,
    supabaseDir: join(dataDir, 'no-supabase'),
    authenticatorPassword: secrets.authenticatorPassword,
    runSeed: false,
    logger,
  });
  // The app's outbox, so that the auth emails can be read back.
  await cluster.adminPool.query(`create table if not exists public.email_outbox (
    id bigint generated always as identity primary key, to_email text not null, subject text not null, body text not null,
    created_at timestamptz not null default now(), sent_at timestamptz)`);
  // Every test comes from one IP: the shared gateway's per-IP limits would soon trip. The tests of those limits start
  // gateways of their own.
  const unlimited = 100_000;
  url = await startGateway({
    token: unlimited,
    signup: unlimited,
    recover: unlimited,
    userUpdate: unlimited,
    verify: unlimited,
  });
});

afterAll(async () => {
  for (const app of gateways) await app.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sign-up', () => {
  it('creates an unconfirmed user and no session, and mails a link that confirms the address and signs in', async () => {
    const email = newEmail();
    const supabase = client();
    const signUp = await supabase.auth.signUp({
      email,
      password: STRONG,
      options: { data: { kind: 'student', first_name: 'Ada' }, emailRedirectTo: `${url}/register` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const user = signUp.data.user as NonNullable<typeof signUp.data.user>;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { kind: 'student', first_name: 'Ada' },
      confirmation_sent_at: expect.any(String),
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.identities).toHaveLength(1);
    expect(user.identities?.[0]).toMatchObject({
      provider: 'email',
      user_id: user.id,
      id: user.id,
      identity_data: { email, email_verified: false },
    });
    const { rows } = await cluster.adminPool.query('select encrypted_password from auth.users where id = $1', [
      user.id,
    ]);
    expect(rows[0].encrypted_password).toMatch(/^\$2[ab]\$10\$/);

    // Until the link is opened, the right password does not sign in.
    const early = await client().auth.signInWithPassword({ email, password: STRONG });
    expect(early.data.session).toBeNull();
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your CampusCare email address');
    expect(mails[0].body).not.toContain('Ada');
    const link = (await linkFor(email)) as URL;
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${url}/register`);
    const { page, fragment } = redirected(await fetch(link, { redirect: 'manual' }));
    expect(page).toBe(`${url}/register`);
    expect(fragment.get('type')).toBe('signup');
    const claims = verifyJwt(fragment.get('access_token') as string, secrets.jwtSecret);
    expect(claims).toMatchObject({
      iss: `${url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email,
      role: 'authenticated',
      aal: 'aal1',
      user_metadata: { kind: 'student', first_name: 'Ada' },
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
    });
    expect(claims.exp).toBe((claims.iat as number) + 3600);
    const confirmed = await client().auth.getUser(fragment.get('access_token') as string);
    expect(confirmed.data.user).toMatchObject({
      email,
      email_confirmed_at: expect.any(String),
      confirmed_at: expect.any(String),
    });
    expect(confirmed.data.user?.identities?.[0].identity_data).toMatchObject({ email_verified: true });

    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
    // The link works once.
    expect(redirected(await fetch(link, { redirect: 'manual' })).fragment.get('error_code')).toBe('otp_expired');
  });

  it('confirms with verifyOtp too, and not after an hour', async () => {
    const { user } = await signedUp();
    expect(user.email_confirmed_at).toEqual(expect.any(String));

    const late = newEmail();
    expect((await client().auth.signUp({ email: late, password: STRONG })).error).toBeNull();
    const token = (await linkFor(late))?.searchParams.get('token') as string;
    await cluster.adminPool.query(
      `update auth.one_time_tokens set created_at = now() - interval '61 minutes' where user_id = (select id from auth.users where email = $1)`,
      [late],
    );
    expect((await client().auth.verifyOtp({ type: 'signup', token_hash: token })).error).toMatchObject({
      status: 403,
      code: 'otp_expired',
    });
    expect((await userRow(await idOf(late))).email_confirmed_at).toBeNull();
  });

  it('resends the link to a sign-up waiting for it, at most once a minute, and answers every address alike', async () => {
    const pending = newEmail();
    expect(
      (
        await client().auth.signUp({
          email: pending,
          password: STRONG,
          options: { emailRedirectTo: `${url}/register` },
        })
      ).error,
    ).toBeNull();
    const first = (await linkFor(pending)) as URL;
    const resend = (email: string) =>
      client().auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${url}/register` } });
    const answers = [];
    // Within the minute of the first email: nothing is sent.
    answers.push(await resend(pending));
    expect(await mailsTo(pending)).toHaveLength(1);
    await cluster.adminPool.query(
      `update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`,
      [pending],
    );
    answers.push(await resend(pending));
    const { email: confirmed } = await signedUp();
    answers.push(await resend(confirmed));
    answers.push(await resend(newEmail()));
    for (const answer of answers) expect(answer).toEqual({ data: { user: null, session: null }, error: null });

    expect(await mailsTo(pending)).toHaveLength(2);
    expect(await mailsTo(confirmed)).toEqual([]);
    // The new link replaces the first one.
    const second = (await linkFor(pending)) as URL;
    expect(second.searchParams.get('redirect_to')).toBe(`${url}/register`);
    expect(
      (await client().auth.verifyOtp({ type: 'signup', token_hash: first.searchParams.get('token') as string })).error,
    ).toMatchObject({ code: 'otp_expired' });
    expect(
      (await client().auth.verifyOtp({ type: 'signup', token_hash: second.searchParams.get('token') as string })).error,
    ).toBeNull();

    const wrongType = await sendJson('POST', '/resend', { type: 'sms', email: pending });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers a sign-up of an address that has an account exactly like a new one, changing and mailing nothing', async () => {
    const { email, user } = await signedUp({ kind: 'student' });
    const before = await userRow(user.id);
    const mailsBefore = (await mailsTo(email)).length;
    const existing = await sendJson('POST', '/signup', {
      email: email.toUpperCase(),
      password: 'Another2Horse',
      data: { kind: 'student' },
    });
    const fresh = newEmail();
    const unknown = await sendJson('POST', '/signup', {
      email: fresh.toUpperCase(),
      password: 'Another2Horse',
      data: { kind: 'student' },
    });
    const shape = async (res: Response, email: string) => {
      const body = (await res.json()) as Record<string, unknown>;
      // What differs by nature: the new ids and the times.
      return JSON.parse(
        JSON.stringify(body)
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
          .replaceAll(email, '<email>')
          .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"<time>"'),
      ) as unknown;
    };
    expect(existing.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await shape(existing, email)).toEqual(await shape(unknown, fresh));
    expect(await userRow(user.id)).toEqual(before);
    expect(await mailsTo(email)).toHaveLength(mailsBefore);
    expect(await countUsers(email)).toBe(1);
    expect((await client().auth.signInWithPassword({ email, password: 'Another2Horse' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('replaces a sign-up nobody confirmed: the first to sign an address up does not keep it', async () => {
    const email = newEmail();
    expect(
      (await client().auth.signUp({ email, password: 'Squatter9Lamp', options: { data: { kind: 'squatter' } } })).error,
    ).toBeNull();
    const squatterLink = (await linkFor(email)) as URL;
    // Within the minute of the last email the address gets none: GoTrue's answer.
    const soon = await client().auth.signUp({ email, password: STRONG, options: { data: { kind: 'owner' } } });
    expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await cluster.adminPool.query(
      `update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`,
      [email],
    );

    const owner = await client().auth.signUp({ email, password: STRONG, options: { data: { kind: 'owner' } } });
    expect(owner.error).toBeNull();
    expect(await countUsers(email)).toBe(1);
    expect(redirected(await fetch(squatterLink, { redirect: 'manual' })).fragment.get('error_code')).toBe(
      'otp_expired',
    );
    const token = (await linkFor(email))?.searchParams.get('token') as string;
    const verified = await client().auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(verified.data.user).toMatchObject({ id: owner.data.user?.id, user_metadata: { kind: 'owner' } });
    expect((await client().auth.signInWithPassword({ email, password: 'Squatter9Lamp' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('gives a sign-up the database confirms itself (proof of the mailbox in its metadata) its session at once', async () => {
    await cluster.adminPool.query(`
      create or replace function public.confirm_with_proof() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin
        if new.raw_user_meta_data ->> 'proof' = 'mailbox' then
          update auth.users set email_confirmed_at = now() where id = new.id;
        end if;
        return new;
      end $$;
      create or replace trigger confirm_with_proof after insert on auth.users
        for each row execute function public.confirm_with_proof();`);
    try {
      const email = newEmail();
      const { data, error } = await client().auth.signUp({
        email,
        password: STRONG,
        options: { data: { proof: 'mailbox' } },
      });
      expect(error).toBeNull();
      expect(data.session?.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
      expect(data.session?.user.identities?.[0].identity_data).toMatchObject({ email_verified: true });
      expect(await mailsTo(email)).toEqual([]);
    } finally {
      await cluster.adminPool.query(
        'drop trigger confirm_with_proof on auth.users; drop function public.confirm_with_proof()',
      );
    }
  });

  it.each([
    ['Short1', ['length']],
    ['alllowercase1', ['characters']],
    ['short', ['length', 'characters']],
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
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
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
      await cluster.adminPool.query(
        'drop trigger refuse_unknown_kind on auth.users; drop function public.refuse_unknown_kind()',
      );
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
    const res = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
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
    expect(late.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // The whole family is gone: the legitimate holder of the newest token is signed out too.
    const after = await client().auth.refreshSession({ refresh_token: second as string });
    expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await client().auth.getUser(session.access_token);
    expect(user.error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
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

    const res = await authFetch('/logout?scope=global', {
      method: 'POST',
      headers: { authorization: `Bearer ${e.token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
  });
});

describe('updating the user', () => {
  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { email, supabase, session } = await signedUp();
    const other = client();
    const otherSession = (await other.auth.signInWithPassword({ email, password: STRONG })).data.session;
    if (!otherSession) throw new Error('no second session');
    const newPassword = 'Another2Horse';

    // GoTrue's codes, status and wording (internal/api/user.go), the same message for a missing and a wrong password.
    const missing = await supabase.auth.updateUser({ password: newPassword });
    expect(missing.error).toMatchObject({
      status: 400,
      code: 'current_password_required',
      message: 'Current password required when setting new password.',
    });
    const empty = await supabase.auth.updateUser({ password: newPassword, current_password: '' });
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'current_password_required',
      message: 'Current password required when setting new password.',
    });
    const wrong = await supabase.auth.updateUser({ password: newPassword, current_password: 'Wrong1Password' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'current_password_invalid',
      message: 'Current password required when setting new password.',
    });
    const same = await supabase.auth.updateUser({ password: STRONG, current_password: STRONG });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await supabase.auth.updateUser({ password: 'weak', current_password: STRONG });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);

    const changed = await supabase.auth.updateUser({ password: newPassword, current_password: STRONG });
    expect(changed.error).toBeNull();
    expect((await supabase.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });
    // Whoever held the other session (e.g. with the leaked old password) can neither use nor renew it.
    const otherUser = await authFetch('/user', { headers: { authorization: `Bearer ${otherSession.access_token}` } });
    expect(otherUser.status).toBe(403);
    expect(await otherUser.json()).toMatchObject({ code: 'session_not_found' });
    const otherRefresh = await client().auth.refreshSession({ refresh_token: otherSession.refresh_token });
    expect(otherRefresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    // The session that changed the password goes on, refresh included.
    const ownRefresh = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(ownRefresh.error).toBeNull();
    expect((await client().auth.getUser(ownRefresh.data.session?.access_token)).error).toBeNull();

    const old = await client().auth.signInWithPassword({ email, password: STRONG });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await client().auth.signInWithPassword({ email, password: newPassword });
    expect(fresh.error).toBeNull();
  });

  it('merges data into user_metadata and refuses app_metadata as GoTrue does, changing nothing', async () => {
    const { supabase, user } = await signedUp({ kind: 'student', phone: '123' });
    const { data, error } = await supabase.auth.updateUser({ data: { phone: '456', nickname: 'Ada' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ kind: 'student', phone: '456', nickname: 'Ada' });

    const token = (await supabase.auth.getSession()).data.session?.access_token as string;
    const before = await userRow(user.id);
    const res = await sendJson('PUT', '/user', { app_metadata: { role: 'admin' }, data: { nickname: 'Eve' } }, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'not_admin',
      error_code: 'not_admin',
      msg: 'Updating app_metadata requires admin privileges',
      message: 'Updating app_metadata requires admin privileges',
    });
    expect(await userRow(user.id)).toEqual(before);
    // GoTrue reads `"app_metadata": null` as no app_metadata at all.
    const unchanged = await sendJson('PUT', '/user', { app_metadata: null }, token);
    expect(unchanged.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ raw_app_meta_data: before.raw_app_meta_data });
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
    expect((await admin.createUser({ email, password: STRONG })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    expect((await admin.createUser({ email: newEmail(), password: 'weak' })).error).toBeInstanceOf(
      AuthWeakPasswordError,
    );
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();

    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    const { count } = (
      await cluster.adminPool.query('select count(*)::int as count from auth.users where deleted_at is null')
    ).rows[0];
    // auth-js reads only the first digit of a page number from the Link header, hence the guard on lastPage.
    expect(page.data).toMatchObject({
      aud: 'authenticated',
      total: count,
      nextPage: 2,
      lastPage: count > 9 ? expect.any(Number) : count,
    });
    expect(page.data.users).toHaveLength(1);
    expect(page.data.users[0].id).toBe(id);
    const all = await admin.listUsers();
    expect(all.data.users.map((u) => u.id)).toContain(id);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const updated = await admin.updateUserById(id, {
      user_metadata: { last_name: 'Hopper' },
      password: 'Fresh3Password',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
    expect((await client().auth.signInWithPassword({ email, password: 'Fresh3Password' })).error).toBeNull();
    expect((await admin.updateUserById('00000000-0000-4000-8000-000000000000', {})).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect(await countUsers(email)).toBe(0);
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404 });
    expect((await client().auth.signInWithPassword({ email, password: 'Fresh3Password' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
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
    expect((await client().auth.getUser(session.access_token)).error).toMatchObject({
      name: 'AuthSessionMissingError',
    });

    await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
  });

  it('refuses refresh and /user to a banned user whose session still exists', async () => {
    const { session, user } = await signedUp();
    await cluster.adminPool.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [
      user.id,
    ]);
    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await client().auth.getUser(session.access_token)).error).toMatchObject({
      status: 403,
      code: 'user_banned',
    });
  });
});

describe('password recovery', () => {
  it('answers {} for every email and mails a one-time link only to existing accounts', async () => {
    const unknown = newEmail();
    expect(await client().auth.resetPasswordForEmail(unknown)).toEqual({ data: {}, error: null });
    expect(await linkFor(unknown)).toBeUndefined();

    const { email } = await signedUp();
    expect(await client().auth.resetPasswordForEmail(email, { redirectTo: `${url}/reset` })).toEqual({
      data: {},
      error: null,
    });
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
    expect(
      new URLSearchParams(new URL(refused.headers.get('location') as string).hash.slice(1)).get('error_code'),
    ).toBe('otp_expired');
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit once an IP has used its requests', async () => {
    const limited = await startGateway({ token: 3, signup: 1 });
    const attempt = () =>
      client(secrets.anonKey, limited).auth.signInWithPassword({ email: newEmail(), password: STRONG });
    for (let i = 0; i < 3; i++) expect((await attempt()).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await attempt()).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });

    const signUp = () => client(secrets.anonKey, limited).auth.signUp({ email: newEmail(), password: STRONG });
    expect((await signUp()).error).toBeNull();
    expect((await signUp()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // The buckets are in the database and every test comes from one IP: the shared gateway would find them empty.
    await cluster.adminPool.query('delete from auth.rate_limits');
  });
});

describe('changing the email address (GoTrue secure email change)', () => {
  it('refuses an access token alone: the address cannot be moved to a mailbox the attacker reads', async () => {
    const { email, session, user } = await signedUp();
    const attackerMailbox = newEmail();
    // The attacker copied the access token, nothing else.
    const noPassword = await sendJson('PUT', '/user', { email: attackerMailbox }, session.access_token);
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({
      code: 'current_password_required',
      message: 'Current password required when changing the email address.',
    });
    const guessed = await sendJson(
      'PUT',
      '/user',
      { email: attackerMailbox, current_password: 'Guess1Password' },
      session.access_token,
    );
    expect(guessed.status).toBe(400);
    expect(await guessed.json()).toMatchObject({
      code: 'current_password_invalid',
      message: 'Current password required when changing the email address.',
    });
    // Nothing pending and nothing sent, even about an address that is taken.
    const taken = await sendJson('PUT', '/user', { email: (await signedUp()).email }, session.access_token);
    expect(taken.status).toBe(400);
    expect(await userRow(user.id)).toMatchObject({
      email,
      email_change: null,
      email_change_token_new: null,
      email_change_sent_at: null,
    });
    expect(await mailsTo(attackerMailbox)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);

    // So the next step of the takeover, a recovery email to the attacker's mailbox, never happens.
    await client().auth.resetPasswordForEmail(attackerMailbox);
    expect(await mailsTo(attackerMailbox)).toEqual([]);
  });

  it('keeps the address until the link mailed to the new one is opened, and tells the old one', async () => {
    const { email, supabase, user } = await signedUp();
    const next = newEmail();
    const requested = await supabase.auth.updateUser(
      { email: next.toUpperCase(), current_password: STRONG },
      { emailRedirectTo: `${url}/settings` },
    );
    expect(requested.error).toBeNull();
    expect(requested.data.user).toMatchObject({ email, new_email: next, email_change_sent_at: expect.any(String) });
    expect((await client().auth.signInWithPassword({ email: next, password: STRONG })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();

    const link = (await linkFor(next)) as URL;
    expect(link.searchParams.get('type')).toBe('email_change');
    expect(link.searchParams.get('redirect_to')).toBe(`${url}/settings`);
    const token = link.searchParams.get('token') as string;
    expect((await userRow(user.id)).email_change_token_new).toBe(createHash('sha256').update(token).digest('hex'));
    const notices = await mailsTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain(next);
    expect(notices[0].body).not.toContain('/verify');

    const { page, fragment } = redirected(await fetch(link, { redirect: 'manual' }));
    expect(page).toBe(`${url}/settings`);
    expect(fragment.get('type')).toBe('email_change');
    const claims = verifyJwt(fragment.get('access_token') as string, secrets.jwtSecret);
    expect(claims).toMatchObject({
      sub: user.id,
      email: next,
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
    });

    const changed = await supabase.auth.getUser();
    expect(changed.data.user).toMatchObject({ email: next, email_confirmed_at: expect.any(String) });
    expect(changed.data.user?.new_email).toBeUndefined();
    expect(changed.data.user?.identities?.[0].identity_data).toMatchObject({ email: next, email_verified: true });
    expect((await client().auth.signInWithPassword({ email: next, password: STRONG })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toMatchObject({
      code: 'invalid_credentials',
    });

    // The link works once.
    expect(redirected(await fetch(link, { redirect: 'manual' })).fragment.get('error_code')).toBe('otp_expired');
  });

  it('redeems the link with verifyOtp too, once, and not after an hour', async () => {
    const a = await signedUp();
    const nextA = newEmail();
    expect((await a.supabase.auth.updateUser({ email: nextA, current_password: STRONG })).error).toBeNull();
    const token = (await linkFor(nextA))?.searchParams.get('token') as string;
    const verified = await client().auth.verifyOtp({ type: 'email_change', token_hash: token });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(nextA);
    const again = await client().auth.verifyOtp({ type: 'email_change', token_hash: token });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const b = await signedUp();
    const nextB = newEmail();
    expect((await b.supabase.auth.updateUser({ email: nextB, current_password: STRONG })).error).toBeNull();
    const late = (await linkFor(nextB)) as URL;
    await cluster.adminPool.query(
      `update auth.users set email_change_sent_at = now() - interval '61 minutes' where id = $1`,
      [b.user.id],
    );
    expect(redirected(await fetch(late, { redirect: 'manual' })).fragment.get('error_code')).toBe('otp_expired');
    expect(await userRow(b.user.id)).toMatchObject({
      email: b.email,
      email_change: null,
      email_change_token_new: null,
    });
  });

  it('refuses the link, changing nothing, when the new address was taken in the meantime', async () => {
    const { email, supabase, user } = await signedUp();
    const next = newEmail();
    expect((await supabase.auth.updateUser({ email: next, current_password: STRONG })).error).toBeNull();
    const link = (await linkFor(next)) as URL;
    expect((await client().auth.signUp({ email: next, password: STRONG })).error).toBeNull();
    const confirmation = (await linkFor(next))?.searchParams.get('token') as string;
    expect((await client().auth.verifyOtp({ type: 'signup', token_hash: confirmation })).error).toBeNull();

    const { fragment } = redirected(await fetch(link, { redirect: 'manual' }));
    expect(fragment.get('error_code')).toBe('email_exists');
    expect(await userRow(user.id)).toMatchObject({ email, email_change: next });
    expect(await countUsers(next)).toBe(1);
  });

  it('takes the new address from a sign-up nobody confirmed, which holds nothing', async () => {
    const { supabase, user } = await signedUp();
    const next = newEmail();
    expect((await client().auth.signUp({ email: next, password: 'Squatter9Lamp' })).error).toBeNull();
    expect((await supabase.auth.updateUser({ email: next, current_password: STRONG })).error).toBeNull();
    const link = (await linkFor(next)) as URL;
    expect(redirected(await fetch(link, { redirect: 'manual' })).fragment.get('type')).toBe('email_change');
    expect(await userRow(user.id)).toMatchObject({ email: next });
    expect(await countUsers(next)).toBe(1);
  });

  it('refuses an address that is taken, and a second request within a minute', async () => {
    const { supabase, user } = await signedUp();
    const taken = (await signedUp()).email;
    const duplicate = await supabase.auth.updateUser({ email: taken, current_password: STRONG });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const first = newEmail();
    expect((await supabase.auth.updateUser({ email: first, current_password: STRONG })).error).toBeNull();
    const second = newEmail();
    const soon = await supabase.auth.updateUser({ email: second, current_password: STRONG });
    expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(soon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect((await userRow(user.id)).email_change).toBe(first);
    expect(await mailsTo(second)).toEqual([]);
  });

  it('cancels a pending change when the password changes, so a link asked for with a leaked password dies with it', async () => {
    const { email, supabase, user } = await signedUp();
    const next = newEmail();
    expect((await supabase.auth.updateUser({ email: next, current_password: STRONG })).error).toBeNull();
    const link = (await linkFor(next)) as URL;
    const changed = await supabase.auth.updateUser({ password: 'Another2Horse', current_password: STRONG });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.new_email).toBeUndefined();
    expect(redirected(await fetch(link, { redirect: 'manual' })).fragment.get('error_code')).toBe('otp_expired');
    expect((await userRow(user.id)).email).toBe(email);
  });
});

// Every request of these tests comes from one network (127.0.0.1); security-round2.test.ts signs in from several.
describe('failed sign-ins per account and network', () => {
  const signIn = (base: string, email: string, password: string) =>
    client(secrets.anonKey, base).auth.signInWithPassword({ email, password });
  // The tables key on the SHA-256 of the lower-cased address.
  const failureKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');
  const failuresRow = async (email: string) => {
    const { rows } = await cluster.adminPool.query<{ failures: number }>(
      'select failures from auth.sign_in_networks where email_hash = $1',
      [failureKey(email)],
    );
    return rows[0];
  };
  const ageFailures = (email: string, seconds: number) =>
    cluster.adminPool.query(
      `update auth.sign_in_networks set first_failed_at = first_failed_at - make_interval(secs => $2) where email_hash = $1`,
      [failureKey(email), seconds],
    );

  it('refuses even the right password from a network that has used its failures, and says when to retry', async () => {
    const limited = await startGateway({ signInFailures: 3 });
    const { email } = await signedUp();
    for (let i = 0; i < 3; i++) {
      expect((await signIn(limited, email.toUpperCase(), `Wrong${i}Password`)).error).toMatchObject({
        code: 'invalid_credentials',
      });
    }
    const locked = await signIn(limited, email, STRONG);
    expect(locked.data.session).toBeNull();
    expect(locked.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message:
        'Too many failed sign-in attempts for this email address from your network. Try again in 15 minutes, or reset your password to sign in now.',
    });
    // Other addresses sign in as usual.
    const other = await signedUp();
    expect((await signIn(limited, other.email, STRONG)).error).toBeNull();
  });

  it('locks an address without an account the same way, so the lock tells nobody which accounts exist', async () => {
    const limited = await startGateway({ signInFailures: 2 });
    const existing = (await signedUp()).email;
    const unknown = newEmail();
    const answers = [];
    for (const email of [existing, unknown]) {
      for (let i = 0; i < 2; i++) await signIn(limited, email, 'Wrong1Password');
      const { error } = await signIn(limited, email, 'Wrong1Password');
      answers.push({ status: error?.status, code: error?.code, message: error?.message });
    }
    expect(answers[0]).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('counts guesses across gateway processes, even when they arrive all at once', async () => {
    const first = await startGateway({ signInFailures: 4 });
    const second = await startGateway({ signInFailures: 4 });
    const { email } = await signedUp();
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(i % 2 === 0 ? first : second, email, `Guess${i}Password`)),
    );
    const codes = attempts.map(({ error }) => error?.code);
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(4);
    expect(codes.filter((code) => code === 'over_request_rate_limit')).toHaveLength(8);
  });

  it('lifts the lock by itself when the window has passed, however long the attacker kept trying', async () => {
    const limited = await startGateway({ signInFailures: 2, signInFailureWindowSeconds: 60 });
    const { email } = await signedUp();
    for (let i = 0; i < 2; i++) await signIn(limited, email, 'Wrong1Password');
    for (let i = 0; i < 5; i++)
      expect((await signIn(limited, email, 'Wrong1Password')).error).toMatchObject({ status: 429 });
    expect((await signIn(limited, email, STRONG)).error?.message).toMatch(/Try again in 1 minute,/);
    await ageFailures(email, 61);
    expect((await signIn(limited, email, STRONG)).error).toBeNull();
    expect(await failuresRow(email)).toEqual({ failures: 0 });
  });

  it('forgives the failures after a successful sign-in and after a redeemed recovery link', async () => {
    const limited = await startGateway({ signInFailures: 3 });
    const { email } = await signedUp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) await signIn(limited, email, 'Wrong1Password');
      expect((await signIn(limited, email, STRONG)).error).toBeNull();
    }

    for (let i = 0; i < 3; i++) await signIn(limited, email, 'Wrong1Password');
    expect((await signIn(limited, email, STRONG)).error).toMatchObject({ status: 429 });
    await client().auth.resetPasswordForEmail(email);
    const token = (await linkFor(email))?.searchParams.get('token') as string;
    expect((await client().auth.verifyOtp({ type: 'recovery', token_hash: token })).error).toBeNull();
    expect((await signIn(limited, email, STRONG)).error).toBeNull();
  });

  it('prunes failures whose window has passed', async () => {
    const stale = newEmail();
    await signIn(url, stale, 'Wrong1Password');
    await ageFailures(stale, 16 * 60);
    // A gateway prunes on its first failed sign-in, then at most once a window.
    const pruning = await startGateway();
    await signIn(pruning, newEmail(), 'Wrong1Password');
    expect(await failuresRow(stale)).toBeUndefined();
  });
});

describe('common passwords', () => {
  it.each(['Password123', 'pASSWORD123', 'Qwerty12345', 'Iloveyou123', 'Football2024!', 'Sunshine2024'])(
    'refuses %s on sign-up with reasons ["pwned"] and stores nothing',
    async (password) => {
      const email = newEmail();
      const { error } = await client().auth.signUp({ email, password });
      expect(error).toBeInstanceOf(AuthWeakPasswordError);
      expect(error).toMatchObject({
        status: 422,
        code: 'weak_password',
        reasons: ['pwned'],
        message: 'Password is known to be weak and easy to guess, please choose a different one.',
      });
      expect(await countUsers(email)).toBe(0);
    },
  );

  it('refuses them as a new password and through the admin API too', async () => {
    const { email, supabase } = await signedUp();
    const changed = await supabase.auth.updateUser({ password: 'Welcome123!', current_password: STRONG });
    expect(changed.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['pwned'] });
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();

    const admin = client(secrets.serviceRoleKey).auth.admin;
    const adminEmail = newEmail();
    const created = await admin.createUser({ email: adminEmail, password: 'Password123' });
    expect(created.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['pwned'] });
    expect(await countUsers(adminEmail)).toBe(0);
  });
});

describe('metadata size', () => {
  const fiveKb = { notes: 'x'.repeat(5 * 1024) };

  it('refuses more than 4 KB of user_metadata on sign-up, so tokens stay small enough to use', async () => {
    const email = newEmail();
    const { error } = await client().auth.signUp({ email, password: STRONG, options: { data: fiveKb } });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error?.message).toMatch(/^data is too large: it may hold at most 4 KB/);
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses growing user_metadata past 4 KB a patch at a time, and lets oversized metadata shrink', async () => {
    const { supabase, user } = await signedUp({ kind: 'student' });
    expect((await supabase.auth.updateUser({ data: { a: 'x'.repeat(3000) } })).error).toBeNull();
    const grown = await supabase.auth.updateUser({ data: { b: 'x'.repeat(3000) } });
    expect(grown.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(Object.keys((await userRow(user.id)).raw_user_meta_data)).toEqual(['a', 'kind']);

    // An account stuck with metadata from before the cap can still remove it.
    await cluster.adminPool.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || $2 where id = $1`, [
      user.id,
      fiveKb,
    ]);
    expect((await supabase.auth.updateUser({ data: { notes: null } })).error).toBeNull();
    expect((await userRow(user.id)).raw_user_meta_data).toEqual({ kind: 'student', a: 'x'.repeat(3000) });
  });

  it('caps user_metadata and app_metadata on the admin routes', async () => {
    const admin = client(secrets.serviceRoleKey).auth.admin;
    const email = newEmail();
    for (const attributes of [{ user_metadata: fiveKb }, { app_metadata: fiveKb }]) {
      const { error } = await admin.createUser({ email, password: STRONG, ...attributes });
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect(await countUsers(email)).toBe(0);

    const { user } = await signedUp();
    for (const attributes of [{ user_metadata: fiveKb }, { app_metadata: fiveKb }]) {
      const { error } = await admin.updateUserById(user.id, attributes);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect(await userRow(user.id)).toMatchObject({
      raw_user_meta_data: {},
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
    });
  });
});

describe('text PostgreSQL cannot store', () => {
  const NUL = '\u0000';
  const LONE_HIGH = '\ud800';
  const LONE_LOW = '\udc00';

  it.each([
    [
      'a NUL in sign-up metadata',
      'data.first_name',
      (email: string) => ({ email, password: STRONG, data: { first_name: `Ada${NUL}` } }),
    ],
    [
      'a NUL in a metadata key',
      `data.x${NUL}`,
      (email: string) => ({ email, password: STRONG, data: { [`x${NUL}`]: 1 } }),
    ],
    [
      'a lone high surrogate in the email',
      'email',
      (email: string) => ({ email: `${LONE_HIGH}${email}`, password: STRONG }),
    ],
    [
      'a lone low surrogate in an array',
      'data.tags.1',
      (email: string) => ({ email, password: STRONG, data: { tags: ['ok', LONE_LOW] } }),
    ],
  ])('refuses %s on sign-up with 400 validation_failed naming the field', async (_label, field, body) => {
    const email = newEmail();
    const res = await sendJson('POST', '/signup', body(email));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      message: `The field ${field} contains a NUL character or a broken Unicode surrogate pair, which cannot be stored`,
    });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses it on every auth endpoint before anything runs', async () => {
    const { email, session, user } = await signedUp({ kind: 'student' });
    const service = secrets.serviceRoleKey;
    const attempts: [string, string, unknown, string?][] = [
      ['POST', '/token?grant_type=password', { email, password: `${STRONG}${NUL}` }],
      ['POST', '/token?grant_type=refresh_token', { refresh_token: `${session.refresh_token}${LONE_HIGH}` }],
      ['PUT', '/user', { data: { kind: `student${NUL}` } }, session.access_token],
      ['PUT', '/user', { password: `New1Password${LONE_LOW}`, current_password: STRONG }, session.access_token],
      ['POST', '/recover', { email: `${email}${NUL}` }],
      ['POST', '/verify', { type: 'recovery', token_hash: `abc${NUL}` }],
      ['POST', '/admin/users', { email: newEmail(), password: STRONG, user_metadata: { name: LONE_HIGH } }, service],
      ['PUT', `/admin/users/${user.id}`, { app_metadata: { role: `x${NUL}` } }, service],
      ['DELETE', `/admin/users/${user.id}`, { should_soft_delete: false, reason: NUL }, service],
    ];
    for (const [method, path, body, token] of attempts) {
      const res = await sendJson(method, path, body, token);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await userRow(user.id)).toMatchObject({ email, raw_user_meta_data: { kind: 'student' } });
    expect((await client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
  });

  it('finds it however deep it is nested, and accepts proper surrogate pairs', async () => {
    const email = newEmail();
    const deep = `{"email":"${email}","password":"${STRONG}","data":{"x":${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}}}`;
    const res = await sendJson('POST', '/signup', deep);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    expect(await countUsers(email)).toBe(0);

    const { user } = await signedUp({ nickname: 'Ada 😀' });
    expect(user.user_metadata).toEqual({ nickname: 'Ada 😀' });
  });
});

describe('protocol fidelity with GoTrue', () => {
  it('answers an anonymous sign-in with 422 anonymous_provider_disabled and creates nobody', async () => {
    const before = (await cluster.adminPool.query('select count(*)::int as count from auth.users')).rows[0].count;
    const { data, error } = await client().auth.signInAnonymously({ options: { data: { kind: 'student' } } });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    expect((await cluster.adminPool.query('select count(*)::int as count from auth.users')).rows[0].count).toBe(before);
  });

  it('refuses passwords over 72 bytes with 400 validation_failed, counting bytes rather than characters', async () => {
    for (const password of [`A1${'a'.repeat(71)}`, `A1b${'é'.repeat(35)}`]) {
      const email = newEmail();
      const { error } = await client().auth.signUp({ email, password });
      expect(error).not.toBeInstanceOf(AuthWeakPasswordError);
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Password cannot be longer than 72 characters',
      });
      expect(await countUsers(email)).toBe(0);
    }
  });

  it('answers an unknown grant type as GoTrue does', async () => {
    for (const query of ['?grant_type=client_credentials', '?grant_type=', '']) {
      const res = await sendJson('POST', `/token${query}`, { email: 'a@campus.test', password: STRONG });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'invalid_credentials',
        error_code: 'invalid_credentials',
        msg: 'unsupported_grant_type',
      });
    }
  });

  it('answers every unknown path with the auth 404, even where the apps would serve GET /*', async () => {
    const withApps = await startGateway({}, { withApps: true });
    const notFound = { code: 'not_found', error_code: 'not_found', msg: 'Not found', message: 'Not found' };
    const requests: [string, string, { headers: Record<string, string>; body: string }?][] = [
      ['GET', '/nope'],
      ['GET', '/'],
      ['GET', '/admin/users/not/a/route'],
      ['HEAD', '/nope'],
      ['POST', '/nope', { headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['POST', '/nope', { headers: { 'content-type': 'text/plain' }, body: 'hello' }],
      ['DELETE', '/user'],
      ['PATCH', '/settings'],
    ];
    for (const [method, path, init] of requests) {
      const res = await authFetch(path, { ...init, method }, withApps);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      if (method !== 'HEAD') expect(await res.json()).toEqual(notFound);
    }
    // The apps still serve everything outside the API.
    const page = await fetch(`${withApps}/some/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('CampusCare');
  });
});
