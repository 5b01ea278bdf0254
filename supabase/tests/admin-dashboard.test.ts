/**
 * appointments_per_day (migration 20260107000000_admin_dashboard): the admin chart's per-day counts, computed in the
 * database on the clinic's calendar. Checked against counts made here, with more rows than PostgREST would return
 * (1,000), per university, and refused to everyone but administrators. The RLS matrix lists its callers too.
 */
import { clinicSlot, probe, runAs, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);

interface DayCount {
  day: string;
  appointments: number;
}

const database = testDatabase();

/** The chart's answer, days as 'YYYY-MM-DD'. */
async function perDay(caller: string, days: number, startDay: string | null): Promise<DayCount[]> {
  const rows = await runAs<{ day: string; appointments: number }>(
    database.client,
    caller,
    `select day::text, appointments from public.appointments_per_day($1, $2::date)`,
    [days, startDay],
  );
  return rows;
}

/** The same numbers counted directly: active appointments by their day in the university's clinic zone. */
async function counted(universityId: string, days: number, startDay: string): Promise<DayCount[]> {
  const { rows } = await database.client.query<DayCount>(
    `select (d.day)::text as day,
            (select count(*)::int from public.appointments a
              where a.university_id = s.university_id and a.status in ('scheduled', 'ongoing')
                and (a.date at time zone s.timezone)::date = d.day) as appointments
     from public.clinic_settings s
     cross join lateral (select $3::date + g as day from generate_series(0, $2::int - 1) g) d
     where s.university_id = $1
     order by d.day`,
    [universityId, days, startDay],
  );
  return rows;
}

/** The clinic's today, plus `offset` days. */
async function clinicDay(universityId: string, offset: number): Promise<string> {
  const { rows } = await database.client.query<{ day: string }>(
    `select ((now() at time zone s.timezone)::date + $2::int)::text as day from public.clinic_settings s where s.university_id = $1`,
    [universityId, offset],
  );
  return rows[0].day;
}

// First, before the other tests add appointments: the demo seed as it loaded.
it("has the seed's visits at the clinic's opening hours on its open days, so the chart shows none on a closed day", async () => {
  const { rows: outside } = await database.client.query<{
    university: string;
    reg: string;
    status: string;
    starts: string;
  }>(
    `select u.name as university, a.reg, a.status::text, to_char(a.date at time zone s.timezone, 'Dy YYYY-MM-DD HH24:MI') as starts
     from public.appointments a
     join public.universities u on u.id = a.university_id
     join public.clinic_settings s on s.university_id = a.university_id
     left join public.clinic_hours h on h.university_id = a.university_id and h.weekday = extract(isodow from a.date at time zone s.timezone)
     where h.weekday is null
        or (a.date at time zone s.timezone)::time < h.opens_at
        or ((a.date + make_interval(mins => a.duration_minutes)) at time zone s.timezone)::time > h.closes_at
        or ((a.date + make_interval(mins => a.duration_minutes)) at time zone s.timezone)::date <> (a.date at time zone s.timezone)::date
        or exists (select 1 from public.clinic_closures c
                   where c.university_id = a.university_id and (a.date at time zone s.timezone)::date between c.starts_on and c.ends_on)`,
  );
  expect(outside).toEqual([]);
  // Every status, each university's 20 students four times and three of them being seen.
  const { rows: seeded } = await database.client.query<{ university_id: string; statuses: string[]; total: number }>(
    `select university_id, array_agg(distinct status::text order by status::text) as statuses, count(*)::int as total
     from public.appointments group by university_id order by university_id`,
  );
  expect(seeded).toEqual([
    { university_id: NORTHFIELD_ID, statuses: ['cancelled', 'completed', 'ongoing', 'scheduled'], total: 83 },
    { university_id: SOUTHBANK_ID, statuses: ['cancelled', 'completed', 'ongoing', 'scheduled'], total: 83 },
  ]);

  for (const [admin, university] of [
    [nf('admin'), NORTHFIELD_ID],
    [sb('admin'), SOUTHBANK_ID],
  ] as const) {
    const { rows: open } = await database.client.query<{ weekday: number }>(
      'select weekday from public.clinic_hours where university_id = $1',
      [university],
    );
    const openWeekdays = new Set(open.map((row) => row.weekday));
    const busyDays = (await perDay(admin, 14, null)).filter((day) => day.appointments > 0);
    expect(busyDays.length).toBeGreaterThan(0);
    const isoWeekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
    expect(busyDays.filter((day) => !openWeekdays.has(isoWeekday(day.day)))).toEqual([]);
  }
});

