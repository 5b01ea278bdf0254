import { startTestStack, type TestStack } from './support/stack';

/**
 * The forgotten-password path as the set-new-password page uses it: the emailed link opened in a browser,
 * its session in the redirect's fragment, the new password set with that session. Against the real seed.
 */
const DEMO_PASSWORD = 'CampusCare2026';
const NEW_PASSWORD = 'Recovered2026Pass';
const EMAIL = 'student07@northfield.edu';

describe('password recovery through the emailed link', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function newestLink(email: string): Promise<URL> {
    const { rows } = await stack.adminPool.query<{ body: string }>(
      'select body from public.email_outbox where to_email = $1 order by id desc limit 1',
      [email],
    );
    const match = rows[0] && /(http\S+\/auth\/v1\/verify\S+)/.exec(rows[0].body);
    if (!match?.[1]) throw new Error(`no recovery link mailed to ${email}`);
    return new URL(match[1]);
  }

  async function open(link: URL): Promise<{ page: string; fragment: URLSearchParams }> {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') as string);
    return { page: `${location.origin}${location.pathname}`, fragment: new URLSearchParams(location.hash.slice(1)) };
  }

  it('sets a new password once, ends every other session and refuses the link a second time', async () => {
    const elsewhere = stack.client();
    const old = await elsewhere.auth.signInWithPassword({ email: EMAIL, password: DEMO_PASSWORD });
    expect(old.error).toBeNull();

    const redirectTo = `${stack.url}/resetpassword`;
    expect(await stack.client().auth.resetPasswordForEmail(EMAIL, { redirectTo })).toEqual({ data: {}, error: null });
    const link = await newestLink(EMAIL);
    const landed = await open(link);
    expect(landed.page).toBe(redirectTo);
    expect(landed.fragment.get('type')).toBe('recovery');

    const page = stack.client();
    const started = await page.auth.setSession({
      access_token: landed.fragment.get('access_token') as string,
      refresh_token: landed.fragment.get('refresh_token') as string,
    });
    expect(started.error).toBeNull();
    // The policy holds for a recovered account too, with a message for people.
    expect((await page.auth.updateUser({ password: 'short' })).error).toMatchObject({
      status: 422,
      code: 'weak_password',
    });
    expect((await page.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();

    // The session signed in before the reset is over: neither its access nor its refresh token works.
    expect((await stack.client().auth.getUser(old.data.session?.access_token)).error).not.toBeNull();
    expect(
      (await stack.client().auth.refreshSession({ refresh_token: old.data.session?.refresh_token as string })).error,
    ).toMatchObject({ status: 400 });
    expect(
      (await stack.client().auth.signInWithPassword({ email: EMAIL, password: DEMO_PASSWORD })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
    expect((await stack.client().auth.signInWithPassword({ email: EMAIL, password: NEW_PASSWORD })).error).toBeNull();

    const reused = await open(link);
    expect(reused.page).toBe(redirectTo);
    expect(reused.fragment.get('error_code')).toBe('otp_expired');
    expect(reused.fragment.has('access_token')).toBe(false);
  });
});
