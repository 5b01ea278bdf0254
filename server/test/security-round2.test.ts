import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { Client } from 'pg';
import { signJwt } from '../src/jwt';
import { startTestStack, type TestStack } from './support/stack';

/**
 * Security, round 2: each attack of the issue, performed against the real migrations and demo seed through the
 * gateway. The stack believes X-Forwarded-For (TRUST_PROXY), so a test can come from any network.
 */
const DEMO_PASSWORD = 'CampusCare2026';
/** The passwords of the issue, each built on the context or on a sequence. */
const GUESSABLE_PASSWORDS = ['CampusCare2026', 'Northfield2026', 'NorthfieldStaff2026', 'Abcdefg1234', 'Aa1234567890'];
const STRONG_PASSWORD = 'Zebra7Lantern';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Sends bytes exactly as given over a fresh connection and reads the status and JSON body of the answer. */
function sendRaw(baseUrl: string, head: string[], body: Buffer): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
      const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve({ status, body: bodyText ? (JSON.parse(bodyText) as unknown) : undefined });
    });
    socket.write(
      `${[...head, `Host: ${hostname}`, `Content-Length: ${body.length}`, 'Connection: close'].join('\r\n')}\r\n\r\n`,
      'latin1',
    );
    // Not ended: a half-closed request is dropped unanswered; `Connection: close` has the server close it after answering.
    socket.write(body);
  });
}

