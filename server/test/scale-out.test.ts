import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { startCluster, type Cluster } from '../src/postgres/cluster';
import { listMigrations, migrate } from '../src/postgres/migrate';
import { freePort } from '../src/ports';
import { generateSecrets, loadOrCreateSecrets, type StackSecrets } from '../src/secrets';
import { REPO_ROOT } from '../src/stack';
import { decodedBody, mimeParts, startFakeSmtp, type FakeSmtp } from './support/fake-smtp';

/**
 * The scale-out deployment as docs/deploy.md describes it, as real processes: one PostgreSQL (here an embedded cluster
 * standing in for a managed one), two `npm start` gateways on DATABASE_URL with EMAIL_DELIVERY=worker, and
 * `npm run worker` processes delivering the outbox. Whatever one gateway does, the other must honour. As on a managed
 * service, nobody but the test itself is a superuser: the gateways and workers connect as the database's owner, with
 * LOGIN, CREATEROLE, CREATEDB and BYPASSRLS only.
 */
jest.setTimeout(180_000);

const SITE = 'https://care.example.edu';
const OWNER = 'campuscare';
const SIGNUP_LIMIT = 3;
const STRONG = 'Correct1Horse';
const logger = pino({ level: 'silent' });
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Started {
  child: ChildProcess;
  output: () => string;
}

let dataDir: string;
let cluster: Cluster;
let databaseUrl: string;
/** The owner's own connections, to look behind the API as the operator would. */
let owner: Pool;
let secrets: StackSecrets;
let smtp: FakeSmtp;
const processes: Started[] = [];
const gateways: string[] = [];

/** A process of this repository's scripts, in its own process group so that PostgREST goes down with it. */
function startProcess(script: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: secrets.jwtSecret,
      ANON_KEY: secrets.anonKey,
      SERVICE_ROLE_KEY: secrets.serviceRoleKey,
      AUTHENTICATOR_PASSWORD: secrets.authenticatorPassword,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = { child, output: () => output };
  processes.push(started);
  return started;
}

