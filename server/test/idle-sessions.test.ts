import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from './support/stack';

/**
 * Idle logoff and the absolute session lifetime, enforced by the server against the real migrations and
 * demo seed. Time is moved by moving a session's timestamps back in the database: Northfield's staff limit is set to
 * its shortest (5 minutes), Southbank's stays at the default.
 */
const DEMO_PASSWORD = 'CampusCare2026';

interface SignedIn {
  client: SupabaseClient;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

function sessionIdOf(accessToken: string): string {
  const claims: unknown = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));
  if (
    typeof claims !== 'object' ||
    claims === null ||
    !('session_id' in claims) ||
    typeof claims.session_id !== 'string'
  ) {
    throw new Error('access token without a session_id');
  }
  return claims.session_id;
}

describe('idle logoff and session lifetime', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
    await stack.adminPool.query(
      `update public.clinic_settings set staff_idle_minutes = 5
       where university_id = (select university_id from public.members where email = 'admin@northfield.edu')`,
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function signIn(email: string): Promise<SignedIn> {
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
    const { access_token: accessToken, refresh_token: refreshToken } = data.session;
    return { client, accessToken, refreshToken, sessionId: sessionIdOf(accessToken) };
  }

  /** The session was created and last active `minutes` ago. */
  async function idleFor(sessionId: string, minutes: number): Promise<void> {
    await stack.adminPool.query(
      `update auth.sessions set created_at = now() - make_interval(mins => $2) where id = $1`,
      [sessionId, minutes],
    );
    await stack.adminPool.query(
      `update private.session_activity set last_active_at = now() - make_interval(mins => $2) where session_id = $1`,
      [sessionId, minutes],
    );
  }

  const refresh = (refreshToken: string) =>
    fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  const rest = (accessToken: string) =>
    fetch(`${stack.url}/rest/v1/appointments?select=id&limit=1`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}` },
    });
  const sessionExists = async (sessionId: string) =>
    (await stack.adminPool.query('select 1 from auth.sessions where id = $1', [sessionId])).rowCount === 1;

  async function expectRefused(session: SignedIn, message: string): Promise<void> {
    const refused = await refresh(session.refreshToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'session_expired', msg: message });
    expect(await sessionExists(session.sessionId)).toBe(false);
    const read = await rest(session.accessToken);
    expect(read.status).toBe(401);
    expect(await read.json()).toMatchObject({
      code: 'PT401',
      message: 'Your session has ended. Please sign in again.',
    });
  }

  it('tells the browser the limit that applies: the university setting for staff, 60 minutes for students', async () => {
    const cases: [string, number][] = [
      ['dr.adams@northfield.edu', 5],
      ['registrar@northfield.edu', 5],
      ['dr.adams@southbank.edu', 15],
      ['student01@northfield.edu', 60],
    ];
    for (const [email, minutes] of cases) {
      const { client } = await signIn(email);
      const { data, error } = await client.rpc('session_status');
      expect(error).toBeNull();
      expect(data).toMatchObject({ idle_minutes: minutes });
    }
  });

  it('refuses the refresh and every API request of a staff session idle past the university limit, and ends it', async () => {
    const doctor = await signIn('dr.adams@northfield.edu');
    await idleFor(doctor.sessionId, 4);
    expect((await rest(doctor.accessToken)).status).toBe(200);
    await idleFor(doctor.sessionId, 6);
    const read = await rest(doctor.accessToken);
    expect(read.status).toBe(401);
    const storage = await fetch(`${stack.url}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${doctor.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(await storage.json()).toMatchObject({
      statusCode: '401',
      message: 'Your session has ended. Please sign in again.',
    });
    await expectRefused(doctor, 'Your session ended after 5 minutes without activity. Please sign in again.');
  });

  it('keeps the other university at its own limit', async () => {
    const doctor = await signIn('dr.adams@southbank.edu');
    await idleFor(doctor.sessionId, 10);
    expect((await refresh(doctor.refreshToken)).status).toBe(200);
    await idleFor(doctor.sessionId, 16);
    await expectRefused(doctor, 'Your session ended after 15 minutes without activity. Please sign in again.');
  });

  it('gives students 60 minutes', async () => {
    const student = await signIn('student02@northfield.edu');
    await idleFor(student.sessionId, 30);
    expect((await rest(student.accessToken)).status).toBe(200);
    await idleFor(student.sessionId, 61);
    await expectRefused(student, 'Your session ended after 60 minutes without activity. Please sign in again.');
  });

  it('counts reported activity, not background requests or refreshes', async () => {
    const doctor = await signIn('dr.bello@northfield.edu');
    await idleFor(doctor.sessionId, 4);
    // What the app does on its own: the profile re-check, a token refresh, reading its limits.
    expect((await rest(doctor.accessToken)).status).toBe(200);
    const refreshed = await refresh(doctor.refreshToken);
    expect(refreshed.status).toBe(200);
    const { refresh_token: nextRefresh } = (await refreshed.json()) as { refresh_token: string };
    expect((await doctor.client.rpc('session_status')).error).toBeNull();
    await stack.adminPool.query(
      `update auth.sessions set created_at = created_at - interval '2 minutes' where id = $1`,
      [doctor.sessionId],
    );
    await expectRefused(
      { ...doctor, refreshToken: nextRefresh },
      'Your session ended after 5 minutes without activity. Please sign in again.',
    );

    const active = await signIn('dr.chen@northfield.edu');
    await idleFor(active.sessionId, 4);
    const touched = await active.client.rpc('session_status');
    expect(touched.data).toMatchObject({ idle_minutes: 5 });
    const { data, error } = await active.client.rpc('touch_session');
    expect(error).toBeNull();
    expect(data).toMatchObject({ idle_minutes: 5 });
    expect((data as { idle_seconds_left: number }).idle_seconds_left).toBeGreaterThan(290);
    await stack.adminPool.query(
      `update auth.sessions set created_at = created_at - interval '10 minutes' where id = $1`,
      [active.sessionId],
    );
    expect((await rest(active.accessToken)).status).toBe(200);
    expect((await refresh(active.refreshToken)).status).toBe(200);
  });

  it('ends every session 12 hours after sign-in, however active', async () => {
    const student = await signIn('student03@northfield.edu');
    expect((await student.client.rpc('touch_session')).error).toBeNull();
    await stack.adminPool.query(
      `update auth.sessions set created_at = now() - interval '12 hours 1 minute' where id = $1`,
      [student.sessionId],
    );
    await expectRefused(student, 'Your session ended 12 hours after you signed in. Please sign in again.');
  });

  it('answers an ended session on the auth API too, and still lets it sign out', async () => {
    const admin = await signIn('admin@southbank.edu');
    await idleFor(admin.sessionId, 16);
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${admin.accessToken}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_expired' });
    expect(await sessionExists(admin.sessionId)).toBe(false);
    expect((await admin.client.auth.signOut({ scope: 'local' })).error).toBeNull();
  });

  it('refuses a session without a token to report activity for', async () => {
    const { error } = await stack.client().rpc('touch_session');
    expect(error).not.toBeNull();
  });
});
