/**
 * The public excuse-letter check (`rpc/verify_excuse_letter`, /verify-letter) is the one lookup anyone may make
 * without signing in, so the gateway limits it per network: 30 a minute by default, answered 429 with Retry-After in
 * PostgREST's error shape. The attack: one address guessing codes as fast as it can. Every spelling of the path
 * PostgREST routes to the function (percent-encoded, dot segments, GET with the code in the query) draws from the same
 * allowance; other addresses, and the attacker's other requests, are not affected.
 */
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createClient } from '@supabase/supabase-js';
import { request } from 'node:http';
import WebSocket from 'ws';
import { readConfig } from '../src/config';
import { callsLetterVerification, routedRestPath } from '../src/gateway/letter-verification-limit';
import { DEFAULT_AUTH_RATE_LIMITS } from '../src/gateway/context';
import { startTestStack, type TestStack } from './support/stack';

const DEMO_CODE = 'NFUD-EMAV-ERFY-CAMP-USCA-RE26';
const LIMIT = DEFAULT_AUTH_RATE_LIMITS.letterVerification;

describe('which requests are letter checks', () => {
  it.each([
    '/rest/v1/rpc/verify_excuse_letter',
    '/rest/v1/rpc/verify_excuse_letter?code=ABCD',
    '/rest/v1/rpc/verify%5Fexcuse%5Fletter',
    '/rest/v1/rpc/verify%255Fexcuse%255Fletter',
    '/rest/v1/rpc%2Fverify_excuse_letter',
    '/rest/v1/RPC/Verify_Excuse_Letter',
    '/rest/v1//rpc//verify_excuse_letter/',
    '/rest/v1/./rpc/verify_excuse_letter',
    '/rest/v1/%2e/rpc/./verify_excuse_letter',
    '/rest/v1/rpc\\verify_excuse_letter',
    '/rest/v1/rpc/verify_excuse_letter#fragment',
  ])('%s is one', (url) => {
    expect(callsLetterVerification(url)).toBe(true);
  });

  it.each([
    '/rest/v1/rpc/university_for_join_code',
    '/rest/v1/rpc/verify_excuse_letters',
    '/rest/v1/excuse_letters?select=verify_excuse_letter',
    '/rest/v1/verify_excuse_letter',
    '/rest/v1/rpc/issue_excuse_letter',
  ])('%s is not', (url) => {
    expect(callsLetterVerification(url)).toBe(false);
  });

  it('reads the path as the proxy forwards it and PostgREST decodes it, never throwing on bad escapes', () => {
    expect(routedRestPath('/rest/v1/a/./b/%2e/c?x=/rpc/verify_excuse_letter')).toBe('/a/b/c');
    expect(routedRestPath('/rest/v1/rpc/%zz%E2%9C%93')).toBe('/rpc/%zz%E2%9C%93');
  });
});

describe('its configuration', () => {
  it('is 30 a minute unless RATE_LIMIT_LETTER_VERIFICATION(_WINDOW_SECONDS) say otherwise', () => {
    expect([
      DEFAULT_AUTH_RATE_LIMITS.letterVerification,
      DEFAULT_AUTH_RATE_LIMITS.letterVerificationWindowSeconds,
    ]).toEqual([30, 60]);
    expect(
      readConfig({ RATE_LIMIT_LETTER_VERIFICATION: '10', RATE_LIMIT_LETTER_VERIFICATION_WINDOW_SECONDS: '300' }, '/srv')
        .authRateLimits,
    ).toEqual({
      letterVerification: 10,
      letterVerificationWindowSeconds: 300,
    });
    expect(() => readConfig({ RATE_LIMIT_LETTER_VERIFICATION: '0' }, '/srv')).toThrow(
      /^RATE_LIMIT_LETTER_VERIFICATION must be a whole number/,
    );
  });
});

