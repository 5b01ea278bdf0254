import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restProxy } from '../src/gateway/rest-proxy';
import { signJwt } from '../src/jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

/** Answers of a stand-in PostgREST, by path: status and body exactly as PostgREST 12 sends them. */
const UPSTREAM: Record<string, { status: number; body: string }> = {
  // A query whose connection died under it: libpq's own error has no SQLSTATE and no primary message.
  '/lost': { status: 400, body: '{"code":"","details":null,"hint":null,"message":""}' },
  '/refused': {
    status: 400,
    body: '{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type uuid: \\"x\\""}',
  },
  '/not-json': { status: 400, body: 'Bad Request' },
  '/rows': { status: 200, body: '[{"id":1}]' },
};

describe('the REST proxy', () => {
  let upstream: Server;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  const token = signJwt(
    { sub: 'user-1', role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
    SECRET,
  );
  const get = (path: string) =>
    fetch(`${gatewayUrl}/rest/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      const answer = UPSTREAM[request.url ?? ''] ?? { status: 404, body: '{}' };
      response
        .writeHead(answer.status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(answer.body),
        })
        .end(answer.body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    gateway = Fastify();
    await gateway.register(restProxy, {
      prefix: '/rest/v1',
      postgrestUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      jwtSecret: SECRET,
    });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('answers a lost database connection, which PostgREST reports as a 400 without SQLSTATE, with a 503 to retry', async () => {
    const response = await get('/lost');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ code: 'PGRST000' });
  });

  it('passes every other 400 on unchanged, body and length', async () => {
    for (const path of ['/refused', '/not-json']) {
      const response = await get(path);
      expect(response.status).toBe(400);
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(UPSTREAM[path].body));
      expect(await response.text()).toBe(UPSTREAM[path].body);
    }
  });

  it('streams successful answers through', async () => {
    const response = await get('/rows');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1 }]);
  });
});