it('counts more than 1,000 active appointments exactly, per clinic day, leaving out cancelled ones', async () => {
  const firstDay = await clinicDay(NORTHFIELD_ID, 200);
  // 1,200 scheduled visits over four days: twelve students, each with ten-minute visits that never overlap.
  const students = Array.from({ length: 12 }, (_, i) => nf(`student${String(i + 1).padStart(2, '0')}`));
  await database.client.query(
    `insert into public.appointments (university_id, student_id, date, duration_minutes, name, department, reg, year, reason)
     select $1, ($2::uuid[])[1 + i % 12], ($3::date::timestamp at time zone 'America/New_York') + make_interval(mins => 10 * (i / 12) * 5), 10,
            'Bulk', 'Physics', 'NFU/BULK/1', 2, 'Check-up'
     from generate_series(0, 1199) i`,
    [NORTHFIELD_ID, students, firstDay],
  );
  // Five days on, apart from the bulk: 23:30 in New York is already the next day in UTC, yet it is the clinic's day.
  const lateDay = await clinicDay(NORTHFIELD_ID, 205);
  await database.client.query(
    `insert into public.appointments (university_id, student_id, date, name, department, reg, year, reason, status, cancel_reason)
     values ($1, $2, ($3::date::timestamp + time '23:30') at time zone 'America/New_York', 'Late', 'Physics', 'NFU/LATE/1', 2, 'Check-up', 'scheduled', null),
            ($1, $2, ($3::date::timestamp + time '10:05') at time zone 'America/New_York', 'Gone', 'Physics', 'NFU/GONE/1', 2, 'Check-up', 'cancelled', 'Changed plans')`,
    [NORTHFIELD_ID, nf('student13'), lateDay],
  );

  const shown = await perDay(nf('registrar'), 7, firstDay);
  expect(shown).toEqual(await counted(NORTHFIELD_ID, 7, firstDay));
  expect(shown).toHaveLength(7);
  expect(shown[0].day).toBe(firstDay);
  // Each student's 100 visits, 50 minutes apart, fill the first four days (83h20m from midnight).
  expect(shown.slice(0, 5).reduce((sum, day) => sum + day.appointments, 0)).toBe(1200);
  expect(shown[0].appointments).toBeGreaterThan(300);
  expect(shown.slice(5).map((day) => [day.day, day.appointments])).toEqual([
    [lateDay, 1],
    [await clinicDay(NORTHFIELD_ID, 206), 0],
  ]);
});

it("starts at the clinic's today when no start day is given, and shows the admin's university only", async () => {
  const today = await clinicDay(NORTHFIELD_ID, 0);
  const northfield = await perDay(nf('admin'), 14, null);
  expect(northfield[0].day).toBe(today);
  expect(northfield).toEqual(await counted(NORTHFIELD_ID, 14, today));

  const southbankToday = await clinicDay(SOUTHBANK_ID, 0);
  const southbank = await perDay(sb('admin'), 14, null);
  expect(southbank).toEqual(await counted(SOUTHBANK_ID, 14, southbankToday));

  // A visit only Southbank has moves Southbank's chart and leaves Northfield's as it was. At night on a clinic day
  // within the chart's fortnight, when the seed books no one, so it overlaps none of the student's own visits.
  await database.client.query(
    `insert into public.appointments (university_id, student_id, date, name, department, reg, year, reason)
     values ($1, $2, $3, 'Southbank only', 'Physics', 'SBU/ONLY/1', 2, 'Check-up')`,
    [SOUTHBANK_ID, sb('student07'), await clinicSlot(database.client, 3, '03:07', SOUTHBANK_ID)],
  );
  const southbankAfter = await perDay(sb('admin'), 14, null);
  expect(southbankAfter.reduce((sum, day) => sum + day.appointments, 0)).toBe(
    southbank.reduce((sum, day) => sum + day.appointments, 0) + 1,
  );
  expect(await perDay(nf('admin'), 14, null)).toEqual(northfield);
});