describe('the letter check through the gateway', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // Behind a trusted proxy, as deployed: X-Forwarded-For names the client.
    stack = await startTestStack({ trustProxy: true, deliverEmail: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> };

  /**
   * One check from `ip`: POST with a JSON body, or GET with the code in the query, at `path` under /rest/v1 exactly as
   * written (node:http sends the path as given; fetch would resolve `./` and `%2e` itself before sending).
   */
  function check(
    ip: string,
    code: string,
    { method = 'POST', path = '/rpc/verify_excuse_letter' }: { method?: string; path?: string } = {},
  ): Promise<Answer> {
    const { hostname, port } = new URL(stack.url);
    const body = method === 'GET' ? undefined : JSON.stringify({ code });
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          hostname,
          port,
          method,
          path: `/rest/v1${path}${method === 'GET' ? `?code=${encodeURIComponent(code)}` : ''}`,
          headers: {
            apikey: stack.anonKey,
            'content-type': 'application/json',
            'x-forwarded-for': ip,
            ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
            });
          });
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }

  /** A well-formed code no letter has: what a guesser sends. */
  const guess = (n: number) => `GUES-SABC-DEFG-HJKM-NPQR-${String(n).padStart(4, '2').replace(/[01]/g, '9')}`;

  it('lets one address check 30 codes, refuses the 31st with 429 and Retry-After, and keeps answering everyone else', async () => {
    const attacker = '198.51.100.7';
    const first = await Promise.all(Array.from({ length: LIMIT }, (_, i) => check(attacker, guess(i))));
    expect(first.map((answer) => [answer.status, answer.body])).toEqual(
      Array.from({ length: LIMIT }, () => [200, { found: false }]),
    );

    const refused = await check(attacker, guess(LIMIT));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.retryAfter);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.body).toEqual({
      code: 'over_request_rate_limit',
      message: `Too many letter checks from your network. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
      details: 'At most 30 verification codes can be checked a minute from one network.',
      hint: null,
    });

    // However it spells the call, and with the real code too: still refused, before PostgREST is asked.
    const respelled = await Promise.all([
      check(attacker, DEMO_CODE),
      check(attacker, DEMO_CODE, { method: 'GET' }),
      check(attacker, DEMO_CODE, { path: '/rpc/verify%5Fexcuse%5Fletter' }),
      check(attacker, DEMO_CODE, { path: '/rpc/verify%255Fexcuse%255Fletter' }),
      check(attacker, DEMO_CODE, { path: '/./rpc/verify_excuse_letter' }),
      check(attacker, DEMO_CODE, { path: '//rpc//verify_excuse_letter' }),
    ]);
    expect(respelled.map((answer) => answer.status)).toEqual([429, 429, 429, 429, 429, 429]);

    // supabase-js, as the /verify-letter page calls it, reads the refusal as the call's error.
    const asPage = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
      global: { headers: { 'x-forwarded-for': attacker } },
    });
    const fromPage = await asPage.rpc('verify_excuse_letter', { code: DEMO_CODE });
    expect(fromPage.data).toBeNull();
    expect(fromPage.error).toMatchObject({
      code: 'over_request_rate_limit',
      message: expect.stringMatching(/^Too many letter checks from your network/),
    });

    // Another address is answered as usual, the real letter included.
    const neighbour = await check('198.51.100.8', DEMO_CODE);
    expect(neighbour.status).toBe(200);
    expect(neighbour.body).toMatchObject({ found: true, status: 'valid', university_name: 'Northfield University' });
    // The attacker's other requests are not limited by it.
    const other = await fetch(`${stack.url}/rest/v1/rpc/university_for_join_code?join_code=NORTHFIELD`, {
      headers: { apikey: stack.anonKey, 'x-forwarded-for': attacker },
    });
    expect(other.status).toBe(200);
  });

  it('counts every spelling PostgREST routes to the function in one allowance, and an IPv6 /64 as one network', async () => {
    // Each spelling really reaches the function (the real code is found), so each must count.
    const spellings = [
      { path: '/rpc/verify_excuse_letter' },
      { method: 'GET' },
      { path: '/rpc/verify%5Fexcuse%5Fletter' },
      { path: '/./rpc/verify_excuse_letter' },
      { path: '/rpc/%2e/verify_excuse_letter' },
    ];
    const host = '2001:db8:1:2::7';
    const answers = await Promise.all(
      Array.from({ length: LIMIT }, (_, i) => check(host, DEMO_CODE, spellings[i % spellings.length])),
    );
    expect(answers.map((answer) => [answer.status, answer.body.found])).toEqual(
      Array.from({ length: LIMIT }, () => [200, true]),
    );
    // Its neighbour in the same /64 has nothing left either; the next /64 is another network.
    expect((await check('2001:db8:1:2::8', DEMO_CODE, { path: '/rpc/verify%5Fexcuse%5Fletter' })).status).toBe(429);
    expect((await check('2001:db8:1:3::7', DEMO_CODE)).status).toBe(200);
  });
});