describe('security, round 2', () => {
  let stack: TestStack;

  async function signedIn(
    email: string,
    password = DEMO_PASSWORD,
  ): Promise<{ client: SupabaseClient; token: string; userId: string }> {
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
    return { client, token: data.session.access_token, userId: data.session.user.id };
  }

  beforeAll(async () => {
    // No in-process mail delivery: the structural test of /recover records every query this process sends.
    stack = await startTestStack({
      trustProxy: true,
      deliverEmail: false,
      authRateLimits: { signInFailures: 3, signInFailuresPerAccount: 6 },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('malformed multipart uploads', () => {
    const boundary = 'fuzz-boundary';
    const part = (headers: string[], content: string) => [`--${boundary}`, ...headers, '', content].join('\r\n');
    const closing = `\r\n--${boundary}--\r\n`;
    const filePart = part(
      ['Content-Disposition: form-data; name=""; filename="a.png"', 'Content-Type: image/png'],
      PNG.toString('latin1'),
    );
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', `${filePart}${closing}`],
      ['an empty boundary', 'multipart/form-data; boundary=', `${filePart}${closing}`],
      ['a boundary the body never uses', 'multipart/form-data; boundary=other', `${filePart}${closing}`],
      ['an empty body', `multipart/form-data; boundary=${boundary}`, ''],
      ['only the closing boundary', `multipart/form-data; boundary=${boundary}`, closing],
      ['a part without headers', `multipart/form-data; boundary=${boundary}`, `${part([], 'x')}${closing}`],
      [
        'a part header without a colon',
        `multipart/form-data; boundary=${boundary}`,
        `${part(['Content-Disposition form-data'], 'x')}${closing}`,
      ],
      [
        'a part header of 100 KB',
        `multipart/form-data; boundary=${boundary}`,
        `${part([`X-Padding: ${'a'.repeat(100_000)}`], 'x')}${closing}`,
      ],
      [
        'part headers that never end',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.png"`,
      ],
      ['bytes that are no multipart at all', `multipart/form-data; boundary=${boundary}`, PNG.toString('latin1')],
      ['a file part cut off before its closing boundary', `multipart/form-data; boundary=${boundary}`, filePart],
      [
        'a metadata field that is not JSON',
        `multipart/form-data; boundary=${boundary}`,
        `${part(['Content-Disposition: form-data; name="metadata"'], '{')}\r\n${filePart}${closing}`,
      ],
      [
        'a boundary of 200 characters',
        `multipart/form-data; boundary=${'b'.repeat(200)}`,
        `--${'b'.repeat(200)}\r\n\r\nx\r\n--${'b'.repeat(200)}--\r\n`,
      ],
    ];

    let student: { token: string; userId: string };
    beforeAll(async () => {
      student = await signedIn('student19@northfield.edu');
    });

    const upload = (contentType: string, body: Buffer, path: string, token?: string) =>
      sendRaw(
        stack.url,
        [
          `POST /storage/v1/object/avatars/${path} HTTP/1.1`,
          `apikey: ${stack.anonKey}`,
          ...(token ? [`Authorization: Bearer ${token}`] : []),
          `Content-Type: ${contentType}`,
        ],
        body,
      );

    it.each(bodies)(
      'answers an upload with %s with a 4xx and stores nothing, signed in or not',
      async (_case, contentType, body) => {
        const name = `fuzz-${randomUUID()}.png`;
        for (const [path, token] of [
          [name, undefined],
          [`${student.userId}/${name}`, student.token],
        ]) {
          const answer = await upload(contentType, Buffer.from(body, 'latin1'), path as string, token);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expect(answer.body).toMatchObject({
            statusCode: expect.stringMatching(/^4\d\d$/),
            message: expect.any(String),
          });
        }
        const stored = await stack.adminPool.query('select 1 from storage.objects where name like $1', [`%${name}`]);
        expect(stored.rowCount).toBe(0);
      },
    );

    it('says what is wrong with a multipart body without a boundary', async () => {
      const answer = await upload(
        'multipart/form-data',
        Buffer.from(`${filePart}${closing}`, 'latin1'),
        `${student.userId}/no-boundary.png`,
        student.token,
      );
      expect(answer).toEqual({
        status: 400,
        body: expect.objectContaining({
          statusCode: '400',
          code: 'InvalidRequest',
          message: expect.stringMatching(/^The upload is not a readable multipart\/form-data body \(.*[Bb]oundary/),
        }),
      });
    });

    it('stores a well-formed multipart upload from the same caller', async () => {
      const answer = await upload(
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(`${filePart}${closing}`, 'latin1'),
        `${student.userId}/well-formed.png`,
        student.token,
      );
      expect(answer.status).toBe(200);
    });
  });

  /** The auth service's JSON answer to a request sent from `ip` (as a load balancer would name it). */
  async function authRequest(
    path: string,
    body: unknown,
    { ip = '127.0.0.1', token, method = 'POST' }: { ip?: string; token?: string; method?: string } = {},
  ) {
    const response = await fetch(`${stack.url}/auth/v1${path}`, {
      method,
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const signInFrom = (ip: string, email: string, password: string) =>
    authRequest('/token?grant_type=password', { email, password }, { ip });

  async function redeemRecoveryLink(email: string): Promise<void> {
    expect((await authRequest('/recover', { email })).status).toBe(200);
    const { rows } = await stack.adminPool.query<{ body: string }>(
      'select body from public.email_outbox where to_email = $1 order by id desc limit 1',
      [email],
    );
    const token = new URL(/(http\S+\/auth\/v1\/verify\S+)/.exec(rows[0].body)?.[1] as string).searchParams.get('token');
    expect((await authRequest('/verify', { type: 'recovery', token_hash: token })).status).toBe(200);
  }

  describe('failed sign-ins are no switch that locks the owner out', () => {
    const attacker = '203.0.113.7';
    const owner = '198.51.100.20';

    it("locks out only the attacker's network: the owner signs in from another with the right password", async () => {
      const email = 'dr.adams@northfield.edu';
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push((await signInFrom(attacker, email, `Guess${i}Password`)).body.code);
      expect(answers.slice(0, 3)).toEqual(Array(3).fill('invalid_credentials'));
      expect(answers.slice(3)).toEqual(Array(8).fill('over_request_rate_limit'));

      expect(await signInFrom(owner, email, DEMO_PASSWORD)).toMatchObject({
        status: 200,
        body: { access_token: expect.any(String) },
      });
      // The attacker's network stays throttled, the right password included: nobody there can be told from the attacker.
      expect(await signInFrom(attacker, email, DEMO_PASSWORD)).toMatchObject({
        status: 429,
        body: {
          code: 'over_request_rate_limit',
          msg: 'Too many failed sign-in attempts for this email address from your network. Try again in 15 minutes, or reset your password to sign in now.',
        },
      });
    });

    it('counts the addresses of one IPv6 /64 as one network', async () => {
      const email = 'dr.chen@northfield.edu';
      const codes = [];
      for (let host = 1; host <= 5; host++)
        codes.push((await signInFrom(`2001:db8:7:7::${host}`, email, 'Wrong1Password')).body.code);
      expect(codes).toEqual([
        'invalid_credentials',
        'invalid_credentials',
        'invalid_credentials',
        'over_request_rate_limit',
        'over_request_rate_limit',
      ]);
      expect((await signInFrom('2001:db8:7:8::1', email, DEMO_PASSWORD)).status).toBe(200);
    });

    it('refuses guessing spread over many networks beyond the ceiling, but not from a network the owner signs in from', async () => {
      const email = 'dr.bello@northfield.edu';
      expect((await signInFrom(owner, email, DEMO_PASSWORD)).status).toBe(200);
      const botnet = Array.from({ length: 8 }, (_, i) => `192.0.2.${i + 10}`);
      const codes = [];
      for (const ip of botnet) codes.push((await signInFrom(ip, email, 'Wrong1Password')).body.code);
      // Six failures are allowed from all networks together; then every network the account never signed in from waits.
      expect(codes).toEqual([
        ...Array(6).fill('invalid_credentials'),
        'over_request_rate_limit',
        'over_request_rate_limit',
      ]);
      expect(await signInFrom('192.0.2.99', email, DEMO_PASSWORD)).toMatchObject({
        status: 429,
        body: {
          msg: 'Too many failed sign-in attempts for this email address. Try again in 15 minutes, or reset your password to sign in now.',
        },
      });
      expect((await signInFrom(owner, email, DEMO_PASSWORD)).status).toBe(200);
    });

    it('forgives every network once a recovery link is redeemed, and a relock after it locks only the attacker again', async () => {
      const email = 'registrar@northfield.edu';
      for (let i = 0; i < 4; i++) await signInFrom(attacker, email, 'Wrong1Password');
      expect((await signInFrom(attacker, email, DEMO_PASSWORD)).status).toBe(429);
      await redeemRecoveryLink(email);
      expect((await signInFrom(attacker, email, DEMO_PASSWORD)).status).toBe(200);

      for (let i = 0; i < 11; i++) await signInFrom(attacker, email, 'Wrong1Password');
      expect((await signInFrom(attacker, email, DEMO_PASSWORD)).status).toBe(429);
      expect((await signInFrom(owner, email, DEMO_PASSWORD)).status).toBe(200);
    });
  });

  describe('passwords built on the context', () => {
    const studentSignUp = (email: string, password: string, joinCode = 'NORTHFIELD') =>
      authRequest('/signup', {
        email,
        password,
        data: {
          kind: 'student',
          join_code: joinCode,
          first_name: 'Maya',
          last_name: 'Quill',
          reg_number: `R${randomUUID().slice(0, 8)}`,
          department: 'Biology',
          year_of_study: 2,
        },
      });
    const guessable = { status: 422, body: { code: 'weak_password', weak_password: { reasons: ['guessable'] } } };

    it.each(GUESSABLE_PASSWORDS)(
      'refuses %s on sign-up with a message that says what to do, storing nothing',
      async (password) => {
        const email = `maya.${randomUUID().slice(0, 8)}@northfield.edu`;
        const answer = await studentSignUp(email, password);
        expect(answer).toMatchObject(guessable);
        expect(answer.body.msg).toMatch(
          /^This password is too easy to guess: "[^"]+" .+\. Choose something longer and less predictable/,
        );
        expect((await stack.adminPool.query('select 1 from auth.users where email = $1', [email])).rowCount).toBe(0);
      },
    );

    it("refuses the address's own words and the person's name", async () => {
      expect(await studentSignUp(`lantern.keeper@northfield.edu`, 'LanternKeeper7')).toMatchObject(guessable);
      expect(await studentSignUp(`m.q.${randomUUID().slice(0, 8)}@northfield.edu`, 'MayaQuill2027')).toMatchObject(
        guessable,
      );
      expect((await studentSignUp(`maya.${randomUUID().slice(0, 8)}@northfield.edu`, STRONG_PASSWORD)).status).toBe(
        200,
      );
    });

    it('refuses them as a new password', async () => {
      const student = await signedIn('student18@northfield.edu');
      for (const password of GUESSABLE_PASSWORDS.filter((weak) => weak !== DEMO_PASSWORD)) {
        const answer = await authRequest(
          '/user',
          { password, current_password: DEMO_PASSWORD },
          { token: student.token, method: 'PUT' },
        );
        expect({ password, answer }).toMatchObject({ password, answer: guessable });
      }
      expect((await signInFrom('127.0.0.1', 'student18@northfield.edu', DEMO_PASSWORD)).status).toBe(200);
    });

    it('still seeds and signs in the demo accounts', async () => {
      expect((await signInFrom('127.0.0.1', 'student17@southbank.edu', DEMO_PASSWORD)).status).toBe(200);
    });
  });

  describe('the must-change-password rule of the request gate reads the path PostgREST routes by', () => {
    let invited: { token: string };

    beforeAll(async () => {
      // An operator makes a member choose a new password (after a leak, say).
      await stack.adminPool.query(
        `update public.members set must_change_password = true where email = 'dr.adams@southbank.edu'`,
      );
      invited = await signedIn('dr.adams@southbank.edu');
    });

    const rest = (method: string, path: string) =>
      fetch(`${stack.url}/rest/v1${path}`, {
        method,
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${invited.token}`,
          'content-type': 'application/json',
        },
        body: method === 'POST' ? '{}' : undefined,
      });

    it.each([
      '/rpc/dashboard_counts',
      '/r%70c/dashboard_counts',
      '/%72%70%63/dashboard_counts',
      '/rp%63/dashboard_counts',
      '/rp%43/dashboard_counts',
      '/RPC/dashboard_counts',
      '/r%2570c/dashboard_counts',
      '/r%252570c/dashboard_counts',
      '/rpc%2Fdashboard_counts',
      '/rpc%2fdashboard_counts',
      '//rpc/dashboard_counts',
      '/rpc/session_status%2F..%2Fdashboard_counts',
    ])('never runs a function for %s, by GET or by POST', async (path) => {
      for (const method of ['GET', 'POST']) {
        const answer = await rest(method, path);
        // The gate refuses what PostgREST would route to a function; what PostgREST routes nowhere is a 404, and the
        // gateway refuses a path that climbs out of its segment. Had it run, the function would have answered 200.
        const { message } = (await answer.json()) as { message: string };
        const outcome = answer.status === 404 ? 'not found' : `${answer.status} ${message}`;
        expect({ method, path, outcome }).toEqual({
          method,
          path,
          outcome: expect.stringMatching(
            /^(403 Change your password before you continue\.|not found|400 source\/request contain invalid characters)$/,
          ),
        });
      }
    });

    it('still lets the password page read its own row and its session, however the path is spelled', async () => {
      expect((await rest('GET', '/members?select=id')).status).toBe(200);
      expect((await rest('GET', '/m%65mbers?select=id')).status).toBe(200);
      expect((await rest('POST', '/rpc/session_status')).status).toBe(200);
      expect((await rest('POST', '/rpc/session_st%61tus')).status).toBe(200);
    });
  });

  describe('account enumeration', () => {
    const studentSignUp = (email: string, joinCode: string) =>
      authRequest('/signup', {
        email,
        password: STRONG_PASSWORD,
        data: {
          kind: 'student',
          join_code: joinCode,
          first_name: 'Ines',
          last_name: 'Marsh',
          reg_number: `R${randomUUID().slice(0, 8)}`,
          department: 'Law',
          year_of_study: 1,
        },
      });

    it('answers a sign-up with a wrong join code the same whether or not the address has an account', async () => {
      for (const joinCode of ['NOSUCHCODE', '']) {
        const existing = await studentSignUp('student01@northfield.edu', joinCode);
        const unknown = await studentSignUp(`ines.${randomUUID().slice(0, 8)}@northfield.edu`, joinCode);
        expect(existing.status).toBe(400);
        expect(unknown).toEqual(existing);
      }
    });

    it('answers a sign-up with the right join code the same whether or not the address has an account', async () => {
      const shape = ({ status, body }: { status: number; body: Record<string, unknown> }, email: string) => ({
        status,
        body: JSON.parse(
          JSON.stringify(body)
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
            .replaceAll(email, '<email>')
            .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"<time>"')
            .replace(/"reg_number":"[^"]+"/, '"reg_number":"<reg>"'),
        ) as unknown,
      });
      const fresh = `ines.${randomUUID().slice(0, 8)}@northfield.edu`;
      const existing = await studentSignUp('student01@northfield.edu', 'NORTHFIELD');
      const unknown = await studentSignUp(fresh, 'NORTHFIELD');
      expect(existing.status).toBe(200);
      expect(shape(existing, 'student01@northfield.edu')).toEqual(shape(unknown, fresh));
      // The account is untouched and its owner gets no email; the new address gets its confirmation link.
      expect((await signInFrom('127.0.0.1', 'student01@northfield.edu', DEMO_PASSWORD)).status).toBe(200);
      const mailed = await stack.adminPool.query<{ to_email: string }>(
        'select to_email from public.email_outbox where to_email in ($1, $2)',
        ['student01@northfield.edu', fresh],
      );
      expect(mailed.rows).toEqual([{ to_email: fresh }]);
    });

    it('runs the same statements for /recover whether or not the address has an account, mailing only the account', async () => {
      const queries = jest.spyOn(Client.prototype, 'query');
      const statementsOf = async (email: string) => {
        queries.mockClear();
        expect(await authRequest('/recover', { email })).toEqual({ status: 200, body: {} });
        // Both end the email's savepoint: one keeps it, the other undoes it.
        return queries.mock.calls.map(([statement]) =>
          String(typeof statement === 'string' ? statement : (statement as { text: string }).text).replace(
            /^(release|rollback to) savepoint/,
            'end savepoint',
          ),
        );
      };
      try {
        const existing = await statementsOf('student16@northfield.edu');
        const unknown = await statementsOf(`nobody.${randomUUID().slice(0, 8)}@northfield.edu`);
        const justMailed = await statementsOf('student16@northfield.edu');
        expect(existing.length).toBeGreaterThan(5);
        expect(unknown).toEqual(existing);
        expect(justMailed).toEqual(existing);
      } finally {
        queries.mockRestore();
      }
      const mailed = await stack.adminPool.query<{ to_email: string }>(
        `select to_email from public.email_outbox where to_email like 'nobody.%' or to_email = 'student16@northfield.edu'`,
      );
      expect(mailed.rows).toEqual([{ to_email: 'student16@northfield.edu' }]);
    });
  });

  describe('verified mailboxes: accounts and invitations rest on a proven address', () => {
    /** The newest email to an address, as the outbox holds it. */
    async function newestMail(email: string): Promise<{ subject: string; body: string }> {
      const { rows } = await stack.adminPool.query<{ subject: string; body: string }>(
        'select subject, body from public.email_outbox where to_email = $1 order by id desc limit 1',
        [email],
      );
      if (!rows[0]) throw new Error(`no email to ${email}`);
      return rows[0];
    }
    /** The token of the newest email's link matching `pattern` (one capture group: the token). */
    async function tokenMailed(email: string, pattern: RegExp): Promise<string> {
      const token = pattern.exec((await newestMail(email)).body)?.[1];
      if (!token) throw new Error(`no link in the email to ${email}`);
      return token;
    }
    const confirmationToken = (email: string) => tokenMailed(email, /\/auth\/v1\/verify\?token=([^&\s]+)&type=signup/);
    const invitationToken = (email: string) => tokenMailed(email, /\/register\?invitation=([^\s]+)/);
    const accountsOf = async (email: string) =>
      (await stack.adminPool.query('select 1 from auth.users where lower(email) = $1', [email])).rowCount;

    /** A university registered and confirmed by its owner (any address will do: it is proven by the link). */
    async function confirmedUniversity(name: string): Promise<{ client: SupabaseClient; email: string }> {
      const email = `office.${randomUUID().slice(0, 8)}@harbour.test`;
      const signUp = await authRequest('/signup', {
        email,
        password: STRONG_PASSWORD,
        data: { kind: 'university', university_name: name, phone: '+1 555 030 0900' },
      });
      expect(signUp.status).toBe(200);
      expect(
        (await authRequest('/verify', { type: 'signup', token_hash: await confirmationToken(email) })).status,
      ).toBe(200);
      return { client: (await signedIn(email, STRONG_PASSWORD)).client, email };
    }

    it('keeps a self-registered university out until its address is confirmed: no session, no sign-in, nothing created', async () => {
      const email = `office.${randomUUID().slice(0, 8)}@lakeside.test`;
      const signUp = await authRequest('/signup', {
        email,
        password: STRONG_PASSWORD,
        data: { kind: 'university', university_name: 'Lakeside College', phone: '+1 555 030 0100' },
      });
      expect(signUp.status).toBe(200);
      expect(signUp.body).not.toHaveProperty('access_token');
      expect(signUp.body).toMatchObject({ email, confirmation_sent_at: expect.any(String) });
      expect(await signInFrom('127.0.0.1', email, STRONG_PASSWORD)).toMatchObject({
        status: 400,
        body: { code: 'email_not_confirmed' },
      });
      const created = async () =>
        (await stack.adminPool.query('select 1 from public.universities where email = $1', [email])).rowCount;
      expect(await created()).toBe(0);

      const verified = await authRequest('/verify', { type: 'signup', token_hash: await confirmationToken(email) });
      expect(verified).toMatchObject({ status: 200, body: { access_token: expect.any(String) } });
      expect(await created()).toBe(1);
      const { rows } = await stack.adminPool.query('select role, is_super_admin from public.members where email = $1', [
        email,
      ]);
      expect(rows).toEqual([{ role: 'admin', is_super_admin: true }]);
    });

    it('refuses a university name of more than one line with a clear 400, storing nothing', async () => {
      const email = `office.${randomUUID().slice(0, 8)}@lakeside.test`;
      const answer = await authRequest('/signup', {
        email,
        password: STRONG_PASSWORD,
        data: {
          kind: 'university',
          university_name: 'Lakeside\nClick https://evil.example to claim your prize',
          phone: '+1 555 030 0100',
        },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', msg: 'The university name must be a single line of text' },
      });
      expect(await accountsOf(email)).toBe(0);
    });

    it("creates no account for an invitation and shows the inviter no link, so the address stays its owner's", async () => {
      const attacker = await confirmedUniversity('Harbour Institute');
      const victim = 'student21@northfield.edu';
      const invited = await attacker.client.rpc('invite_staff', { email: victim });
      expect(invited.error).toBeNull();
      expect(Object.keys(invited.data as object).sort()).toEqual(['email', 'expires_at', 'id', 'role']);
      expect(await accountsOf(victim)).toBe(0);
      // The inviter never holds the link, and no guessed token opens the account.
      const forged = await authRequest('/signup', {
        email: victim,
        password: STRONG_PASSWORD,
        data: { kind: 'staff', invitation: 'a-guessed-token', first_name: 'Eve', last_name: 'Mallory' },
      });
      expect(forged).toMatchObject({
        status: 400,
        body: {
          code: 'validation_failed',
          msg: 'This invitation link has expired or has already been used. Ask your university to invite you again',
        },
      });
      expect(await accountsOf(victim)).toBe(0);

      // The real student joins their university with their address.
      const joined = await authRequest('/signup', {
        email: victim,
        password: STRONG_PASSWORD,
        data: {
          kind: 'student',
          join_code: 'NORTHFIELD',
          first_name: 'Ruth',
          last_name: 'Abara',
          reg_number: 'NFU/2026/021',
          department: 'Law',
          year_of_study: 1,
        },
      });
      expect(joined.status).toBe(200);
      expect(
        (await authRequest('/verify', { type: 'signup', token_hash: await confirmationToken(victim) })).status,
      ).toBe(200);
      const { rows } = await stack.adminPool.query(
        `select m.role, u.join_code from public.members m join public.universities u on u.id = m.university_id where m.email = $1`,
        [victim],
      );
      expect(rows).toEqual([{ role: 'student', join_code: 'NORTHFIELD' }]);
    });

    it('lets the invitee, and only with the emailed link, choose their password and start at once', async () => {
      const admin = await signedIn('admin@northfield.edu');
      const email = `nurse.${randomUUID().slice(0, 8)}@northfield.edu`;
      expect((await admin.client.rpc('invite_staff', { email, role: 'doctor' })).error).toBeNull();
      const mail = await newestMail(email);
      expect(mail.subject).toBe('You have been invited to Northfield University on CampusCare');
      expect(mail.body).toMatch(new RegExp(`${stack.url}/register\\?invitation=`));
      const token = await invitationToken(email);
      const details = await stack.client().rpc('staff_invitation', { token });
      expect(details.data).toEqual([
        { university_name: 'Northfield University', email, role: 'doctor', expires_at: expect.any(String) },
      ]);

      const acceptance = (address: string) => ({
        email: address,
        password: STRONG_PASSWORD,
        data: { kind: 'staff', invitation: token, first_name: 'Nia', last_name: 'Okoye' },
      });
      // The link opens the account of the address it was sent to, no other.
      const elsewhere = `nia.${randomUUID().slice(0, 8)}@harbour.test`;
      expect(await authRequest('/signup', acceptance(elsewhere))).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
      expect(await accountsOf(elsewhere)).toBe(0);

      const accepted = await authRequest('/signup', acceptance(email));
      expect(accepted).toMatchObject({
        status: 200,
        body: { access_token: expect.any(String), user: { email, email_confirmed_at: expect.any(String) } },
      });
      expect((accepted.body.user as { user_metadata: Record<string, unknown> }).user_metadata).not.toHaveProperty(
        'invitation',
      );
      const { rows } = await stack.adminPool.query(
        `select m.role, m.must_change_password, m.first_name, u.join_code, i.accepted_at is not null as accepted
         from public.members m join public.universities u on u.id = m.university_id
         join public.invitations i on i.university_id = m.university_id and i.email = m.email where m.email = $1`,
        [email],
      );
      expect(rows).toEqual([
        { role: 'doctor', must_change_password: false, first_name: 'Nia', join_code: 'NORTHFIELD', accepted: true },
      ]);
      expect((await signInFrom('127.0.0.1', email, STRONG_PASSWORD)).status).toBe(200);
      // The link works once.
      expect((await stack.client().rpc('staff_invitation', { token })).data).toEqual([]);
    });

    it('answers an invitation the same whether or not the address has an account, and tells the owner instead', async () => {
      const admin = await signedIn('admin@northfield.edu');
      const existing = 'student03@southbank.edu';
      const fresh = `new.${randomUUID().slice(0, 8)}@harbour.test`;
      const answers = [];
      for (const email of [existing, fresh]) {
        const { data, error } = await admin.client.rpc('invite_staff', { email });
        expect(error).toBeNull();
        const answer = data as Record<string, unknown>;
        answers.push({
          ...answer,
          id: typeof answer.id,
          email: answer.email === email,
          expires_at: typeof answer.expires_at,
        });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(await accountsOf(fresh)).toBe(0);
      expect(await accountsOf(existing)).toBe(1);
      const told = await newestMail(existing);
      expect(told.body).toContain('already has a CampusCare account');
      expect(told.body).toContain(`${stack.url}/signin`);
      expect(told.body).not.toContain('/register?invitation=');
      expect((await newestMail(fresh)).body).toContain('/register?invitation=');
    });

    it('creates a student only once the join link has been confirmed from the mailbox', async () => {
      const email = `joiner.${randomUUID().slice(0, 8)}@northfield.edu`;
      const joined = await authRequest('/signup', {
        email,
        password: STRONG_PASSWORD,
        data: {
          kind: 'student',
          join_code: 'NORTHFIELD',
          first_name: 'Kofi',
          last_name: 'Asare',
          reg_number: `R${randomUUID().slice(0, 8)}`,
          department: 'Law',
          year_of_study: 2,
        },
      });
      expect(joined.status).toBe(200);
      expect(joined.body).not.toHaveProperty('access_token');
      expect(await signInFrom('127.0.0.1', email, STRONG_PASSWORD)).toMatchObject({
        status: 400,
        body: { code: 'email_not_confirmed' },
      });
      const member = async () =>
        (await stack.adminPool.query('select role from public.members where email = $1', [email])).rows;
      expect(await member()).toEqual([]);
      const verified = await authRequest('/verify', { type: 'signup', token_hash: await confirmationToken(email) });
      expect(verified.status).toBe(200);
      expect(await member()).toEqual([{ role: 'student' }]);
      const counts = await stack.client(verified.body.access_token as string).rpc('dashboard_counts');
      expect(counts).toMatchObject({ error: null, data: { role: 'student', appointments: 0 } });
    });
  });

  describe('token claims', () => {
    const now = () => Math.floor(Date.now() / 1000);

    it('refuses a token whose nbf is still to come on REST, storage and auth', async () => {
      const student = await signedIn('student15@northfield.edu');
      const claims = JSON.parse(Buffer.from(student.token.split('.')[1], 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const early = signJwt({ ...claims, nbf: now() + 600 }, stack.jwtSecret);
      const headers = { apikey: stack.anonKey, authorization: `Bearer ${early}` };
      const restAnswer = await fetch(`${stack.url}/rest/v1/members?select=id`, { headers });
      expect(restAnswer.status).toBe(401);
      expect(await restAnswer.json()).toMatchObject({
        code: 'PGRST301',
        message: expect.stringMatching(/not valid yet/),
      });
      const storageAnswer = await fetch(`${stack.url}/storage/v1/object/list/avatars`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      });
      expect(await storageAnswer.json()).toMatchObject({ statusCode: '403', code: 'InvalidJWT' });
      const authAnswer = await fetch(`${stack.url}/auth/v1/user`, { headers });
      expect(authAnswer.status).toBe(403);
      expect(await authAnswer.json()).toMatchObject({ code: 'bad_jwt' });

      const started = signJwt({ ...claims, nbf: now() - 5 }, stack.jwtSecret);
      expect(
        (await fetch(`${stack.url}/auth/v1/user`, { headers: { ...headers, authorization: `Bearer ${started}` } }))
          .status,
      ).toBe(200);
    });

    it('takes only service_role for an administrator on /auth/v1/admin', async () => {
      const supabaseAdmin = signJwt(
        { iss: 'supabase', role: 'supabase_admin', iat: now(), exp: now() + 600 },
        stack.jwtSecret,
      );
      const listed = await fetch(`${stack.url}/auth/v1/admin/users`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${supabaseAdmin}` },
      });
      expect(listed.status).toBe(403);
      expect(await listed.json()).toMatchObject({ code: 'not_admin' });
      expect((await stack.serviceClient().auth.admin.listUsers({ perPage: 1 })).error).toBeNull();
    });
  });
});
