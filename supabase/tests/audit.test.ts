/**
 * The super admin's audit view (migration 20260108000100_audit_view): public.audit_entries shows the caller's
 * university's trail only, to super admins only, with bounded inputs; sign-ins, invitations and settings changes land
 * in the trail; and nobody can change or remove an entry. The RLS matrix lists the RPC's callers too.
 */
import { actAs, probe, rolledBack, runAs, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);

interface Entry {
  id: string;
  event_kind: string;
  action: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string | null;
  what: string;
  record_id: string | null;
  subject: string | null;
  summary: string;
  total: string;
}

const database = testDatabase();

const ENTRIES =
  'select * from public.audit_entries(search => $1, event => $2, person => $3, from_date => $4, to_date => $5, page => $6, page_size => $7)';

interface Filter {
  search?: string;
  event?: string;
  person?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

function entries(caller: string, filter: Filter = {}): Promise<Entry[]> {
  return runAs<Entry>(database.client, caller, ENTRIES, [
    filter.search ?? null,
    filter.event ?? null,
    filter.person ?? null,
    filter.from ?? null,
    filter.to ?? null,
    filter.page ?? 1,
    filter.pageSize ?? 100,
  ]);
}

async function universityOf(ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await database.client.query<{ university_id: string }>(
    'select distinct university_id from public.audit_log where id = any($1::bigint[])',
    [ids],
  );
  return new Set(rows.map((row) => row.university_id));
}

it("shows a super admin their own university's entries only, newest first, with the total", async () => {
  const northfield = await entries(nf('admin'));
  const southbank = await entries(sb('admin'));
  expect(northfield.length).toBeGreaterThan(0);
  expect(southbank.length).toBeGreaterThan(0);
  expect(await universityOf(northfield.map((e) => e.id))).toEqual(new Set([NORTHFIELD_ID]));
  expect(await universityOf(southbank.map((e) => e.id))).toEqual(new Set([SOUTHBANK_ID]));
  const { rows } = await database.client.query<{ n: string }>(
    'select count(*) n from public.audit_log where university_id = $1',
    [NORTHFIELD_ID],
  );
  expect(northfield[0].total).toBe(rows[0].n);
  const times = northfield.map((e) => (e as unknown as { at: Date }).at.getTime());
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});

it("lists a doctor's read of a health record at once, naming the doctor and the student", async () => {
  await runAs(database.client, nf('dr.adams'), 'select * from public.get_health_profile($1)', [nf('student05')]);
  const [read] = await entries(nf('admin'), { event: 'health_record_read', pageSize: 1 });
  expect(read).toMatchObject({
    action: 'read',
    actor_id: nf('dr.adams'),
    actor_name: 'Dr Amelia Adams',
    actor_role: 'doctor',
    what: 'Health record',
    record_id: nf('student05'),
  });
  expect(read.summary).toMatch(/^Opened the health record/);
  expect(read.subject).toBeTruthy();
  // Southbank's super admin does not see it.
  expect((await entries(sb('admin'), { event: 'health_record_read' })).map((e) => e.id)).not.toContain(read.id);
});

it('lets a doctor made super admin read it, and refuses plain admins, doctors, students, deactivated super admins and visitors', async () => {
  const setup = `update public.members set is_super_admin = true where id = '${nf('dr.bello')}'`;
  const superDoctor = await probe(database.client, nf('dr.bello'), 'select * from public.audit_entries()', [], setup);
  expect(superDoctor.ok).toBe(true);
  for (const caller of [nf('registrar'), nf('dr.adams'), nf('student01'), sb('registrar'), sb('student01')]) {
    const refused = await probe(database.client, caller, 'select * from public.audit_entries()');
    expect(refused.error).toEqual({ code: 'P0001', message: 'Only a super admin can do this' });
  }
  const deactivated = await probe(
    database.client,
    nf('admin'),
    'select * from public.audit_entries()',
    [],
    `update public.members set status = 'deactivated' where id = '${nf('admin')}'`,
  );
  expect(deactivated.error?.message).toBe('Only a super admin can do this');
  const anon = await probe(database.client, null, 'select * from public.audit_entries()');
  expect(anon.error?.message).toBe('permission denied for function audit_entries');
  const service = await rolledBack(database.client, async () => {
    await database.client.query(`select set_config('role', 'service_role', true)`);
    return database.client.query('select * from public.audit_entries()');
  });
  expect(service.error?.message).toBe('permission denied for function audit_entries');
});

it('refuses out-of-range pages, unknown kinds, long searches and reversed dates with clear messages', async () => {
  const cases: [unknown[], string][] = [
    [[null, null, null, null, null, 1, 101], 'Choose between 1 and 100 entries per page'],
    [[null, null, null, null, null, 1, 0], 'Choose between 1 and 100 entries per page'],
    [[null, null, null, null, null, 0, 25], 'Choose a page number from 1 to 100000'],
    [[null, 'drop table', null, null, null, 1, 25], 'Choose one of the listed kinds of event'],
    [['x'.repeat(101), null, null, null, null, 1, 25], 'Search for at most 100 characters'],
    [[null, null, null, '2026-03-02', '2026-03-01', 1, 25], 'The start date must be on or before the end date'],
  ];
  for (const [params, message] of cases) {
    const result = await probe(database.client, nf('admin'), ENTRIES, params);
    expect(result.error).toEqual({ code: 'P0001', message });
  }
});

it('filters by kind, person, words and dates, and pages', async () => {
  await runAs(database.client, nf('admin'), `select public.invite_staff('audit.doctor@northfield.edu')`);
  await runAs(database.client, nf('registrar'), `select public.invite_student('audit.student@northfield.edu')`);
  const invitations = await entries(nf('admin'), { event: 'invitation' });
  expect(invitations.map((e) => e.summary)).toEqual(
    expect.arrayContaining([
      'Invited audit.doctor@northfield.edu as doctor',
      'Sent the join link to audit.student@northfield.edu',
    ]),
  );
  expect(invitations.every((e) => e.event_kind === 'invitation')).toBe(true);

  const byPerson = await entries(nf('admin'), { person: 'okafor' });
  expect(byPerson.length).toBeGreaterThan(0);
  expect(byPerson.some((e) => e.actor_id === nf('registrar'))).toBe(true);

  const byWords = await entries(nf('admin'), { search: 'audit.student@' });
  expect(byWords.map((e) => e.summary)).toEqual(['Sent the join link to audit.student@northfield.edu']);
  // LIKE wildcards are taken literally.
  expect(await entries(nf('admin'), { search: '%_%' })).toEqual([]);

  const { rows } = await database.client.query<{ today: string }>(
    `select (now() at time zone s.timezone)::date::text today from public.clinic_settings s where s.university_id = $1`,
    [NORTHFIELD_ID],
  );
  const today = rows[0].today;
  expect((await entries(nf('admin'), { event: 'invitation', from: today, to: today })).length).toBe(invitations.length);
  expect(await entries(nf('admin'), { event: 'invitation', to: '2000-01-01' })).toEqual([]);

  const first = await entries(nf('admin'), { pageSize: 2 });
  const second = await entries(nf('admin'), { pageSize: 2, page: 2 });
  expect(first).toHaveLength(2);
  expect(second[0].id).not.toBe(first[1].id);
  expect(second[0].total).toBe(first[0].total);
});

it('records settings changes: the university profile and the clinic rules', async () => {
  await runAs(database.client, nf('admin'), `update public.universities set phone = '+1 555 777 0000' where id = $1`, [
    NORTHFIELD_ID,
  ]);
  await runAs(
    database.client,
    nf('admin'),
    `update public.clinic_settings set slot_minutes = 20 where university_id = $1`,
    [NORTHFIELD_ID],
  );
  const settings = await entries(nf('admin'), { event: 'settings_change', pageSize: 10 });
  const summaries = settings.map((e) => `${e.what}: ${e.summary}`);
  expect(summaries).toEqual(expect.arrayContaining(['Clinic booking rules: slot_minutes: 30 → 20']));
  expect(summaries.some((s) => s.startsWith('University profile: ') && s.includes('+1 555 777 0000'))).toBe(true);
  expect(await entries(sb('admin'), { search: '+1 555 777 0000' })).toEqual([]);
});

it('records sign-ins and failed sign-ins of members under their university, and nothing for unknown accounts', async () => {
  await database.client.query(`select private.audit_sign_in($1, true, null, '203.0.113.9')`, [nf('student02')]);
  await database.client.query(`select private.audit_sign_in($1, false, 'wrong_password', '203.0.113.9')`, [
    nf('student02'),
  ]);
  await database.client.query(`select private.audit_sign_in(null, false, 'wrong_password', '203.0.113.9')`);
  await database.client.query(
    `select private.audit_sign_in('00000000-0000-4000-8000-00000000abcd', false, 'wrong_password', '203.0.113.9')`,
  );
  const [failed, signedIn] = await entries(nf('admin'), { search: '203.0.113.9', pageSize: 5 });
  expect(signedIn).toMatchObject({
    event_kind: 'sign_in',
    actor_id: nf('student02'),
    what: 'Sign-in',
    summary: 'Signed in from 203.0.113.9',
  });
  expect(failed).toMatchObject({
    event_kind: 'sign_in_failed',
    actor_id: null,
    actor_name: 'Unknown (not signed in)',
    record_id: nf('student02'),
    summary: 'Wrong password from 203.0.113.9',
  });
  expect(failed.total).toBe('2');
  expect(await entries(sb('admin'), { search: '203.0.113.9' })).toEqual([]);
  const { rows } = await database.client.query<{ n: number }>(
    `select count(*)::int n from public.audit_log where details ->> 'ip' = '203.0.113.9'`,
  );
  expect(rows[0].n).toBe(2);
  // Only the server's own connection records sign-ins.
  const forged = await probe(
    database.client,
    nf('student02'),
    `select private.audit_sign_in($1, true, null, '1.2.3.4')`,
    [nf('student02')],
  );
  expect(forged.ok).toBe(false);
});

describe('append-only', () => {
  it('refuses updates and deletes to every API role, super admins included', async () => {
    for (const caller of [nf('admin'), sb('admin'), nf('registrar'), nf('dr.adams'), nf('student01'), null]) {
      const update = await probe(
        database.client,
        caller,
        `update public.audit_log set details = '{}'::jsonb returning id`,
      );
      const remove = await probe(database.client, caller, 'delete from public.audit_log returning id');
      expect(update.ok && update.rows.length > 0).toBe(false);
      expect(remove.ok && remove.rows.length > 0).toBe(false);
      expect(update.error?.message).toBe('permission denied for table audit_log');
      expect(remove.error?.message).toBe('permission denied for table audit_log');
    }
  });

  it('refuses the service role', async () => {
    for (const sql of [
      `update public.audit_log set details = '{}'::jsonb`,
      'delete from public.audit_log',
      'truncate public.audit_log',
    ]) {
      const result = await rolledBack(database.client, async () => {
        await database.client.query(`select set_config('role', 'service_role', true)`);
        return database.client.query(sql);
      });
      expect(result.error?.message).toBe('permission denied for table audit_log');
    }
  });

  it('refuses the table owner too: update, delete and truncate', async () => {
    for (const sql of [
      `update public.audit_log set details = '{}'::jsonb`,
      'delete from public.audit_log',
      'truncate public.audit_log',
    ]) {
      const result = await rolledBack(database.client, () => database.client.query(sql));
      expect(result.error?.message).toBe('The audit log is append-only');
    }
  });

  it("shows a super admin's direct select their own university's entries only", async () => {
    const seen = await rolledBack(database.client, async () => {
      await actAs(database.client, nf('admin'));
      return (
        await database.client.query<{ university_id: string }>('select distinct university_id from public.audit_log')
      ).rows;
    });
    expect(seen.value).toEqual([{ university_id: NORTHFIELD_ID }]);
  });
});