async function startGateway(storageDir: string): Promise<string> {
  const port = await freePort();
  const gateway = startProcess('server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: SITE,
    STORAGE_DIR: storageDir,
    EMAIL_DELIVERY: 'worker',
    RATE_LIMIT_SIGNUP: String(SIGNUP_LIMIT),
    // The test talks to the gateways directly and plays the load balancer itself where it sends X-Forwarded-For.
    TRUST_PROXY: 'true',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (gateway.child.exitCode !== null) throw new Error(`The gateway exited during start-up:\n${gateway.output()}`);
    const healthy = await fetch(`${url}/auth/v1/health`, { headers: { apikey: secrets.anonKey } })
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return url;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The gateway did not answer within 120 s:\n${gateway.output()}`);
}

async function stopProcess({ child }: Started): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    // The whole group: a gateway killed outright would leave its PostgREST behind.
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

function client(base: string, accessToken?: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(base, secrets.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
    global: { headers: accessToken ? { ...headers, Authorization: `Bearer ${accessToken}` } : headers },
  });
}

/** Reads until `done` holds or a minute has passed, and returns the last reading. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

let emailCounter = 0;
const newEmail = () => `admin${Date.now()}.${++emailCounter}@campus.test`;
const signUp = (base: string, email = newEmail(), headers: Record<string, string> = {}) =>
  client(base, undefined, headers).auth.signUp({
    email,
    password: STRONG,
    options: { data: { kind: 'university', university_name: `University ${emailCounter}` } },
  });

/**
 * Signs a university up on `base` and opens the confirmation link it was mailed on `confirmOn`, the way its owner
 * would; returns the session the link gives.
 */
async function confirmedSignUp(base: string, confirmOn: string, email = newEmail()): Promise<Session> {
  const signedUp = await signUp(base, email);
  if (signedUp.error) throw signedUp.error;
  const { rows } = await owner.query<{ body: string }>(
    'select body from public.email_outbox where to_email = $1 order by id desc limit 1',
    [email],
  );
  const token =
    new URL(/(http\S+\/auth\/v1\/verify\S+)/.exec(rows[0]?.body ?? '')?.[1] ?? `${base}/`).searchParams.get('token') ??
    '';
  const { data, error } = await client(confirmOn).auth.verifyOtp({ type: 'signup', token_hash: token });
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
  return data.session;
}

/** A role with these attributes and a database it owns, both named `name`; returns the role's URL for it. */
async function createOwnedDatabase(name: string, attributes: string): Promise<string> {
  const password = randomBytes(12).toString('hex');
  await cluster.adminPool.query(`create role ${name} ${attributes} password '${password}'`);
  await cluster.adminPool.query(`create database ${name} owner ${name}`);
  const url = new URL(cluster.connectionString(name, password));
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'campuscare-scale-out-'));
  const local = loadOrCreateSecrets(dataDir);
  cluster = await startCluster({ dataDir, port: await freePort(), superuserPassword: local.superuserPassword, logger });
  // What the provider hands over: a database and its owner, who is no superuser.
  databaseUrl = await createOwnedDatabase(OWNER, 'login createrole createdb bypassrls');
  owner = new Pool({ connectionString: databaseUrl });
  // What docs/deploy.md has the operator generate once and give every process.
  secrets = generateSecrets();
  smtp = await startFakeSmtp();
  const storageDir = join(dataDir, 'shared-storage');
  // Started together, so both apply the migrations at once: they must take turns.
  gateways.push(...(await Promise.all([startGateway(storageDir), startGateway(storageDir)])));
});

afterAll(async () => {
  await Promise.all(processes.map(stopProcess));
  await owner?.end();
  await smtp?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two gateways and the mail workers on one database', () => {
  it('runs as an owner that is no superuser, its PostgREST given the request gate by its configuration', async () => {
    const { rows } = await owner.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = current_user',
    );
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: true }]);
    // Such an owner may not set pgrst.db_pre_request on the role; the REST test below shows the gate runs regardless.
    const authenticator = await owner.query<{ settings: string[] | null }>(
      `select rolconfig as settings from pg_roles where rolname = 'authenticator'`,
    );
    expect(authenticator.rows).toEqual([{ settings: null }]);
  });

  it('applied every migration once, recorded as the Supabase CLI records them, without the seed', async () => {
    const { rows } = await owner.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((row) => row.version)).toEqual(
      listMigrations(join(REPO_ROOT, 'supabase')).map((migration) => migration.version),
    );
    const seeds = await owner.query('select from supabase_migrations.seed_files');
    expect(seeds.rowCount).toBe(0);
    const universities = await owner.query('select from public.universities');
    expect(universities.rowCount).toBe(0);
    // Invitation links are built in the database from the site URL the gateways were given.
    const settings = await owner.query('select site_url from private.deployment_settings');
    expect(settings.rows).toEqual([{ site_url: SITE }]);
  });

  it('signs in on one gateway and serves REST and stored files with that session on the other', async () => {
    const [first, second] = gateways;
    const email = newEmail();
    await confirmedSignUp(first, second, email);
    const signedIn = await client(first).auth.signInWithPassword({ email, password: STRONG });
    expect(signedIn.error).toBeNull();
    const token = signedIn.data.session?.access_token as string;

    const { data, error } = await client(second, token).from('members').select('email, role, university_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ email, role: 'admin', university_id: expect.any(String) }]);

    // Files go to the shared storage directory: stored through one gateway, served by the other.
    const logo = `${(data as { university_id: string }[])[0].university_id}/logo.png`;
    const uploaded = await client(second, token)
      .storage.from('university-logos')
      .upload(logo, ONE_PIXEL_PNG, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    const served = await fetch(client(first).storage.from('university-logos').getPublicUrl(logo).data.publicUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(ONE_PIXEL_PNG);
  });

  it('counts the per-IP rate limits across both gateways, by the client address the load balancer forwards', async () => {
    // The bucket may hold fewer tokens after the earlier sign-up; start from a full one.
    await owner.query(`delete from auth.rate_limits where bucket like 'signup:%'`);
    const answers = [];
    for (let i = 0; i <= SIGNUP_LIMIT; i++) answers.push((await signUp(gateways[i % 2])).error);
    expect(answers.slice(0, SIGNUP_LIMIT)).toEqual(Array(SIGNUP_LIMIT).fill(null));
    expect(answers[SIGNUP_LIMIT]).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // Behind a load balancer (TRUST_PROXY) every client has its own bucket, not the balancer's.
    expect((await signUp(gateways[1], newEmail(), { 'x-forwarded-for': '203.0.113.7' })).error).toBeNull();
  });

  it('refuses a session signed out on one gateway on the other too', async () => {
    const [first, second] = gateways;
    await owner.query(`delete from auth.rate_limits where bucket like 'signup:%'`);
    const session = await confirmedSignUp(first, first);
    expect((await client(second).auth.getUser(session.access_token)).error).toBeNull();

    const signedOut = client(first);
    await signedOut.auth.setSession(session);
    expect((await signedOut.auth.signOut()).error).toBeNull();

    const refused = await fetch(`${second}/auth/v1/user`, {
      headers: { apikey: secrets.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'session_not_found' });
    expect((await client(second).auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
    // The database's request gate ends the access token at REST too, whichever gateway carries it.
    const rest = await client(second, session.access_token).from('members').select('id');
    expect(rest.error).toMatchObject({ code: 'PT401' });
  });

  it('delivers each outbox email once while two workers run', async () => {
    const count = 40;
    await owner.query(
      `insert into public.email_outbox (to_email, subject, body)
       select 'student' || n || '@campus.test', 'Message ' || n, 'Hello' from generate_series(1, $1) n`,
      [count],
    );
    const workerEnv = { SMTP_URL: smtp.url, MAIL_FROM: 'CampusCare <care@example.edu>' };
    startProcess('server/src/worker.ts', workerEnv);
    startProcess('server/src/worker.ts', workerEnv);

    const pending = await waitFor(
      async () =>
        (
          await owner.query<{ pending: number }>(
            `select count(*)::int as pending from public.email_outbox where sent_at is null and to_email like 'student%'`,
          )
        ).rows[0].pending,
      (left) => left === 0,
    );
    expect(pending).toBe(0);
    const subjects = smtp.messages
      .map((message) => /^Subject: (.*)$/m.exec(message)?.[1])
      .filter((s) => s?.startsWith('Message '));
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const { rows } = await owner.query<{ via: string }>(
      `select distinct delivered_via as via from public.email_outbox where to_email like 'student%'`,
    );
    expect(rows).toEqual([{ via: 'smtp' }]);
  });

  it('links the emails the database writes to the site URL it stores, and the workers deliver them', async () => {
    const [first, second] = gateways;
    await owner.query(`delete from auth.rate_limits where bucket like 'signup:%'`);
    const email = newEmail();
    await confirmedSignUp(second, first, email);
    const signedIn = await client(second).auth.signInWithPassword({ email, password: STRONG });
    expect(signedIn.error).toBeNull();

    const student = `invited.${Date.now()}@campus.test`;
    const invited = await client(first, signedIn.data.session?.access_token).rpc('invite_student', { email: student });
    expect(invited.error).toBeNull();
    const { link } = invited.data as { link: string };
    expect(link).toMatch(/^https:\/\/care\.example\.edu\/register\?join=[A-Z0-9]+$/);

    const delivered = await waitFor(
      async () => smtp.messages.find((message) => message.split('\r\n').includes(`To: ${student}`)),
      (message) => message !== undefined,
    );
    expect(
      mimeParts(delivered ?? '')
        .map(decodedBody)
        .join('\n'),
    ).toContain(link);
  });
});

describe('an owner without BYPASSRLS', () => {
  it('applies the schema once an administrator grants it the roles that already exist (docs/deploy.md)', async () => {
    const name = 'campuscare_without_bypassrls';
    const pool = new Pool({ connectionString: await createOwnedDatabase(name, 'login createrole') });
    try {
      // The roles exist (the first owner created them), as when a provider creates them in advance.
      await cluster.adminPool.query(
        `grant anon, authenticated, service_role, authenticator, supabase_auth_admin, supabase_storage_admin to ${name} with admin option`,
      );
      await migrate({
        pool,
        supabaseDir: join(REPO_ROOT, 'supabase'),
        authenticatorPassword: secrets.authenticatorPassword,
        runSeed: false,
        siteUrl: SITE,
        logger,
      });
      const attributes = await pool.query('select rolsuper, rolbypassrls from pg_roles where rolname = current_user');
      expect(attributes.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
      const { rows } = await pool.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(rows.map((row) => row.version)).toEqual(
        listMigrations(join(REPO_ROOT, 'supabase')).map((migration) => migration.version),
      );
      // The gateway's services act as each API role.
      const roles = await pool.query<{ role: string }>(
        `select r as role from unnest(array['anon', 'authenticated', 'service_role']) r where pg_has_role(current_user, r, 'SET')`,
      );
      expect(roles.rows.map((row) => row.role)).toEqual(['anon', 'authenticated', 'service_role']);
    } finally {
      await pool.end();
    }
  });
});
