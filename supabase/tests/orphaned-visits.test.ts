/**
 * No orphaned visits: the database keeps no booked visit with a doctor who cannot see it. Deactivating a doctor
 * unassigns their booked visits; visits_needing_a_doctor() lists every booked visit that cannot take place as booked
 * (no doctor, a closure, the doctor away) until staff resolve it; visits_affected_by() says which visits a change would
 * leave so before it is saved; the student hears of a new doctor by email. Across roles and both universities.
 */
import { actAs, type Caller, clinicSlot, type Outcome, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const SUPER = nf('admin');
const ADMIN = nf('registrar');
const BELLO = nf('dr.bello');
const ADAMS = nf('dr.adams');
const STUDENT = nf('student03');
const VISIT = '00000000-0000-4000-8000-0000000fe1a0';

interface NeedingRow {
  id: string;
  student_name: string;
  provider_id: string | null;
  provider_name: string | null;
  problem: string;
  total: string;
}

const database = testDatabase();

async function asServer(): Promise<void> {
  await database.client.query(`reset role; select set_config('request.jwt.claims', '', true)`);
}

/** SQL that books STUDENT with Dr Bello at `at`, as the server would (no one is told: it is a fixture). */
function bookedWithBello(at: string, id = VISIT): string {
  return `set local campuscare.provisioning = 'on';
    insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason)
    select '${id}', m.university_id, m.id, '${BELLO}', '${at}', m.first_name || ' ' || m.last_name, m.department,
           m.reg_number, m.year_of_study, 'Check-up'
    from public.members m where m.id = '${STUDENT}';
    set local campuscare.provisioning = ''`;
}

/** The local day of a moment on Northfield's clock, as YYYY-MM-DD. */
async function localDay(at: string): Promise<string> {
  const { rows } = await database.client.query<{ day: string }>(
    `select to_char(($1::timestamptz at time zone s.timezone)::date, 'YYYY-MM-DD') as day from public.clinic_settings s where s.university_id = $2`,
    [at, NORTHFIELD_ID],
  );
  return rows[0].day;
}

const needing = (caller: Caller, setup: string) =>
  probe<NeedingRow>(database.client, caller, 'select * from public.visits_needing_a_doctor(100)', [], setup);
const affected = (caller: Caller, change: unknown, setup: string) =>
  probe<NeedingRow>(
    database.client,
    caller,
    'select * from public.visits_affected_by($1::jsonb, 100)',
    [JSON.stringify(change)],
    setup,
  );
const ours = (rows: NeedingRow[]) =>
  rows.filter((row) => row.id === VISIT).map((row) => ({ provider_id: row.provider_id, problem: row.problem }));

type PageOf = (size: number | null, offset: number | null) => Promise<Outcome<NeedingRow>>;

/**
 * Checks a paged list against its whole (a page of 100): every row carries the whole list's length, pages of two
 * give the same rows in the same order, each full but the last, nothing past the end, and a page that cannot be given
 * is refused in words.
 */
async function expectPagesOfTheWhole(page: PageOf): Promise<NeedingRow[]> {
  const whole = (await page(100, 0)).rows;
  expect(new Set(whole.map((row) => row.id)).size).toBe(whole.length);
  expect(whole.every((row) => Number(row.total) === whole.length)).toBe(true);
  const paged: NeedingRow[] = [];
  for (let offset = 0; offset < whole.length; offset += 2) {
    const rows = (await page(2, offset)).rows;
    expect({ offset, rows: rows.length }).toEqual({ offset, rows: Math.min(2, whole.length - offset) });
    paged.push(...rows);
  }
  expect(paged.map((row) => row.id)).toEqual(whole.map((row) => row.id));
  expect((await page(2, whole.length)).rows).toEqual([]);
  for (const [size, offset, message] of [
    [0, 0, 'Ask for 1 to 100 visits at a time'],
    [101, 0, 'Ask for 1 to 100 visits at a time'],
    [null, 0, 'Ask for 1 to 100 visits at a time'],
    [5, -1, 'Start the page at the first visit or later'],
    [5, null, 'Start the page at the first visit or later'],
  ] as const) {
    expect({ size, offset, error: (await page(size, offset)).error?.message }).toEqual({
      size,
      offset,
      error: message,
    });
  }
  return whole;
}

describe('deactivating a doctor', () => {
  it('unassigns their booked visits, which then need a doctor on the admin dashboard until one is given, and tells the student', async () => {
    const at = await clinicSlot(database.client, 20, '10:00');
    const outcome = await rolledBack(database.client, async () => {
      await database.client.query(bookedWithBello(at));
      await actAs(database.client, SUPER);
      const preview = (
        await database.client.query<NeedingRow>('select * from public.visits_affected_by($1)', [
          { kind: 'deactivation', doctor_id: BELLO },
        ])
      ).rows;
      await database.client.query(`select public.set_member_status($1, 'deactivated')`, [BELLO]);
      await actAs(database.client, ADMIN);
      const waiting = (await database.client.query<NeedingRow>('select * from public.visits_needing_a_doctor(100)'))
        .rows;
      const counted = (
        await database.client.query<{ n: number }>(
          `select (public.dashboard_counts() ->> 'visits_needing_a_doctor')::integer as n`,
        )
      ).rows[0].n;
      await database.client.query('select public.update_appointment($1, provider_id => $2)', [VISIT, ADAMS]);
      const after = (await database.client.query<NeedingRow>('select * from public.visits_needing_a_doctor(100)')).rows;
      await asServer();
      const mail = (
        await database.client.query<{ kind: string; to_email: string; subject: string; body: string }>(
          `select kind, to_email, subject, body from public.email_outbox where appointment_id = $1 order by id`,
          [VISIT],
        )
      ).rows;
      return { preview, waiting, counted, after, mail };
    });
    expect(outcome.error).toBeUndefined();
    const { preview, waiting, counted, after, mail } = outcome.value!;
    expect(ours(preview)).toEqual([{ provider_id: BELLO, problem: 'Dr Tunde Bello will no longer be at the clinic' }]);
    expect(ours(waiting)).toEqual([{ provider_id: null, problem: 'No doctor is assigned' }]);
    expect(counted).toBe(waiting.length);
    expect(ours(after)).toEqual([]);
    expect(mail.map((m) => [m.kind, m.to_email])).toEqual([
      ['doctor_notice', 'dr.adams@northfield.edu'],
      ['doctor_change', 'student03@northfield.edu'],
    ]);
    const [, student] = mail;
    expect(student.subject).toMatch(/^Appointment update: new doctor, /);
    expect(student.body).toContain('Your appointment at the Northfield University clinic is now with Dr Amelia Adams.');
    expect(student.body).not.toContain('Check-up');
  });
});

describe('a closure or time off over booked visits', () => {
  it('is shown before it is saved, and its visits need a doctor until moved', async () => {
    const at = await clinicSlot(database.client, 20, '10:00');
    const day = await localDay(at);
    const closure = { kind: 'closure', starts_on: day, ends_on: day };
    expect(ours((await affected(SUPER, closure, bookedWithBello(at))).rows)).toEqual([
      { provider_id: BELLO, problem: 'The clinic will be closed that day' },
    ]);
    const closed = `${bookedWithBello(at)}; insert into public.clinic_closures (university_id, starts_on, ends_on, reason)
      values ('${NORTHFIELD_ID}', '${day}', '${day}', 'Staff training')`;
    expect(ours((await needing(ADMIN, closed)).rows)).toEqual([
      { provider_id: BELLO, problem: 'The clinic is closed that day (Staff training)' },
    ]);
    const moved = `${closed}; update public.appointments set date = '${await clinicSlot(database.client, 40, '10:00')}' where id = '${VISIT}'`;
    expect(ours((await needing(ADMIN, moved)).rows)).toEqual([]);

    const end = new Date(new Date(at).getTime() + 60 * 60_000).toISOString();
    const timeOff = { kind: 'time_off', doctor_id: BELLO, starts_at: at, ends_at: end };
    expect(ours((await affected(BELLO, timeOff, bookedWithBello(at))).rows)).toEqual([
      { provider_id: BELLO, problem: 'Dr Tunde Bello will be away then' },
    ]);
    const away = `${bookedWithBello(at)}; insert into public.doctor_time_off (doctor_id, starts_at, ends_at, reason) values ('${BELLO}', '${at}', '${end}', 'Conference')`;
    expect(ours((await needing(ADMIN, away)).rows)).toEqual([
      { provider_id: BELLO, problem: 'Dr Tunde Bello is away then' },
    ]);
  });

  it('are counted on the admin dashboard once each, as many as the list shows, whatever makes them need a doctor', async () => {
    const at = await clinicSlot(database.client, 20, '10:00');
    const day = await localDay(at);
    const end = new Date(new Date(at).getTime() + 60 * 60_000).toISOString();
    // Bello's visit is in a closure and in his time off; another student's visit that day has no doctor at all.
    const unassigned = '00000000-0000-4000-8000-0000000fe1a1';
    const setup = `${bookedWithBello(at)};
      set local campuscare.provisioning = 'on';
      insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason)
      select '${unassigned}', m.university_id, m.id, null, '${end}', m.first_name || ' ' || m.last_name, m.department,
             m.reg_number, m.year_of_study, 'Check-up'
      from public.members m where m.id = '${nf('student04')}';
      set local campuscare.provisioning = '';
      insert into public.clinic_closures (university_id, starts_on, ends_on, reason)
      values ('${NORTHFIELD_ID}', '${day}', '${day}', 'Staff training');
      insert into public.doctor_time_off (doctor_id, starts_at, ends_at, reason) values ('${BELLO}', '${at}', '${end}', 'Conference')`;
    const listed = (await needing(ADMIN, setup)).rows;
    const counted = await probe<{ n: number }>(
      database.client,
      ADMIN,
      `select (public.dashboard_counts() ->> 'visits_needing_a_doctor')::integer as n`,
      [],
      setup,
    );
    expect(
      listed.filter((row) => row.id === VISIT || row.id === unassigned).map((row) => [row.id, row.problem]),
    ).toEqual([
      [VISIT, 'The clinic is closed that day (Staff training)'],
      [unassigned, 'No doctor is assigned'],
    ]);
    expect(new Set(listed.map((row) => row.id)).size).toBe(listed.length);
    expect(counted.rows[0].n).toBe(listed.length);
  });
});

describe("new opening hours or a doctor's new hours", () => {
  it('list the booked visits they would leave outside, and only those', async () => {
    const at = await clinicSlot(database.client, 20, '15:00');
    const weekday = Number(
      (
        await database.client.query<{ d: number }>(
          `select extract(isodow from $1::timestamptz at time zone 'America/New_York')::integer as d`,
          [at],
        )
      ).rows[0].d,
    );
    const mornings = [1, 2, 3, 4, 5].map((day) => ({ weekday: day, opens_at: '08:00', closes_at: '12:00' }));
    const allDay = [1, 2, 3, 4, 5].map((day) => ({ weekday: day, opens_at: '08:00', closes_at: '17:00' }));
    expect(weekday).toBeLessThanOrEqual(5);
    expect(ours((await affected(SUPER, { kind: 'clinic_hours', hours: mornings }, bookedWithBello(at))).rows)).toEqual([
      { provider_id: BELLO, problem: 'Outside the new opening hours' },
    ]);
    expect(ours((await affected(SUPER, { kind: 'clinic_hours', hours: allDay }, bookedWithBello(at))).rows)).toEqual(
      [],
    );
    expect(
      ours(
        (await affected(BELLO, { kind: 'doctor_hours', doctor_id: BELLO, hours: mornings }, bookedWithBello(at))).rows,
      ),
    ).toEqual([{ provider_id: BELLO, problem: "Outside Dr Tunde Bello's new hours" }]);
    // No hours of their own: the clinic's, which hold the visit.
    expect(
      ours((await affected(ADMIN, { kind: 'doctor_hours', doctor_id: BELLO, hours: [] }, bookedWithBello(at))).rows),
    ).toEqual([]);
  });

  it('once saved anyway, leave those visits on the admin dashboard until moved, and nothing else', async () => {
    const at = await clinicSlot(database.client, 20, '15:00');
    const mornings = (table: string, extra: string) => `delete from public.${table} where ${extra};
      insert into public.${table} (${table === 'doctor_hours' ? 'doctor_id, ' : ''}university_id, weekday, opens_at, closes_at)
      select ${table === 'doctor_hours' ? `'${BELLO}', ` : ''}'${NORTHFIELD_ID}', d, '08:00', '12:00' from generate_series(1, 5) d`;
    const clinicMornings = `${bookedWithBello(at)}; ${mornings('clinic_hours', `university_id = '${NORTHFIELD_ID}'`)}`;
    const waiting = (await needing(ADMIN, clinicMornings)).rows;
    expect(ours(waiting)).toEqual([{ provider_id: BELLO, problem: "Outside the clinic's opening hours" }]);
    const counted = await probe<{ n: number }>(
      database.client,
      ADMIN,
      `select (public.dashboard_counts() ->> 'visits_needing_a_doctor')::integer as n`,
      [],
      clinicMornings,
    );
    expect(counted.rows[0].n).toBe(waiting.length);
    const movedToMorning = `${clinicMornings}; update public.appointments set date = '${await clinicSlot(database.client, 20, '10:00')}' where id = '${VISIT}'`;
    expect(ours((await needing(ADMIN, movedToMorning)).rows)).toEqual([]);

    const belloMornings = `${bookedWithBello(at)}; ${mornings('doctor_hours', `doctor_id = '${BELLO}'`)}`;
    expect(ours((await needing(ADMIN, belloMornings)).rows)).toEqual([
      { provider_id: BELLO, problem: "Outside Dr Tunde Bello's hours" },
    ]);
    const givenToAdams = `${belloMornings}; update public.appointments set provider_id = '${ADAMS}' where id = '${VISIT}'`;
    expect(ours((await needing(ADMIN, givenToAdams)).rows)).toEqual([]);
    expect(ours((await needing(sb('registrar'), clinicMornings)).rows)).toEqual([]);
  });

  it('follow each visit as it moves, changes doctor or is cancelled, and as the hours or the time zone change, the dashboard counting what the list shows', async () => {
    const afternoon = await clinicSlot(database.client, 20, '15:00');
    const anotherAfternoon = await clinicSlot(database.client, 22, '15:30');
    const morning = await clinicSlot(database.client, 20, '10:00');
    const setTimezone = (zone: string) =>
      `update public.clinic_settings set timezone = '${zone}' where university_id = '${NORTHFIELD_ID}'`;
    const mornings = `${bookedWithBello(afternoon)};
      update public.clinic_hours set closes_at = '12:00' where university_id = '${NORTHFIELD_ID}'`;
    const belloMornings = `${bookedWithBello(afternoon)}; delete from public.doctor_hours where doctor_id = '${BELLO}';
      insert into public.doctor_hours (doctor_id, university_id, weekday, opens_at, closes_at)
      select '${BELLO}', '${NORTHFIELD_ID}', d, '08:00', '12:00' from generate_series(1, 5) d`;
    const move = (to: string) => `update public.appointments set date = '${to}' where id = '${VISIT}'`;
    const outsideClinicHours = [{ provider_id: BELLO, problem: "Outside the clinic's opening hours" }];
    const states: ReadonlyArray<[string, string, ReturnType<typeof ours>]> = [
      ['mornings only', mornings, outsideClinicHours],
      ['moved to another afternoon', `${mornings}; ${move(anotherAfternoon)}`, outsideClinicHours],
      ['moved to a morning', `${mornings}; ${move(morning)}`, []],
      ['moved to a morning and back', `${mornings}; ${move(morning)}; ${move(afternoon)}`, []],
      [
        'cancelled',
        `${mornings}; update public.appointments set status = 'cancelled', cancel_reason = 'Feeling better' where id = '${VISIT}'`,
        [],
      ],
      [
        'given to no doctor',
        `${mornings}; update public.appointments set provider_id = null where id = '${VISIT}'`,
        [{ provider_id: null, problem: 'No doctor is assigned' }],
      ],
      [
        'open all day again',
        `${mornings}; update public.clinic_hours set closes_at = '17:00' where university_id = '${NORTHFIELD_ID}'`,
        [],
      ],
      // 15:00 in New York is 09:00 or 10:00 in Honolulu, within the mornings; 19:00 or 20:00 in London, after closing.
      ['mornings, on Honolulu time', `${mornings}; ${setTimezone('Pacific/Honolulu')}`, []],
      ['all day, on London time', `${bookedWithBello(afternoon)}; ${setTimezone('Europe/London')}`, outsideClinicHours],
      ['Bello keeps mornings', belloMornings, [{ provider_id: BELLO, problem: "Outside Dr Tunde Bello's hours" }]],
      [
        'Bello keeps mornings, the clinic changes its hours',
        `${belloMornings}; update public.clinic_hours set opens_at = '07:00' where university_id = '${NORTHFIELD_ID}'`,
        [{ provider_id: BELLO, problem: "Outside Dr Tunde Bello's hours" }],
      ],
      [
        'Bello keeps mornings, the visit given to Adams',
        `${belloMornings}; update public.appointments set provider_id = '${ADAMS}' where id = '${VISIT}'`,
        [],
      ],
    ];
    for (const [state, setup, expected] of states) {
      const listing = await needing(ADMIN, setup);
      const counted = await probe<{ n: number }>(
        database.client,
        ADMIN,
        `select (public.dashboard_counts() ->> 'visits_needing_a_doctor')::integer as n`,
        [],
        setup,
      );
      expect({ state, refused: listing.error ?? counted.error }).toEqual({ state, refused: undefined });
      const listed = listing.rows;
      expect({ state, ours: ours(listed), counted: counted.rows[0].n }).toEqual({
        state,
        ours: expected,
        counted: listed.length,
      });
    }
  });

  it('staff booking outside the hours on purpose does not flag the visit', async () => {
    const evening = await clinicSlot(database.client, 20, '18:00');
    expect(ours((await needing(ADMIN, bookedWithBello(evening))).rows)).toEqual([]);
  });
});

describe('who may ask', () => {
  const at = () => clinicSlot(database.client, 20, '10:00');

  it("lists visits needing a doctor for the university's admins only, never another university's", async () => {
    const setup = `${bookedWithBello(await at())}; update public.appointments set provider_id = null where id = '${VISIT}'`;
    expect(ours((await needing(SUPER, setup)).rows)).toHaveLength(1);
    expect(ours((await needing(sb('registrar'), setup)).rows)).toEqual([]);
    for (const caller of [BELLO, STUDENT, sb('dr.adams')]) {
      expect((await needing(caller, setup)).error?.message).toBe(
        "Only the university's administrators can see the visits that need a doctor",
      );
    }
    expect((await needing(null, setup)).error?.code).toBe('42501');
  });

  it('gives the list a page at a time, soonest first, each visit once whatever its causes, each row with the whole list’s length, and refuses a page it cannot give in words', async () => {
    const afternoon = await clinicSlot(database.client, 20, '15:00');
    const unassigned = '00000000-0000-4000-8000-0000000fe1a1';
    const laterAfternoon = '00000000-0000-4000-8000-0000000fe1a2';
    // Bello's afternoon visit falls on a closure and, once the clinic closes at noon, outside the hours; another of
    // his is outside the hours only; a third visit has no doctor.
    const setup = `${bookedWithBello(afternoon)};
      ${bookedWithBello(await clinicSlot(database.client, 22, '15:30'), laterAfternoon)};
      ${bookedWithBello(await clinicSlot(database.client, 21, '10:00'), unassigned)};
      update public.appointments set provider_id = null where id = '${unassigned}';
      insert into public.clinic_closures (university_id, starts_on, ends_on, reason)
      values ('${NORTHFIELD_ID}', '${await localDay(afternoon)}', '${await localDay(afternoon)}', 'Staff training');
      update public.clinic_hours set closes_at = '12:00' where university_id = '${NORTHFIELD_ID}'`;
    const page = (size: number | null, offset: number | null) =>
      probe<NeedingRow>(
        database.client,
        ADMIN,
        'select * from public.visits_needing_a_doctor($1, $2)',
        [size, offset],
        setup,
      );
    // A visit with two causes takes one place in the list, not two: every page but the last is full.
    const whole = await expectPagesOfTheWhole(page);
    expect(
      whole.filter((row) => [VISIT, unassigned, laterAfternoon].includes(row.id)).map((row) => [row.id, row.problem]),
    ).toEqual([
      [VISIT, 'The clinic is closed that day (Staff training)'],
      [unassigned, 'No doctor is assigned'],
      [laterAfternoon, "Outside the clinic's opening hours"],
    ]);
  });

  it('previews a change a page at a time, soonest first, each row with how many visits it affects in all, and refuses a page it cannot give in words', async () => {
    const visits = [
      [VISIT, await clinicSlot(database.client, 21, '10:00')],
      ['00000000-0000-4000-8000-0000000fe1a1', await clinicSlot(database.client, 20, '11:00')],
      ['00000000-0000-4000-8000-0000000fe1a2', await clinicSlot(database.client, 20, '10:00')],
    ] as const;
    const setup = visits.map(([id, at]) => bookedWithBello(at, id)).join(';');
    const leaving = JSON.stringify({ kind: 'deactivation', doctor_id: BELLO });
    const page = (size: number | null, offset: number | null) =>
      probe<NeedingRow>(
        database.client,
        SUPER,
        'select * from public.visits_affected_by($1::jsonb, $2, $3)',
        [leaving, size, offset],
        setup,
      );
    const whole = await expectPagesOfTheWhole(page);
    const booked = visits.map(([id]) => id as string);
    expect(whole.map((row) => row.id).filter((id) => booked.includes(id))).toEqual([booked[2], booked[1], booked[0]]);
  });

  it('previews a change only for those who may make it, and refuses a malformed change in words', async () => {
    const setup = bookedWithBello(await at());
    const cases: [Caller, unknown, string][] = [
      [
        STUDENT,
        { kind: 'closure', starts_on: '2030-01-01', ends_on: '2030-01-01' },
        'Only clinic staff can see which visits a change affects',
      ],
      [
        ADMIN,
        { kind: 'closure', starts_on: '2030-01-01', ends_on: '2030-01-01' },
        "Only the university account can change the clinic's hours and closures",
      ],
      [ADMIN, { kind: 'deactivation', doctor_id: BELLO }, 'Only the university account can deactivate members'],
      [
        ADAMS,
        { kind: 'time_off', doctor_id: BELLO, starts_at: '2030-01-01T09:00Z', ends_at: '2030-01-01T10:00Z' },
        'Doctors can change only their own hours and time off',
      ],
      [sb('admin'), { kind: 'deactivation', doctor_id: BELLO }, 'Doctor not found'],
      [SUPER, { kind: 'deactivation', doctor_id: 'not-a-uuid' }, 'Doctor not found'],
      [
        SUPER,
        { kind: 'holiday' },
        'Say which change: kind is deactivation, closure, time_off, clinic_hours or doctor_hours',
      ],
      [SUPER, ['closure'], 'Say which change: kind is deactivation, closure, time_off, clinic_hours or doctor_hours'],
      [
        SUPER,
        { kind: 'closure', starts_on: '1 Jan', ends_on: '2030-01-01' },
        "Give the closure's first and last days as YYYY-MM-DD",
      ],
      [
        SUPER,
        { kind: 'closure', starts_on: '2030-02-30', ends_on: '2030-03-01' },
        'starts_on is not a real date and time',
      ],
      [
        SUPER,
        { kind: 'clinic_hours', hours: 'mornings' },
        'Give the hours as a list of days, each with weekday, opens_at and closes_at',
      ],
      [
        SUPER,
        { kind: 'clinic_hours', hours: [{ weekday: 8, opens_at: '08:00', closes_at: '12:00' }] },
        'Each day needs a weekday from 1 (Monday) to 7 and opening and closing times as HH:MM',
      ],
      [
        SUPER,
        { kind: 'clinic_hours', hours: [{ weekday: 1, opens_at: '12:00', closes_at: '08:00' }] },
        'A day must close after it opens',
      ],
      [
        BELLO,
        { kind: 'time_off', doctor_id: BELLO, starts_at: 'soon', ends_at: '2030-01-01T10:00Z' },
        'Give starts_at as a date and time (YYYY-MM-DDTHH:MM with its offset)',
      ],
      [
        BELLO,
        { kind: 'time_off', doctor_id: BELLO, starts_at: '2030-01-01T10:00Z', ends_at: '2030-01-01T09:00Z' },
        'Time off must end after it starts',
      ],
    ];
    for (const [caller, change, message] of cases) {
      expect({ change, message: (await affected(caller, change, setup)).error?.message }).toEqual({ change, message });
    }
    const anon = await affected(null, { kind: 'deactivation', doctor_id: BELLO }, setup);
    expect(anon.error?.code).toBe('42501');
    // The other university's account sees nothing of Northfield's, for changes of its own.
    const southbank = await affected(sb('admin'), { kind: 'clinic_hours', hours: [] }, setup);
    expect(southbank.error).toBeUndefined();
    expect(ours(southbank.rows)).toEqual([]);
  });
});
