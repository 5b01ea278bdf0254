import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'pg';
import pino from 'pino';
import { DEFAULT_AUTH_RATE_LIMITS, type GatewayContext } from '../src/gateway/context';
import { signJwt } from '../src/jwt';
import { createLogger } from '../src/logger';
import { freePort } from '../src/ports';
import { loadOrCreateSecrets } from '../src/secrets';
import { storageRoutes, type StorageOptions } from '../src/storage/routes';
import { startTestStack, type TestStack } from './support/stack';

/** Two buckets with owner-folder policies: `docs` (private) and `avatars` (public, 2 KB, PNG/JPEG only). */
const FIXTURE_SUPABASE = join(__dirname, 'fixtures', 'storage');

// Smallest valid PNG header plus padding: enough for the magic-number check.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 1)]);

const BOUNDARY = 'campuscare-test-boundary';

interface FormPart {
  name: string;
  content: string;
  /** Makes the part a file. */
  filename?: string;
  type?: string;
}

/** A multipart body byte for byte (latin1), which FormData would never produce when it is broken. */
function multipartBody(parts: FormPart[], { closed }: { closed: boolean }): Buffer {
  const encoded = parts.map((part) =>
    [
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`,
      ...(part.type === undefined ? [] : [`Content-Type: ${part.type}`]),
      '',
      part.content,
    ].join('\r\n'),
  );
  return Buffer.from(`${encoded.join('\r\n')}${closed ? `\r\n--${BOUNDARY}--\r\n` : ''}`, 'latin1');
}

interface RawAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends a request over a bare TCP connection, exactly as given: `sent` may stop short of the Content-Length it declares,
 * which no HTTP client allows. `answer` settles when the server closes the connection.
 */
function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  sent: Buffer,
): { socket: Socket; answer: Promise<RawAnswer> } {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${hostname}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n`, 'latin1');
  socket.write(sent);
  const answer = new Promise<RawAnswer>((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset connection still ends in 'close', which settles the answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
      const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve({ status, body: status && bodyText ? JSON.parse(bodyText) : undefined });
    });
  });
  return { socket, answer };
}

interface StorageServiceSetup {
  context?: Partial<GatewayContext>;
  options?: StorageOptions;
  prepareDataDir?: (dataDir: string) => void;
}

interface StorageService {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Polls until `check` holds (or gives up after ~5 s): for effects the server completes after it has answered. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 100 && !check(); attempt++) await delay(50);
  return check();
}

