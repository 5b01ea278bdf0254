import { createClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { authRoutes } from '../src/auth/routes';
import { registerApiGateway } from '../src/gateway/api-gateway';
import { DEFAULT_AUTH_RATE_LIMITS, type GatewayContext } from '../src/gateway/context';
import { freePort } from '../src/ports';
import { startCluster, type Cluster } from '../src/postgres/cluster';
import { createAdminPool } from '../src/postgres/database';
import { migrate } from '../src/postgres/migrate';
import { loadOrCreateSecrets, type LocalSecrets } from '../src/secrets';
import { ObjectFiles } from '../src/storage/files';
import { storageRoutes } from '../src/storage/routes';

/**
 * The auth and storage services when what they stand on fails: a database that is stopped, and a storage directory
 * that is full or may not be written. Each is the server's state, never the request's: a 5xx that says so, 503 with
 * Retry-After for the outage, and never a path of the server's.
 */
const FIXTURE_STORAGE = join(__dirname, 'fixtures', 'storage');
const PASSWORD = 'Correct1Horse';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('when the database or the disk fails', () => {
  let dataDir: string;
  let secrets: LocalSecrets;
  let cluster: Cluster;
  /** The services' own connections, which outlive the database they connect to. */
  let servicePool: Pool;
  let gateway: FastifyInstance;
  let url: string;
  let session: { userId: string; token: string };

  const client = (key = secrets.anonKey) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
    });
  const withToken = (init: RequestInit & { headers?: Record<string, string> } = {}) => ({
    ...init,
    headers: { apikey: secrets.anonKey, authorization: `Bearer ${session.token}`, ...init.headers },
  });
  const upload = (name: string) =>
    fetch(
      `${url}/storage/v1/object/docs/${session.userId}/${name}`,
      withToken({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'notes' }),
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'campuscare-outage-'));
    secrets = loadOrCreateSecrets(dataDir);
    cluster = await startCluster({
      dataDir,
      port: await freePort(),
      superuserPassword: secrets.superuserPassword,
      logger,
    });
    await migrate({
      pool: cluster.adminPool,
      supabaseDir: FIXTURE_STORAGE,
      authenticatorPassword: secrets.authenticatorPassword,
      runSeed: false,
      logger,
    });
    servicePool = createAdminPool(cluster.connectionString('postgres', secrets.superuserPassword), logger);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const ctx: GatewayContext = {
      adminPool: servicePool,
      secrets,
      publicUrl: url,
      storageDir: dataDir,
      logger,
      authRateLimits: DEFAULT_AUTH_RATE_LIMITS,
      requestGate: null,
    };
    gateway = Fastify({ forceCloseConnections: true });
    registerApiGateway(gateway, secrets);
    await gateway.register(authRoutes(ctx), { prefix: '/auth/v1' });
    await gateway.register(storageRoutes(ctx), { prefix: '/storage/v1' });
    await gateway.listen({ port, host: '127.0.0.1' });

    const email = `outage.${randomUUID().slice(0, 8)}@campus.test`;
    const created = await client(secrets.serviceRoleKey).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const { data, error } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    if (error || !data.session) throw error ?? new Error('no session');
    session = { userId: data.session.user.id, token: data.session.access_token };
    expect((await upload('kept.txt')).status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
    await servicePool?.end();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** A file system error as Node raises it, its message naming the file. */
  const diskError = (code: string) =>
    Object.assign(new Error(`${code}: failed, open '${dataDir}/storage-tmp/${randomUUID()}'`), { code, path: dataDir });

  it('answers an upload onto a full disk with a 507 that names no file, storing nothing', async () => {
    jest.spyOn(ObjectFiles.prototype, 'receive').mockRejectedValue(diskError('ENOSPC'));
    const answer = await upload('full.txt');
    expect(answer.status).toBe(507);
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({
      statusCode: '507',
      code: 'InternalError',
      error: 'Insufficient Storage',
      message:
        'The server has no room for files right now. Try again later, and tell your administrator if it keeps happening.',
    });
    expect(body).not.toContain(dataDir);
    expect((await servicePool.query('select 1 from storage.objects where name like $1', ['%/full.txt'])).rowCount).toBe(
      0,
    );
  });

  it.each(['EACCES', 'EPERM', 'EROFS'])(
    'answers %s on the storage directory with a 500 that says so and names no file',
    async (code) => {
      jest.spyOn(ObjectFiles.prototype, 'receive').mockRejectedValue(diskError(code));
      jest.spyOn(ObjectFiles.prototype, 'open').mockRejectedValue(diskError(code));
      const message =
        'The server cannot read or write its files right now. Try again later, and tell your administrator if it keeps happening.';
      for (const answer of [
        await upload('locked.txt'),
        await fetch(`${url}/storage/v1/object/docs/${session.userId}/kept.txt`, withToken()),
      ]) {
        expect(answer.status).toBe(500);
        const body = await answer.text();
        expect(JSON.parse(body)).toMatchObject({ statusCode: '500', message });
        expect(body).not.toContain(dataDir);
      }
    },
  );

  describe('with the database stopped', () => {
    beforeAll(async () => {
      await cluster.stop();
    });

    it('answers every auth endpoint with 503 and Retry-After, as PostgREST does', async () => {
      const requests: [string, RequestInit][] = [
        [
          '/token?grant_type=password',
          { method: 'POST', body: JSON.stringify({ email: 'someone@campus.test', password: PASSWORD }) },
        ],
        ['/signup', { method: 'POST', body: JSON.stringify({ email: 'newcomer@campus.test', password: PASSWORD }) }],
        ['/recover', { method: 'POST', body: JSON.stringify({ email: 'someone@campus.test' }) }],
        ['/user', { method: 'GET' }],
      ];
      for (const [path, init] of requests) {
        const answer = await fetch(
          `${url}/auth/v1${path}`,
          withToken({ ...init, headers: { 'content-type': 'application/json' } }),
        );
        expect({ path, status: answer.status, retryAfter: answer.headers.get('retry-after') }).toEqual({
          path,
          status: 503,
          retryAfter: '1',
        });
        expect(await answer.json()).toMatchObject({
          code: 'service_unavailable',
          msg: 'The account service cannot reach its database right now. Try again in a moment.',
        });
      }
      // auth-js takes it for an error worth retrying, not for a refusal that would sign the user out.
      const { error } = await client().auth.signInWithPassword({ email: 'someone@campus.test', password: PASSWORD });
      expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 503 });
    });

    it('answers every storage route with 503 and Retry-After', async () => {
      const answers = [
        await upload('during-outage.txt'),
        await fetch(`${url}/storage/v1/object/docs/${session.userId}/kept.txt`, withToken()),
        await fetch(`${url}/storage/v1/bucket`, withToken()),
        await fetch(
          `${url}/storage/v1/object/list/docs`,
          withToken({
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ prefix: session.userId }),
          }),
        ),
      ];
      for (const answer of answers) {
        expect({ status: answer.status, retryAfter: answer.headers.get('retry-after') }).toEqual({
          status: 503,
          retryAfter: '1',
        });
        expect(await answer.json()).toEqual({
          statusCode: '503',
          code: 'DatabaseError',
          error: 'Service Unavailable',
          message: 'Storage cannot reach its database right now. Try again in a moment.',
        });
      }
    });
  });
});