it('lets a doctor who was made super admin see it', async () => {
  await database.client.query('update public.members set is_super_admin = true where id = $1', [nf('dr.bello')]);
  try {
    const today = await clinicDay(NORTHFIELD_ID, 0);
    expect(await perDay(nf('dr.bello'), 7, null)).toEqual(await counted(NORTHFIELD_ID, 7, today));
  } finally {
    await database.client.query('update public.members set is_super_admin = false where id = $1', [nf('dr.bello')]);
  }
});

it('refuses doctors, students, deactivated admins and visitors', async () => {
  for (const caller of [nf('dr.adams'), nf('student01'), null]) {
    const result = await probe(database.client, caller, 'select * from public.appointments_per_day(7)');
    expect(result.ok).toBe(false);
  }
  const doctor = await probe(database.client, nf('dr.adams'), 'select * from public.appointments_per_day(7)');
  expect(doctor.error?.message).toBe('Only administrators can see the appointments per day');
  const anon = await probe(database.client, null, 'select * from public.appointments_per_day(7)');
  expect(anon.error?.message).toBe('permission denied for function appointments_per_day');
  const deactivated = await probe(
    database.client,
    nf('registrar'),
    'select * from public.appointments_per_day(7)',
    [],
    `update public.members set status = 'deactivated' where id = '${nf('registrar')}'`,
  );
  expect(deactivated.error?.message).toBe('Only administrators can see the appointments per day');
});

it('refuses a number of days outside 1..62 with a clear message', async () => {
  for (const days of [0, -1, 63, null]) {
    const result = await probe(database.client, nf('admin'), 'select * from public.appointments_per_day($1)', [days]);
    expect(result.error).toEqual({ code: '22023', message: 'Choose between 1 and 62 days' });
  }
  const longest = await probe(database.client, nf('admin'), 'select * from public.appointments_per_day(62)');
  expect(longest.rows).toHaveLength(62);
});

it('counts as "Registered staff" exactly the staff members the staff list shows the admin, an invitee once they accept', async () => {
  const staffCount = async () =>
    (await runAs<{ c: { staff: number } }>(database.client, nf('admin'), 'select public.dashboard_counts() c'))[0].c
      .staff;
  const before = await staffCount();
  await runAs(database.client, nf('admin'), `select public.invite_staff('pending.list@northfield.edu')`);
  expect(await staffCount()).toBe(before);
  // The invitee opens the emailed link and chooses a password: the sign-up that carries its token.
  const { rows } = await database.client.query<{ body: string }>(
    `select body from public.email_outbox where to_email = 'pending.list@northfield.edu'`,
  );
  const token = /\/register\?invitation=(\S+)/.exec(rows[0].body)?.[1];
  await database.client.query(
    `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), 'pending.list@northfield.edu', $1)`,
    [{ kind: 'staff', invitation: token, first_name: 'Pia', last_name: 'Lind' }],
  );
  expect(await staffCount()).toBe(before + 1);
  for (const admin of [nf('admin'), nf('registrar'), sb('admin')]) {
    const [counts] = await runAs<{ c: { staff: number } }>(
      database.client,
      admin,
      'select public.dashboard_counts() c',
    );
    // The staff list's query (mfe-admin membersApi.listMembers), as the admin reads it through row-level security.
    const [listed] = await runAs<{ n: number }>(
      database.client,
      admin,
      `select count(*)::int n from public.members where role in ('admin', 'doctor')`,
    );
    expect(counts.c.staff).toBe(listed.n);
  }
});
