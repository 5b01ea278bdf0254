import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { signJwt } from '../src/jwt';
import { startTestStack, type TestStack } from './support/stack';

/** Two buckets with owner-folder policies: `docs` (private) and `avatars` (public, 2 KB, PNG/JPEG only). */
const FIXTURE_SUPABASE = join(__dirname, 'fixtures', 'storage');

// Smallest valid PNG header plus padding: enough for the magic-number check.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 1)]);

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
    (await stack.adminPool.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows[0];
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
    expect(up.data).toEqual({ id: expect.any(String), path: `${alice}/notes/hello.txt`, fullPath: `docs/${alice}/notes/hello.txt` });

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
    expect(row).toMatchObject({ owner: alice, owner_id: alice, metadata: expect.objectContaining({ size: 11, mimetype: 'text/plain' }) });
  });

  it('lets policies decide: another user folder and anonymous callers are refused', async () => {
    const intrude = await as(bob).storage.from('docs').upload(`${alice}/bob-was-here.txt`, 'x');
    expect(intrude.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
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
    const forged = signJwt({ sub: alice, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, 'not-the-secret');
    const { error } = await stack.client(forged).storage.from('docs').download(`${alice}/notes/hello.txt`);
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: expect.stringMatching(/signature is invalid/) });
    const superuser = signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 }, stack.jwtSecret);
    const escalate = await stack.client(superuser).storage.from('docs').list(alice);
    expect(escalate.error).toMatchObject({ statusCode: '403', message: expect.stringMatching(/role "postgres" is not allowed/) });
  });

  it('serves public buckets without any key', async () => {
    const up = await as(alice).storage.from('avatars').upload(`${alice}/me.png`, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const res = await fetch(anon().storage.from('avatars').getPublicUrl(`${alice}/me.png`).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const head = await fetch(anon().storage.from('avatars').getPublicUrl(`${alice}/me.png`).data.publicUrl, { method: 'HEAD' });
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
    const expired = await fetch(`${stack.url}/storage/v1/object/sign/docs/${alice}/notes/hello.txt?token=${expiredToken}`);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '403', message: expect.stringMatching(/expired/) });

    const refused = await as(bob).storage.from('docs').createSignedUrl(`${alice}/notes/hello.txt`, 60);
    expect(refused.error).toMatchObject({ statusCode: '404' });

    const many = await docs.createSignedUrls([`${alice}/notes/hello.txt`, `${alice}/missing.txt`], 60);
    expect(many.error).toBeNull();
    expect(many.data![0]).toMatchObject({ path: `${alice}/notes/hello.txt`, error: null, signedUrl: expect.stringContaining('token=') });
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
    expect(disguised.error).toMatchObject({ statusCode: '415', message: 'file content does not match mime type image/png' });

    // Buckets without a limit still stop at the server's hard cap, also when the size is only known by streaming.
    const huge = await as(alice).storage.from('docs').upload(`${alice}/huge.bin`, new Blob([Buffer.alloc(10 * 1024 * 1024 + 1)]));
    expect(huge.error).toMatchObject({ statusCode: '413' });
    expect(await rowOf('docs', `${alice}/huge.bin`)).toBeUndefined();

    for (const name of ['big.png', 'big-raw.png', 'notes.txt', 'fake.png']) expect(await rowOf('avatars', `${alice}/${name}`)).toBeUndefined();
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses path traversal and malformed keys', async () => {
    // Sent byte for byte: fetch() would resolve dot segments before they ever reached the server.
    const post = (path: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = request(
          `${stack.url}${path}`,
          { method: 'POST', headers: { apikey: stack.anonKey, Authorization: `Bearer ${tokenFor(alice)}`, 'content-type': 'text/plain' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
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
    expect(filesOnDisk().some((file) => file.includes('escape') || file.includes('double') || file.includes('passwd'))).toBe(false);
  });

  it('lists folders and files one level at a time', async () => {
    const { data, error } = await as(alice).storage.from('docs').list(alice, { sortBy: { column: 'name', order: 'asc' } });
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
    const { data, error } = await as(alice).storage.from('docs').remove([`${alice}/report.txt`, `${bob}/mine.txt`]);
    expect(error).toBeNull();
    expect(data!.map((row) => row.name)).toEqual([`${alice}/report.txt`]);
    expect(await rowOf('docs', `${alice}/report.txt`)).toBeUndefined();
    expect(await rowOf('docs', `${bob}/mine.txt`)).toBeDefined();
    expect(filesOnDisk().some((file) => file.includes('report.txt'))).toBe(false);
    expect((await as(alice).storage.from('docs').download(`${alice}/report.txt`)).error).toMatchObject({ statusCode: '404' });
  });

  it('shows buckets to the service role only (no bucket policies)', async () => {
    const all = await service().storage.listBuckets();
    expect(all.data!.map((bucket) => bucket.id).sort()).toEqual(['avatars', 'docs']);
    expect((await as(alice).storage.listBuckets()).data).toEqual([]);
    const one = await service().storage.getBucket('avatars');
    expect(one.data).toMatchObject({ id: 'avatars', public: true, file_size_limit: 2048, allowed_mime_types: ['image/png', 'image/jpeg'] });
    expect((await service().storage.getBucket('nope')).error).toMatchObject({ statusCode: '404' });
  });
});
