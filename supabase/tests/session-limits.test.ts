/**
 * Idle logoff: the staff idle limit is a clinic setting only the university's super admin changes, within
 * 5–60 minutes; session_status() and touch_session() answer for the caller's own session, and the request gate ends a
 * session past its idle limit or lifetime. The auth service's side (refresh refused) is in server/test/idle-sessions.
 */
import { type Caller, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const database = testDatabase();

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);

const setIdleMinutes = (caller: Caller, university: string, minutes: number) =>
  probe(
    database.client,
    caller,
    'update public.clinic_settings set staff_idle_minutes = $2 where university_id = $1 returning staff_idle_minutes',
    [university, minutes],
  );

describe('the staff idle limit setting', () => {
  it.each([
    ['Northfield', NORTHFIELD_ID, nf('admin'), [nf('registrar'), nf('dr.adams'), nf('student01'), sb('admin'), null]],
    ['Southbank', SOUTHBANK_ID, sb('admin'), [sb('registrar'), sb('dr.adams'), sb('student01'), nf('admin'), null]],
  ] as const)('of %s is changed by its own super admin only', async (_name, university, superAdmin, refused) => {
    expect((await setIdleMinutes(superAdmin, university, 30)).rows).toEqual([{ staff_idle_minutes: 30 }]);
    for (const caller of refused) {
      const outcome = await setIdleMinutes(caller, university, 30);
      expect(outcome.ok && outcome.rows.length > 0).toBe(false);
    }
  });

  it('is 15 minutes by default and stays within 5 to 60 minutes', async () => {
    const { rows } = await database.client.query(
      'select staff_idle_minutes from public.clinic_settings order by university_id',
    );
    expect(rows).toEqual([{ staff_idle_minutes: 15 }, { staff_idle_minutes: 15 }]);
    for (const minutes of [5, 60]) expect((await setIdleMinutes(nf('admin'), NORTHFIELD_ID, minutes)).ok).toBe(true);
    for (const minutes of [0, 4, 61, -15]) {
      const outcome = await setIdleMinutes(nf('admin'), NORTHFIELD_ID, minutes);
      expect(outcome.error?.code).toBe('23514');
      expect(outcome.error?.message).toContain('clinic_settings_staff_idle_range');
    }
  });
});

describe('a session against its limits', () => {
  const SESSION = '00000000-0000-4000-8000-00000000abcd';

  /** As PostgREST runs a request of `user` in session SESSION, created and last active `idleMinutes` ago. */
  function inSession<T>(user: string, idleMinutes: number, sql: string, path = '/rpc/session_status') {
    const client = database.client;
    return rolledBack(client, async () => {
      await client.query(
        `insert into auth.sessions (id, user_id, created_at) values ($1, $2, now() - make_interval(mins => $3))`,
        [SESSION, user, idleMinutes],
      );
      await client.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                set_config('request.method', 'POST', true), set_config('request.path', $2, true)`,
        [JSON.stringify({ sub: user, role: 'authenticated', session_id: SESSION }), path],
      );
      await client.query('select gate.check_request()');
      return (await client.query<{ result: T }>(`select ${sql} as result`)).rows[0].result;
    });
  }

  it('tells each member their own limit: the university setting for staff, 60 minutes for students', async () => {
    await database.client.query(`update public.clinic_settings set staff_idle_minutes = 10 where university_id = $1`, [
      SOUTHBANK_ID,
    ]);
    const cases = [
      [nf('dr.adams'), 15],
      [nf('registrar'), 15],
      [sb('dr.adams'), 10],
      [sb('admin'), 10],
      [nf('student01'), 60],
      [sb('student01'), 60],
    ] as const;
    for (const [user, minutes] of cases) {
      const { value, error } = await inSession<{ idle_minutes: number; idle_seconds_left: number }>(
        user,
        2,
        'public.session_status()',
      );
      expect(error).toBeUndefined();
      expect(value?.idle_minutes).toBe(minutes);
      expect(value?.idle_seconds_left).toBeGreaterThan((minutes - 3) * 60);
    }
  });

  it('ends a session past its idle limit or 12 hours after sign-in, at the gate', async () => {
    await database.client.query(`update public.clinic_settings set staff_idle_minutes = 10 where university_id = $1`, [
      SOUTHBANK_ID,
    ]);
    const ended = [
      [sb('dr.adams'), 11],
      [nf('dr.adams'), 16],
      [nf('student01'), 61],
      [nf('student01'), 12 * 60 + 1],
    ] as const;
    for (const [user, minutes] of ended) {
      const { error } = await inSession(user, minutes, 'public.session_status()');
      expect(error).toEqual(
        expect.objectContaining({ code: 'PT401', message: 'Your session has ended. Please sign in again.' }),
      );
    }
    expect((await inSession(nf('student01'), 59, 'public.session_status()')).error).toBeUndefined();
  });

  it('counts reported activity, so a session active a minute ago lives on', async () => {
    // Created 14 of its 15 minutes ago: without the activity just reported it would have a minute left.
    const { value, error } = await inSession<{ idle_seconds_left: number }>(
      nf('dr.adams'),
      14,
      'public.touch_session()',
      '/rpc/touch_session',
    );
    expect(error).toBeUndefined();
    expect(value?.idle_seconds_left).toBeGreaterThan(14 * 60);
  });

  it('lets a doctor who must change the password still use the idle timer', async () => {
    await database.client.query(`update public.members set must_change_password = true where id = $1`, [
      nf('dr.bello'),
    ]);
    try {
      expect(
        (await inSession(nf('dr.bello'), 1, 'public.touch_session()', '/rpc/touch_session')).error,
      ).toBeUndefined();
      expect(
        (await inSession(nf('dr.bello'), 1, 'public.dashboard_counts()', '/rpc/dashboard_counts')).error?.code,
      ).toBe('PT403');
    } finally {
      await database.client.query(`update public.members set must_change_password = false where id = $1`, [
        nf('dr.bello'),
      ]);
    }
  });

  it('gives the API roles nothing of the activity table or the unchecked computations', async () => {
    for (const sql of [
      'select * from private.session_activity',
      `select * from private.session_limits('${SESSION}')`,
      `select * from private.session_expiry('${SESSION}')`,
    ]) {
      for (const caller of [null, nf('admin'), nf('student01')])
        expect((await probe(database.client, caller, sql)).ok).toBe(false);
    }
    expect((await probe(database.client, null, 'select public.touch_session()')).ok).toBe(false);
  });
});