describe('storage service (supabase-js over HTTP)', () => {
  let stack: TestStack;
  const alice = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE_SUPABASE });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const tokenFor = (sub: string) => {
    const iat = Math.floor(Date.now() / 1000);
    return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat, exp: iat + 600 }, stack.jwtSecret);
  };
  const as = (sub: string) => stack.client(tokenFor(sub));
  const anon = () => stack.client();
  const service = () => stack.serviceClient();

  const rowOf = async (bucket: string, name: string) =>
    (await stack.adminPool.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, name]))
      .rows[0];
  /** Every file under the bucket's storage directory and the temp directory, relative to the data directory. */
  const filesOnDisk = (): string[] => {
    const found: string[] = [];
    const walk = (dir: string) => {
      if (!existsSync(dir)) return;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else found.push(full.slice(stack.dataDir.length + 1));
      }
    };
    walk(join(stack.dataDir, 'storage'));
    walk(join(stack.dataDir, 'storage-tmp'));
    return found.sort();
  };

  it('uploads multipart (Blob) and raw bodies, and downloads them with their content type', async () => {
    const storage = as(alice).storage.from('docs');
    const up = await storage.upload(`${alice}/notes/hello.txt`, new Blob(['hello world'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data).toEqual({
      id: expect.any(String),
      path: `${alice}/notes/hello.txt`,
      fullPath: `docs/${alice}/notes/hello.txt`,
    });

    // A JSON file sent raw must be stored as bytes, not parsed as a request body.
    const json = '{"not":"parsed"}';
    const raw = await storage.upload(`${alice}/data.json`, Buffer.from(json), { contentType: 'application/json' });
    expect(raw.error).toBeNull();

    const text = await storage.download(`${alice}/notes/hello.txt`);
    expect(text.error).toBeNull();
    expect(await text.data!.text()).toBe('hello world');
    expect(text.data!.type).toBe('text/plain');

    const res = await fetch(`${stack.url}/storage/v1/object/authenticated/docs/${alice}/data.json`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${tokenFor(alice)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(json);

    const row = await rowOf('docs', `${alice}/notes/hello.txt`);
    expect(row).toMatchObject({
      owner: alice,
      owner_id: alice,
      metadata: expect.objectContaining({ size: 11, mimetype: 'text/plain' }),
    });
  });

  it('lets policies decide: another user folder and anonymous callers are refused', async () => {
    const intrude = await as(bob).storage.from('docs').upload(`${alice}/bob-was-here.txt`, 'x');
    expect(intrude.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect(await rowOf('docs', `${alice}/bob-was-here.txt`)).toBeUndefined();

    const peek = await as(bob).storage.from('docs').download(`${alice}/notes/hello.txt`);
    expect(peek.error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const anonUpload = await anon().storage.from('docs').upload(`${alice}/anon.txt`, 'x');
    expect(anonUpload.error).toMatchObject({ statusCode: '403' });
    const anonDownload = await anon().storage.from('docs').download(`${alice}/notes/hello.txt`);
    expect(anonDownload.error).toMatchObject({ statusCode: '404' });
    const anonList = await anon().storage.from('docs').list(alice);
    expect(anonList).toEqual({ data: [], error: null });

    const publicUrl = anon().storage.from('docs').getPublicUrl(`${alice}/notes/hello.txt`).data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });

    expect(filesOnDisk().some((file) => file.includes('bob-was-here') || file.includes('anon.txt'))).toBe(false);
  });

  it('refuses a bad token with statusCode 403', async () => {
    const forged = signJwt(
      { sub: alice, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 },
      'not-the-secret',
    );
    const { error } = await stack.client(forged).storage.from('docs').download(`${alice}/notes/hello.txt`);
    expect(error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: expect.stringMatching(/signature is invalid/),
    });
    const superuser = signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 }, stack.jwtSecret);
    const escalate = await stack.client(superuser).storage.from('docs').list(alice);
    expect(escalate.error).toMatchObject({
      statusCode: '403',
      message: expect.stringMatching(/role "postgres" is not allowed/),
    });
  });

  it('serves public buckets without any key', async () => {
    const up = await as(alice).storage.from('avatars').upload(`${alice}/me.png`, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const res = await fetch(anon().storage.from('avatars').getPublicUrl(`${alice}/me.png`).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const head = await fetch(anon().storage.from('avatars').getPublicUrl(`${alice}/me.png`).data.publicUrl, {
      method: 'HEAD',
    });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(PNG.length)]);
  });

  it('signs URLs only for readable objects and serves them until they expire', async () => {
    const docs = as(alice).storage.from('docs');
    const signed = await docs.createSignedUrl(`${alice}/notes/hello.txt`, 60);
    expect(signed.error).toBeNull();
    const ok = await fetch(signed.data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello world');

    const otherPath = signed.data!.signedUrl.replace('hello.txt', 'other.txt');
    const moved = await fetch(otherPath);
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({ statusCode: '403', code: 'InvalidJWT' });

    const tampered = await fetch(signed.data!.signedUrl.slice(0, -3) + 'abc');
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: '403', message: expect.stringMatching(/signature/) });

    const past = Math.floor(Date.now() / 1000) - 10;
    const expiredToken = signJwt({ url: `docs/${alice}/notes/hello.txt`, iat: past - 60, exp: past }, stack.jwtSecret);
    const expired = await fetch(
      `${stack.url}/storage/v1/object/sign/docs/${alice}/notes/hello.txt?token=${expiredToken}`,
    );
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '403', message: expect.stringMatching(/expired/) });

    const refused = await as(bob).storage.from('docs').createSignedUrl(`${alice}/notes/hello.txt`, 60);
    expect(refused.error).toMatchObject({ statusCode: '404' });

    const many = await docs.createSignedUrls([`${alice}/notes/hello.txt`, `${alice}/missing.txt`], 60);
    expect(many.error).toBeNull();
    expect(many.data![0]).toMatchObject({
      path: `${alice}/notes/hello.txt`,
      error: null,
      signedUrl: expect.stringContaining('token='),
    });
    expect(many.data![1]).toMatchObject({ path: `${alice}/missing.txt`, signedUrl: null, error: expect.any(String) });
    expect((await fetch(many.data![0].signedUrl!)).status).toBe(200);
  });

  it('refuses duplicates unless upsert, and replaces the file on upsert and update', async () => {
    const docs = as(alice).storage.from('docs');
    const key = `${alice}/report.txt`;
    expect((await docs.upload(key, 'v1')).error).toBeNull();
    const dup = await docs.upload(key, 'v2');
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await docs.download(key)).data!.text()).toBe('v1');

    const id = (await rowOf('docs', key)).id;
    const upsert = await docs.upload(key, 'v2', { upsert: true });
    expect(upsert.error).toBeNull();
    expect(upsert.data!.id).toBe(id);
    expect(await (await docs.download(key)).data!.text()).toBe('v2');

    expect((await docs.update(key, 'v3')).error).toBeNull();
    expect(await (await docs.download(key)).data!.text()).toBe('v3');
    expect(filesOnDisk().filter((file) => file.includes('report.txt'))).toHaveLength(1);

    const missing = await docs.update(`${alice}/never.txt`, 'x');
    expect(missing.error).toMatchObject({ statusCode: '404' });

    const bobUpsert = await as(bob).storage.from('docs').upload(key, 'bob', { upsert: true });
    expect(bobUpsert.error).toMatchObject({ statusCode: '403' });
    expect(await (await docs.download(key)).data!.text()).toBe('v3');
  });

  it('enforces the bucket size limit and mime types, storing nothing', async () => {
    const avatars = as(alice).storage.from('avatars');
    const before = filesOnDisk();

    const big = Buffer.concat([PNG, Buffer.alloc(3000)]);
    const tooBig = await avatars.upload(`${alice}/big.png`, new Blob([big], { type: 'image/png' }));
    expect(tooBig.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const tooBigRaw = await avatars.upload(`${alice}/big-raw.png`, big, { contentType: 'image/png' });
    expect(tooBigRaw.error).toMatchObject({ statusCode: '413' });

    const wrongType = await avatars.upload(`${alice}/notes.txt`, 'hello', { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });

    const disguised = await avatars.upload(`${alice}/fake.png`, new Blob(['just text'], { type: 'image/png' }));
    expect(disguised.error).toMatchObject({
      statusCode: '415',
      message: 'file content does not match mime type image/png',
    });

    // Buckets without a limit still stop at the server's hard cap, also when the size is only known by streaming.
    const huge = await as(alice)
      .storage.from('docs')
      .upload(`${alice}/huge.bin`, new Blob([Buffer.alloc(10 * 1024 * 1024 + 1)]));
    expect(huge.error).toMatchObject({ statusCode: '413' });
    expect(await rowOf('docs', `${alice}/huge.bin`)).toBeUndefined();

    for (const name of ['big.png', 'big-raw.png', 'notes.txt', 'fake.png'])
      expect(await rowOf('avatars', `${alice}/${name}`)).toBeUndefined();
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses path traversal and malformed keys', async () => {
    // Sent byte for byte: fetch() would resolve dot segments before they ever reached the server.
    const post = (path: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = request(
          `${stack.url}${path}`,
          {
            method: 'POST',
            headers: {
              apikey: stack.anonKey,
              Authorization: `Bearer ${tokenFor(alice)}`,
              'content-type': 'text/plain',
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
            );
          },
        );
        req.on('error', reject);
        req.end('x');
      });
    for (const key of [
      `${alice}/../../escape.txt`,
      `${alice}/%2e%2e/%2e%2e/escape.txt`,
      `${alice}/..%2F..%2Fescape.txt`,
      `${alice}/a%5Cb.txt`,
      `${alice}/nul%00.txt`,
      `${alice}//double.txt`,
      `%2Fetc/passwd`,
      `${alice}/..`,
    ]) {
      const res = await post(`/storage/v1/object/docs/${key}`);
      expect([key, res.status]).toEqual([key, 400]);
      expect(res.body).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    expect(
      filesOnDisk().some((file) => file.includes('escape') || file.includes('double') || file.includes('passwd')),
    ).toBe(false);
  });

  it('lists folders and files one level at a time', async () => {
    const { data, error } = await as(alice)
      .storage.from('docs')
      .list(alice, { sortBy: { column: 'name', order: 'asc' } });
    expect(error).toBeNull();
    expect(data!.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['data.json', false],
      ['notes', true],
      ['report.txt', false],
    ]);
    const searched = await as(alice).storage.from('docs').list(alice, { search: 'rep' });
    expect(searched.data!.map((entry) => entry.name)).toEqual(['report.txt']);
    const root = await service().storage.from('docs').list();
    expect(root.data!.map((entry) => entry.name)).toEqual([alice]);
  });

  it('removes only what the caller may delete, files included', async () => {
    await as(bob).storage.from('docs').upload(`${bob}/mine.txt`, 'bob');
    const { data, error } = await as(alice)
      .storage.from('docs')
      .remove([`${alice}/report.txt`, `${bob}/mine.txt`]);
    expect(error).toBeNull();
    expect(data!.map((row) => row.name)).toEqual([`${alice}/report.txt`]);
    expect(await rowOf('docs', `${alice}/report.txt`)).toBeUndefined();
    expect(await rowOf('docs', `${bob}/mine.txt`)).toBeDefined();
    expect(filesOnDisk().some((file) => file.includes('report.txt'))).toBe(false);
    expect((await as(alice).storage.from('docs').download(`${alice}/report.txt`)).error).toMatchObject({
      statusCode: '404',
    });
  });

  it('shows buckets to the service role only (no bucket policies)', async () => {
    const all = await service().storage.listBuckets();
    expect(all.data!.map((bucket) => bucket.id).sort()).toEqual(['avatars', 'docs']);
    expect((await as(alice).storage.listBuckets()).data).toEqual([]);
    const one = await service().storage.getBucket('avatars');
    expect(one.data).toMatchObject({
      id: 'avatars',
      public: true,
      file_size_limit: 2048,
      allowed_mime_types: ['image/png', 'image/jpeg'],
    });
    // Exactly Supabase's bucket fields: the internal owner_id stays out, and only the listing says the bucket type.
    const supabaseFields = [
      'allowed_mime_types',
      'created_at',
      'file_size_limit',
      'id',
      'name',
      'owner',
      'public',
      'updated_at',
    ];
    expect(Object.keys(one.data!).sort()).toEqual(supabaseFields);
    const listedFields = [...supabaseFields, 'type'].sort();
    expect(all.data!.map((bucket) => Object.keys(bucket).sort())).toEqual([listedFields, listedFields]);
    expect(all.data!.map((bucket) => bucket.type)).toEqual(['STANDARD', 'STANDARD']);
    expect((await service().storage.getBucket('nope')).error).toMatchObject({ statusCode: '404' });
  });

  it('pages, sorts and searches the bucket list as storage-js asks, refusing bad values with a 400', async () => {
    const { storage } = service();
    const bucketIds = async (options: Parameters<typeof storage.listBuckets>[0]) => {
      const { data, error } = await storage.listBuckets(options);
      expect(error).toBeNull();
      return data!.map((bucket) => bucket.id);
    };
    expect(await bucketIds({ sortColumn: 'name', sortOrder: 'desc' })).toEqual(['docs', 'avatars']);
    expect(await bucketIds({ sortColumn: 'id' })).toEqual(['avatars', 'docs']);
    expect(await bucketIds({ limit: 1 })).toEqual(['avatars']);
    expect(await bucketIds({ limit: 1, offset: 1 })).toEqual(['docs']);
    expect(await bucketIds({ offset: 2 })).toEqual([]);
    expect(await bucketIds({ search: 'VAT' })).toEqual(['avatars']);
    // The search is plain text: LIKE's wildcards match only themselves.
    expect(await bucketIds({ search: '%' })).toEqual([]);
    expect(await bucketIds({ search: '_' })).toEqual([]);

    const refused = [
      'limit=0',
      'limit=-1',
      'limit=ten',
      'limit=1.5',
      'limit=',
      'limit=99999999999999999',
      'limit=1&limit=2',
      'offset=-1',
      'sortColumn=owner',
      'sortColumn=name%20desc',
      'sortColumn=public',
      'sortOrder=up',
      'search=a&search=b',
    ];
    for (const query of refused) {
      const res = await fetch(`${stack.url}/storage/v1/bucket?${query}`, { headers: { apikey: stack.serviceRoleKey } });
      expect([query, res.status]).toEqual([query, 400]);
      expect([query, await res.json()]).toEqual([
        query,
        expect.objectContaining({
          statusCode: '400',
          code: 'InvalidRequest',
          message: expect.stringMatching(/^(limit|offset|sortColumn|sortOrder|search) must be/),
        }),
      ]);
    }
  });

  const authHeaders = (sub: string) => ({ apikey: stack.anonKey, Authorization: `Bearer ${tokenFor(sub)}` });
  const objectNames = async () =>
    (await stack.adminPool.query('select bucket_id, name from storage.objects order by 1, 2')).rows;
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

  it('refuses NUL bytes and broken Unicode in paths, bucket ids, queries and JSON fields with a 400, changing nothing', async () => {
    const keep = `${bob}/keep.txt`;
    expect((await as(bob).storage.from('docs').upload(keep, 'keep')).error).toBeNull();
    const rowsBefore = await objectNames();
    const filesBefore = filesOnDisk();
    // JSON texts are written out: `\ud800` is how JSON carries a lone surrogate, `\u0000` a NUL.
    const attacks: { method: string; path: string; json?: string }[] = [
      { method: 'GET', path: '/bucket/do%00cs' },
      { method: 'GET', path: `/object/docs/${keep}%00` },
      { method: 'GET', path: `/object/info/do%00cs/${keep}` },
      { method: 'DELETE', path: `/object/docs/${keep}%00` },
      { method: 'GET', path: `/object/docs/${keep}?download=keep%00.txt` },
      { method: 'POST', path: '/object/list/docs', json: `{"prefix":"${bob}\\u0000"}` },
      { method: 'POST', path: '/object/list/docs', json: '{"prefix":"\\udc00"}' },
      { method: 'POST', path: '/object/list/docs', json: `{"prefix":"${bob}","search":"k\\u0000"}` },
      { method: 'POST', path: '/object/list/docs', json: `{"prefix":"${bob}","search":"\\ud800"}` },
      { method: 'DELETE', path: '/object/docs', json: `{"prefixes":["${keep}","${bob}/\\u0000"]}` },
      { method: 'DELETE', path: '/object/docs', json: `{"prefixes":["${keep}","\\ud800"]}` },
      { method: 'POST', path: '/object/sign/docs', json: `{"expiresIn":60,"paths":["${keep}","\\u0000"]}` },
      { method: 'POST', path: '/object/sign/docs', json: `{"expiresIn":60,"paths":["${keep}","\\udbff"]}` },
    ];
    for (const { method, path, json } of attacks) {
      const res = await fetch(`${stack.url}/storage/v1${path}`, {
        method,
        headers: { ...authHeaders(bob), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json,
      });
      expect([method, path, json, res.status]).toEqual([method, path, json, 400]);
      // A bad path is a bad key; a bad query or body field is a bad request.
      const code = json === undefined && !path.includes('?') ? 'InvalidKey' : 'InvalidRequest';
      expect(await res.json()).toMatchObject({
        statusCode: '400',
        code,
        message: expect.stringMatching(/contains a NUL character or invalid Unicode/),
      });
    }
    // Broken percent-encoding is refused by the router before any storage route runs.
    for (const path of [`/object/docs/${bob}/%ED%A0%80.txt`, `/object/docs/${bob}/%zz.txt`, '/object/list/%ED%A0%80']) {
      const res = await fetch(`${stack.url}/storage/v1${path}`, {
        method: 'POST',
        headers: { ...authHeaders(bob), 'content-type': 'text/plain' },
        body: 'x',
      });
      expect([path, res.status]).toEqual([path, 400]);
    }
    expect(await objectNames()).toEqual(rowsBefore);
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await (await as(bob).storage.from('docs').download(keep)).data!.text()).toBe('keep');
  });

  it('refuses cache-control and content-type values that downloads could not send back, storing nothing', async () => {
    const docs = as(bob).storage.from('docs');
    const filesBefore = filesOnDisk();
    const injected = await docs.upload(`${bob}/injected.txt`, new Blob(['x'], { type: 'text/plain' }), {
      cacheControl: '60\r\nSet-Cookie: session=stolen',
    });
    expect(injected.error).toMatchObject({
      statusCode: '400',
      code: 'InvalidRequest',
      message: 'cacheControl must be a whole number of seconds, such as "3600"',
    });

    // Sent raw: fetch and FormData would clean up these values before they ever left.
    const upload = (name: string, headers: Record<string, string>, body: Buffer) =>
      sendRaw(
        stack.url,
        'POST',
        `/storage/v1/object/docs/${bob}/${name}`,
        {
          ...authHeaders(bob),
          ...headers,
          'Content-Length': String(body.length),
          Connection: 'close',
        },
        body,
      ).answer;
    const text = { 'Content-Type': 'text/plain' };
    const filePart = (type: string) =>
      multipartBody([{ name: '', filename: 'a.txt', type, content: 'x' }], { closed: true });
    const refusals: [string, Promise<RawAnswer>][] = [
      [
        'raw, non-ASCII cache-control',
        upload('raw-accent.txt', { ...text, 'Cache-Control': 'max-age=60\xe9' }, Buffer.from('x')),
      ],
      [
        'raw, overlong cache-control',
        upload('raw-long.txt', { ...text, 'Cache-Control': `max-age=${'9'.repeat(300)}` }, Buffer.from('x')),
      ],
      [
        'raw, non-ASCII content type',
        upload('raw-type.txt', { 'Content-Type': 'text/plain; charset=\xe9' }, Buffer.from('x')),
      ],
      [
        'multipart, control character in the file type',
        upload('part-ctl.txt', { 'Content-Type': multipartType }, filePart('text/pl\x01ain')),
      ],
      [
        'multipart, NUL in the file type',
        upload('part-nul.txt', { 'Content-Type': multipartType }, filePart('text/pl\x00ain')),
      ],
    ];
    for (const [label, answer] of refusals) {
      expect([label, await answer]).toEqual([
        label,
        {
          status: 400,
          body: expect.objectContaining({
            statusCode: '400',
            code: 'InvalidRequest',
            message: expect.stringMatching(/printable ASCII/),
          }),
        },
      ]);
    }
    for (const name of [
      'injected.txt',
      'raw-accent.txt',
      'raw-long.txt',
      'raw-type.txt',
      'part-ctl.txt',
      'part-nul.txt',
    ]) {
      expect(await rowOf('docs', `${bob}/${name}`)).toBeUndefined();
    }
    expect(filesOnDisk()).toEqual(filesBefore);

    expect(
      (await docs.upload(`${bob}/cached.txt`, new Blob(['x'], { type: 'text/plain' }), { cacheControl: '60' })).error,
    ).toBeNull();
    const res = await fetch(`${stack.url}/storage/v1/object/docs/${bob}/cached.txt`, { headers: authHeaders(bob) });
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'max-age=60']);
  });

  it('keeps the custom metadata of raw (x-metadata header) and multipart uploads, and returns it from info', async () => {
    const docs = as(bob).storage.from('docs');
    const rawKey = `${bob}/described/raw.txt`;
    const formKey = `${bob}/described/form.txt`;
    const metadata = { caption: 'Résumé ✓', tags: ['campus', 'map'], pages: 2, draft: false };
    expect((await docs.upload(rawKey, Buffer.from('raw'), { contentType: 'text/plain', metadata })).error).toBeNull();
    expect((await docs.upload(formKey, new Blob(['form'], { type: 'text/plain' }), { metadata })).error).toBeNull();
    for (const key of [rawKey, formKey]) {
      const res = await fetch(`${stack.url}/storage/v1/object/info/docs/${key}`, { headers: authHeaders(bob) });
      expect([key, res.status]).toEqual([key, 200]);
      expect([key, await res.json()]).toEqual([
        key,
        expect.objectContaining({ name: key, bucket_id: 'docs', metadata }),
      ]);
      expect([key, (await docs.info(key)).data?.metadata]).toEqual([key, metadata]);
    }

    // Every upload sets the metadata afresh, as in Supabase: its own, or none.
    expect(
      (await docs.update(rawKey, Buffer.from('raw 2'), { contentType: 'text/plain', metadata: { caption: 'second' } }))
        .error,
    ).toBeNull();
    expect((await rowOf('docs', rawKey)).user_metadata).toEqual({ caption: 'second' });
    expect(
      (await docs.upload(formKey, new Blob(['form 2'], { type: 'text/plain' }), { upsert: true })).error,
    ).toBeNull();
    expect((await docs.info(formKey)).data?.metadata).toEqual({});
  });

  it('refuses malformed, non-object and oversized custom metadata with a 4xx, changing nothing', async () => {
    const kept = `${bob}/labelled.txt`;
    expect(
      (
        await as(bob)
          .storage.from('docs')
          .upload(kept, Buffer.from('kept'), { contentType: 'text/plain', metadata: { label: 'kept' } })
      ).error,
    ).toBeNull();
    const keptRow = await rowOf('docs', kept);
    const rowsBefore = await objectNames();
    const filesBefore = filesOnDisk();
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const oversized = JSON.stringify({ caption: 'x'.repeat(9000) });
    const notAnObject = /must be a JSON object, such as/;
    // Each is sent over an existing object (upsert) and to a new key.
    const headerCases: [string, string, string, RegExp][] = [
      ['not base64', 'not base64!', '400', /^The x-metadata header must be a JSON object encoded in base64$/],
      ['unpadded base64', base64('{"a":1}').replace(/=+$/, ''), '400', /encoded in base64/],
      [
        'base64 of bytes that are not UTF-8',
        Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'),
        '400',
        /encoded in base64/,
      ],
      ['not JSON', base64('{caption: 1}'), '400', notAnObject],
      ['a JSON array', base64('["campus"]'), '400', notAnObject],
      ['a JSON string', base64('"campus"'), '400', notAnObject],
      ['JSON null', base64('null'), '400', notAnObject],
      [
        'a NUL character',
        base64('{"caption":"a\\u0000b"}'),
        '400',
        /^The custom metadata field "caption" contains a NUL character/,
      ],
      ['a lone surrogate', base64('{"tags":["\\ud800"]}'), '400', /^The custom metadata field "tags.0" contains/],
      ['over 8 KB', base64(oversized), '413', /^The custom metadata may hold at most 8 KB of JSON$/],
    ];
    for (const [label, header, statusCode, message] of headerCases) {
      for (const key of [kept, `${bob}/never-labelled.txt`]) {
        const res = await fetch(`${stack.url}/storage/v1/object/docs/${key}`, {
          method: 'POST',
          headers: { ...authHeaders(bob), 'content-type': 'text/plain', 'x-upsert': 'true', 'x-metadata': header },
          body: 'replaced',
        });
        expect([label, key, res.status]).toEqual([label, key, 400]);
        expect([label, key, await res.json()]).toEqual([
          label,
          key,
          expect.objectContaining({ statusCode, message: expect.stringMatching(message) }),
        ]);
      }
    }
    const formCases: [string, string[], string, RegExp][] = [
      ['not JSON', ['caption'], '400', notAnObject],
      ['a JSON array', ['[]'], '400', notAnObject],
      ['sent twice', ['{}', '{}'], '400', /^The form field "metadata" must be sent once, as text$/],
      ['over 8 KB', [oversized], '413', /at most 8 KB/],
    ];
    for (const [label, fields, statusCode, message] of formCases) {
      const form = new FormData();
      form.append('cacheControl', '3600');
      for (const field of fields) form.append('metadata', field);
      form.append('', new Blob(['replaced'], { type: 'text/plain' }));
      const res = await fetch(`${stack.url}/storage/v1/object/docs/${kept}`, {
        method: 'POST',
        headers: { ...authHeaders(bob), 'x-upsert': 'true' },
        body: form,
      });
      expect([label, res.status]).toEqual([label, 400]);
      expect([label, await res.json()]).toEqual([
        label,
        expect.objectContaining({ statusCode, message: expect.stringMatching(message) }),
      ]);
    }
    expect(await objectNames()).toEqual(rowsBefore);
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await rowOf('docs', kept)).toEqual(keptRow);
    expect(await (await as(bob).storage.from('docs').download(kept)).data!.text()).toBe('kept');
  });

  it('claims the Supabase routes it does not implement and answers unknown storage routes in the storage shape, writing nothing', async () => {
    // Buckets named like route segments: `POST /object/upload/sign/docs/...` used to store `sign/docs/...` in `upload`.
    await stack.adminPool.query(
      "insert into storage.buckets (id, name) values ('upload', 'upload'), ('move', 'move'), ('list-v2', 'list-v2')",
    );
    try {
      const docs = service().storage.from('docs');
      const unsupported = [
        await docs.createSignedUploadUrl(`${bob}/signed-upload.txt`),
        await docs.uploadToSignedUrl(`${bob}/signed-upload.txt`, 'token', new Blob(['x'], { type: 'text/plain' })),
        await docs.move(`${bob}/keep.txt`, `${bob}/moved.txt`),
        await docs.copy(`${bob}/keep.txt`, `${bob}/copied.txt`),
        await docs.listV2({ prefix: bob }),
      ];
      for (const { error } of unsupported) {
        expect(error).toMatchObject({
          status: 400,
          statusCode: '501',
          code: 'NotSupported',
          message: expect.stringMatching(/is not supported/),
        });
      }
      // Storage's router answers a real 404 naming the route as Storage sees it, behind the gateway that strips /storage/v1.
      const unknown: [string, string, string][] = [
        ['GET', '', '/'],
        ['GET', '/nothing/here', '/nothing/here'],
        ['GET', '/nothing?a=1&b=2', '/nothing?a=1&b=2'],
        ['HEAD', '/nothing', '/nothing'],
        ['POST', '/nothing', '/nothing'],
        ['DELETE', '/render/image/docs/x.png', '/render/image/docs/x.png'],
        ['POST', '/bucket', '/bucket'],
      ];
      for (const [method, path, seenByStorage] of unknown) {
        const res = await fetch(`${stack.url}/storage/v1${path}`, {
          method,
          headers: { apikey: stack.serviceRoleKey, 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect([method, path, res.status]).toEqual([method, path, 404]);
        if (method !== 'HEAD') {
          expect(await res.json()).toEqual({
            statusCode: '404',
            error: 'Not Found',
            code: 'InvalidRequest',
            message: `Route ${method}:${seenByStorage} not found`,
          });
        }
      }
      expect((await objectNames()).filter((row) => ['upload', 'move', 'list-v2'].includes(row.bucket_id))).toEqual([]);
      expect(await rowOf('docs', `${bob}/moved.txt`)).toBeUndefined();
      expect(await rowOf('docs', `${bob}/copied.txt`)).toBeUndefined();
    } finally {
      await stack.adminPool.query("delete from storage.buckets where id in ('upload', 'move', 'list-v2')");
    }
  });

  it('removes the temp file of an upload whose client disconnects half way, and keeps serving', async () => {
    const tempDir = join(stack.dataDir, 'storage-tmp');
    const tempFiles = () => (existsSync(tempDir) ? readdirSync(tempDir) : []);
    const firstBytes: [string, Record<string, string>, Buffer][] = [
      [
        'multipart.txt',
        { 'Content-Type': multipartType },
        multipartBody(
          [
            { name: 'cacheControl', content: '60' },
            { name: '', filename: 'a.txt', type: 'text/plain', content: 'the first bytes' },
          ],
          {
            closed: false,
          },
        ),
      ],
      ['raw.txt', { 'Content-Type': 'text/plain' }, Buffer.from('the first bytes')],
    ];
    for (const [name, headers, sent] of firstBytes) {
      const path = `/storage/v1/object/docs/${bob}/${name}`;
      const upload = sendRaw(
        stack.url,
        'POST',
        path,
        { ...authHeaders(bob), ...headers, 'Content-Length': String(sent.length + 100_000) },
        sent,
      );
      // The server is receiving the file when the client goes.
      expect([name, await eventually(() => tempFiles().length > 0)]).toEqual([name, true]);
      upload.socket.destroy();
      expect([name, await eventually(() => tempFiles().length === 0)]).toEqual([name, true]);
      expect(await rowOf('docs', `${bob}/${name}`)).toBeUndefined();
    }
    expect((await as(bob).storage.from('docs').list(bob)).error).toBeNull();
  });

  it('answers a multipart upload whose body ends without its closing boundary, storing nothing', async () => {
    const sent = multipartBody([{ name: '', filename: 'a.txt', type: 'text/plain', content: 'cut short' }], {
      closed: false,
    });
    const { answer } = sendRaw(
      stack.url,
      'POST',
      `/storage/v1/object/docs/${bob}/unterminated.txt`,
      {
        ...authHeaders(bob),
        'Content-Type': multipartType,
        'Content-Length': String(sent.length),
        Connection: 'close',
      },
      sent,
    );
    expect(await answer).toEqual({
      status: 400,
      body: expect.objectContaining({
        statusCode: '400',
        code: 'InvalidRequest',
        message: 'The upload ended before the whole file arrived',
      }),
    });
    expect(await rowOf('docs', `${bob}/unterminated.txt`)).toBeUndefined();
    // The answer may leave before the temp file's removal finishes.
    expect(await eventually(() => readdirSync(join(stack.dataDir, 'storage-tmp')).length === 0)).toBe(true);
  });

  /**
   * The storage service alone on its own port and data directory, over the test stack's database unless `context` says
   * otherwise; `prepareDataDir` runs before the service starts. `stop()` removes the directory.
   */
  const startStorageService = async ({
    context = {},
    options = {},
    prepareDataDir,
  }: StorageServiceSetup = {}): Promise<StorageService> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-storage-'));
    prepareDataDir?.(dataDir);
    const logger = context.logger ?? createLogger('silent');
    // Closing must not wait on connections a failing test left stalled.
    const app = Fastify({ forceCloseConnections: true, loggerInstance: logger });
    const gatewayContext: GatewayContext = {
      adminPool: stack.adminPool,
      secrets: loadOrCreateSecrets(stack.dataDir),
      publicUrl: stack.url,
      authRateLimits: DEFAULT_AUTH_RATE_LIMITS,
      requestGate: null,
      ...context,
      storageDir: dataDir,
      logger,
    };
    await app.register(storageRoutes(gatewayContext, options), { prefix: '/storage/v1' });
    const port = await freePort();
    await app.listen({ port, host: 'localhost' });
    return {
      baseUrl: `http://localhost:${port}`,
      dataDir,
      async stop() {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };

  describe('with a one-second upload idle timeout', () => {
    const ONGOING_UPLOAD = randomUUID();
    let storageService: StorageService | undefined;
    let tempDir: string;
    let baseUrl: string;

    beforeAll(async () => {
      storageService = await startStorageService({
        options: { uploadIdleTimeoutMs: 1000 },
        // What a crash in the middle of an upload leaves behind, and an upload another gateway process is receiving.
        prepareDataDir(dataDir) {
          const leftTempDir = join(dataDir, 'storage-tmp');
          mkdirSync(leftTempDir);
          const leftover = join(leftTempDir, randomUUID());
          writeFileSync(leftover, 'half an upload');
          const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
          utimesSync(leftover, twoHoursAgo, twoHoursAgo);
          writeFileSync(join(leftTempDir, ONGOING_UPLOAD), 'an upload in progress');
        },
      });
      tempDir = join(storageService.dataDir, 'storage-tmp');
      baseUrl = storageService.baseUrl;
    });
    afterAll(async () => {
      await storageService?.stop();
    });

    it('removes temp files left behind before the service started, and leaves uploads in progress alone', () => {
      expect(readdirSync(tempDir)).toEqual([ONGOING_UPLOAD]);
      rmSync(join(tempDir, ONGOING_UPLOAD));
    });

    it('abandons a stalled upload with a 400 and closes its connection, leaving no temp file', async () => {
      const stalledBodies: { stalls: string; headers: Record<string, string>; sent: Buffer; receivesBytes: boolean }[] =
        [
          {
            stalls: 'before the file part',
            headers: { 'Content-Type': multipartType },
            sent: multipartBody([{ name: 'cacheControl', content: '60' }], { closed: false }),
            receivesBytes: false,
          },
          {
            stalls: 'inside the file part',
            headers: { 'Content-Type': multipartType },
            sent: multipartBody([{ name: '', filename: 'a.txt', type: 'text/plain', content: 'the first bytes' }], {
              closed: false,
            }),
            receivesBytes: true,
          },
          {
            stalls: 'inside a raw body',
            headers: { 'Content-Type': 'text/plain' },
            sent: Buffer.from('the first bytes'),
            receivesBytes: true,
          },
        ];
      for (const { stalls, headers, sent, receivesBytes } of stalledBodies) {
        const path = `/storage/v1/object/docs/${bob}/stalled.txt`;
        const upload = sendRaw(
          baseUrl,
          'POST',
          path,
          { ...authHeaders(bob), ...headers, 'Content-Length': String(sent.length + 100_000) },
          sent,
        );
        if (receivesBytes)
          expect([stalls, await eventually(() => readdirSync(tempDir).length > 0)]).toEqual([stalls, true]);
        expect([stalls, await upload.answer]).toEqual([
          stalls,
          {
            status: 400,
            body: expect.objectContaining({
              statusCode: '408',
              code: 'RequestTimeout',
              message: 'The upload sent no data for 1 s and was abandoned',
            }),
          },
        ]);
        expect([stalls, readdirSync(tempDir)]).toEqual([stalls, []]);
      }
      expect(await rowOf('docs', `${bob}/stalled.txt`)).toBeUndefined();
      const after = await fetch(`${baseUrl}/storage/v1/object/list/docs`, {
        method: 'POST',
        headers: { ...authHeaders(bob), 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: bob }),
      });
      expect(after.status).toBe(200);
    });
  });

  describe('when the database refuses a privilege', () => {
    const logLines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => logLines.push(line) });
    const logged = () =>
      logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });

    afterEach(() => {
      logLines.length = 0;
    });

    it('names a privilege the caller lacks as PostgreSQL does, keeps the row-level security message for policies, and logs it', async () => {
      // A policy that reads a table the API roles were never granted: a mistake in the schema, not in the request.
      await stack.adminPool.query(`
        create table public.storage_probe (id int);
        revoke all on public.storage_probe from anon, authenticated, service_role;
        create policy "probe: read" on storage.objects for select to authenticated
          using (bucket_id = 'avatars' and exists (select 1 from public.storage_probe));`);
      const storageService = await startStorageService({ context: { logger } });
      try {
        const res = await fetch(`${storageService.baseUrl}/storage/v1/object/list/docs`, {
          method: 'POST',
          headers: { ...authHeaders(alice), 'content-type': 'application/json' },
          body: JSON.stringify({ prefix: alice }),
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          statusCode: '403',
          code: 'AccessDenied',
          error: 'Unauthorized',
          message: 'permission denied for table storage_probe',
        });
        expect(logged()).toEqual([
          expect.objectContaining({
            level: 40,
            err: expect.objectContaining({ message: 'permission denied for table storage_probe' }),
          }),
        ]);

        // An upload only meets the INSERT policies, whose refusal keeps Storage's message.
        const intrude = await fetch(`${storageService.baseUrl}/storage/v1/object/docs/${alice}/probe.txt`, {
          method: 'POST',
          headers: { ...authHeaders(bob), 'content-type': 'text/plain' },
          body: 'x',
        });
        expect(await intrude.json()).toMatchObject({
          statusCode: '403',
          code: 'AccessDenied',
          message: 'new row violates row-level security policy',
        });
        expect(logged()).toHaveLength(1);
      } finally {
        await storageService.stop();
        await stack.adminPool.query('drop policy "probe: read" on storage.objects; drop table public.storage_probe');
      }
    });

    it('answers a 500 and logs the reason when its database user may not act as the caller, storing nothing', async () => {
      // A database user that can read bucket settings (past their RLS, as a table owner can) but was never granted the API roles.
      const role = `storage_without_api_roles_${randomUUID().slice(0, 8)}`;
      const password = randomUUID();
      await stack.adminPool.query(`create role ${role} login bypassrls password '${password}';
        grant usage on schema storage to ${role};
        grant select on storage.buckets to ${role};`);
      const url = new URL(String(stack.adminPool.options.connectionString));
      url.username = role;
      url.password = password;
      const pool = new Pool({ connectionString: url.toString(), max: 2 });
      const storageService = await startStorageService({ context: { adminPool: pool, logger } });
      try {
        const internal = {
          statusCode: '500',
          code: 'InternalError',
          error: 'internal',
          message: 'Internal Server Error',
        };
        const listing = await fetch(`${storageService.baseUrl}/storage/v1/bucket`, {
          headers: { Authorization: `Bearer ${stack.serviceRoleKey}` },
        });
        expect([listing.status, await listing.json()]).toEqual([500, internal]);
        const upload = await fetch(`${storageService.baseUrl}/storage/v1/object/docs/${alice}/unplaced.txt`, {
          method: 'POST',
          headers: { ...authHeaders(alice), 'content-type': 'text/plain' },
          body: 'x',
        });
        expect([upload.status, await upload.json()]).toEqual([500, internal]);

        const errors = logged().filter((line) => line.level === 50);
        expect(errors).toHaveLength(2);
        for (const line of errors)
          expect(line.err?.message).toMatch(
            /may not act as role "(service_role|authenticated)".*permission denied to set role/,
          );
        expect(await rowOf('docs', `${alice}/unplaced.txt`)).toBeUndefined();
        expect(readdirSync(join(storageService.dataDir, 'storage-tmp'))).toEqual([]);
      } finally {
        await storageService.stop();
        await pool.end();
        await stack.adminPool.query(`drop owned by ${role}; drop role ${role}`);
      }
    });
  });
});
