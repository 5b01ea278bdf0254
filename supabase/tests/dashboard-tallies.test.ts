/**
 * The admin dashboard's totals come from counters kept by triggers (migration 20260104000000_dashboard_tallies_and_slot_locks): after every kind of
 * write they must equal a real count, in each university separately. Who may touch the counters is in the RLS
 * matrix (nobody through the API).
 */
import { clinicSlot, probe, runAs, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const UNIVERSITIES = [
  { name: 'Northfield', id: NORTHFIELD_ID, admin: nf('registrar') },
  { name: 'Southbank', id: SOUTHBANK_ID, admin: sb('admin') },
];

interface Totals {
  appointments: number;
  students: number;
  staff: number;
}

const database = testDatabase();

async function counted(universityId: string): Promise<Totals> {
  const { rows } = await database.client.query<Totals>(
    `select (select count(*)::int from public.appointments where university_id = $1) as appointments,
            (select count(*)::int from public.members where university_id = $1 and role = 'student') as students,
            (select count(*)::int from public.members where university_id = $1 and role <> 'student') as staff`,
    [universityId],
  );
  return rows[0];
}

async function dashboardOf(adminId: string): Promise<Totals> {
  const result = await probe<{ c: Totals }>(database.client, adminId, 'select public.dashboard_counts() c');
  if (!result.ok) throw new Error(result.error?.message);
  const { appointments, students, staff } = result.rows[0].c;
  return { appointments, students, staff };
}

/** Each admin's dashboard against a real count of their own university; returns the totals by university name. */
async function expectDashboardsExact(): Promise<Record<string, Totals>> {
  const totals: Record<string, Totals> = {};
  for (const university of UNIVERSITIES) {
    const shown = await dashboardOf(university.admin);
    expect({ university: university.name, ...shown }).toEqual({
      university: university.name,
      ...(await counted(university.id)),
    });
    totals[university.name] = shown;
  }
  return totals;
}

it('match a real count after the seed, per university', async () => {
  const totals = await expectDashboardsExact();
  expect(totals.Northfield).toEqual({ appointments: 83, students: 20, staff: 5 });
  expect(totals.Southbank.students).toBe(20);
});

it('follow bookings, bulk inserts, sign-ups, role changes and removals, in the right university only', async () => {
  const before = await expectDashboardsExact();

  await runAs(database.client, nf('student03'), `select id from public.book_appointment($1, 'Check-up')`, [
    await clinicSlot(database.client, 40),
  ]);
  let now = await expectDashboardsExact();
  expect(now.Northfield.appointments).toBe(before.Northfield.appointments + 1);
  expect(now.Southbank).toEqual(before.Southbank);

  // One statement, many rows (as a data import would): counted once per statement.
  await database.client.query(
    `insert into public.appointments (university_id, student_id, date, name, department, reg, year, reason, status, created_at)
     select $1, $2, now() - make_interval(days => 400 + i), 'Imported', 'Physics', 'SBU/IMP/1', 2, 'Check-up', 'completed',
            now() - make_interval(days => 400 + i)
     from generate_series(1, 25) i`,
    [SOUTHBANK_ID, sb('student05')],
  );
  now = await expectDashboardsExact();
  expect(now.Southbank.appointments).toBe(before.Southbank.appointments + 25);

  await database.client.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
     values (gen_random_uuid(), 'tally.newcomer@northfield.edu', now(),
             jsonb_build_object('kind', 'student', 'join_code', 'NORTHFIELD', 'first_name', 'Tally', 'last_name', 'Newcomer',
                                'reg_number', 'NFU/TALLY/1', 'department', 'Physics', 'year_of_study', 1))`,
  );
  now = await expectDashboardsExact();
  expect(now.Northfield.students).toBe(before.Northfield.students + 1);

  await database.client.query(
    `update public.members set role = 'doctor', reg_number = null, year_of_study = null, department = null where id = $1`,
    [nf('student19')],
  );
  now = await expectDashboardsExact();
  expect(now.Northfield.students).toBe(before.Northfield.students);
  expect(now.Northfield.staff).toBe(before.Northfield.staff + 1);

  const { rows } = await database.client.query<{ n: number }>(
    'select count(*)::int n from public.appointments where student_id = $1',
    [nf('student04')],
  );
  expect(rows[0].n).toBeGreaterThan(0);
  await runAs(database.client, nf('admin'), 'select public.remove_member($1)', [nf('student04')]);
  now = await expectDashboardsExact();
  expect(now.Northfield.students).toBe(before.Northfield.students - 1);
  expect(now.Northfield.appointments).toBe(before.Northfield.appointments + 1 - rows[0].n);
  expect(now.Southbank.students).toBe(before.Southbank.students);
});

it('a profile edit of many members writes no counter at all', async () => {
  const counters = async () =>
    (
      await database.client.query(
        'select university_id, subject, shard, n from private.dashboard_tallies order by 1, 2, 3',
      )
    ).rows;
  const before = await counters();
  await database.client.query(`update public.members set phone = '+1 555 0100 00' where university_id = $1`, [
    NORTHFIELD_ID,
  ]);
  expect(await counters()).toEqual(before);
});

it('parallel bookings from many sessions keep the totals exact', async () => {
  const before = await expectDashboardsExact();
  const students = ['05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16'].map((n) =>
    nf(`student${n}`),
  );
  const sessions = await Promise.all(students.map(() => database.db.connect()));
  try {
    // A different half hour each, so no two bookings compete for a doctor.
    const slots = await Promise.all(
      students.map((_student, i) =>
        clinicSlot(database.client, 50, `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
      ),
    );
    await Promise.all(
      sessions.map((session, i) =>
        runAs(session, students[i], `select id from public.book_appointment($1, 'Check-up')`, [slots[i]]),
      ),
    );
  } finally {
    await Promise.all(sessions.map((session) => session.end()));
  }
  const now = await expectDashboardsExact();
  expect(now.Northfield.appointments).toBe(before.Northfield.appointments + students.length);
  const { rows } = await database.client.query<{ shards: number }>(
    `select count(distinct shard)::int shards from private.dashboard_tallies where university_id = $1 and subject = 'appointments'`,
    [NORTHFIELD_ID],
  );
  expect(rows[0].shards).toBeGreaterThan(1);
});

it('a recount rebuilds the same numbers', async () => {
  const before = await expectDashboardsExact();
  await database.client.query('select private.recount_dashboard_tallies()');
  expect(await expectDashboardsExact()).toEqual(before);
});
