/**
 * Appointment types and the front desk. Types: each university's own (the spec's reasons by default), written by its
 * super admin only; free times follow the chosen type's length and the doctors who offer it; students book only the
 * types marked self-bookable. Front desk: staff book for a student at free times only; a visit is checked in
 * (`arrived`, in arrival order) on its day and marked `no_show` once its start has passed, never by the student; a
 * waiting visit holds its time; staff see a student's no-shows. Across roles and both universities.
 */
import {
  actAs,
  type Caller,
  clinicSlot,
  laterOrEarlierToday,
  type PgError,
  probe,
  rolledBack,
  testDatabase,
} from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const SUPER = nf('admin');
const ADMIN = nf('registrar');
const ADAMS = nf('dr.adams');
const BELLO = nf('dr.bello');
const STUDENT = nf('student03');
const OTHER_STUDENT = nf('student04');
const SOUTHBANK_SUPER = sb('admin');
const SOUTHBANK_DOCTOR = sb('dr.bello');
const VISIT = '00000000-0000-4000-8000-0000000fd001';
const SECOND_VISIT = '00000000-0000-4000-8000-0000000fd002';

const database = testDatabase();

async function asServer(): Promise<void> {
  await database.client.query(`reset role; select set_config('request.jwt.claims', '', true)`);
}

async function typeId(name: string, university = NORTHFIELD_ID): Promise<string> {
  const { rows } = await database.client.query<{ id: string }>(
    'select id from public.appointment_types where university_id = $1 and name = $2',
    [university, name],
  );
  return rows[0].id;
}

/** A Counselling type of 50 minutes, as Northfield's super admin would add it. */
async function addCounselling(options: { selfBookable: boolean; onlyWith?: string }): Promise<string> {
  await actAs(database.client, SUPER);
  const { rows } = await database.client.query<{ id: string }>(
    `insert into public.appointment_types (name, duration_minutes, self_bookable) values ('Counselling', 50, $1) returning id`,
    [options.selfBookable],
  );
  if (options.onlyWith) {
    await database.client.query(
      'insert into public.appointment_type_doctors (appointment_type_id, doctor_id) values ($1, $2)',
      [rows[0].id, options.onlyWith],
    );
  }
  await asServer();
  return rows[0].id;
}

/**
 * A visit of `student` with Dr Adams at `at` (SQL), booked days ago as the server would (no one is told: a fixture).
 * The seed's own visits of either of them at that time are cancelled first: on a pinned clock they sit around "now".
 */
async function fixtureVisit(id: string, student: string, at: string): Promise<void> {
  await database.client.query(
    `set local campuscare.provisioning = 'on';
     update public.appointments a set status = 'cancelled', cancel_reason = 'Cleared for a test'
     where a.status in ('scheduled', 'arrived', 'ongoing') and (a.student_id = '${student}' or a.provider_id = '${ADAMS}')
       and private.appointment_slot(a.date, a.duration_minutes) && private.appointment_slot(${at}, 30);
     insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
     select '${id}', m.university_id, m.id, '${ADAMS}', ${at}, m.first_name || ' ' || m.last_name, m.department,
            m.reg_number, m.year_of_study, 'Check-up', now() - interval '3 days'
     from public.members m where m.id = '${student}';
     set local campuscare.provisioning = ''`,
  );
}

/** A moment today on Northfield's calendar that has passed (now, or a minute ago when today began earlier). */
const EARLIER_TODAY = `(select least(now(), greatest(now() - interval '1 minute', date_trunc('day', now() at time zone s.timezone) at time zone s.timezone))
                        from public.clinic_settings s where s.university_id = '${NORTHFIELD_ID}')`;

/** Runs `fn` inside the current transaction and undoes it, returning the error it raised (tests' transactions cannot nest). */
async function undone(fn: () => Promise<unknown>): Promise<PgError | undefined> {
  await database.client.query('savepoint attempt');
  try {
    await fn();
    return undefined;
  } catch (error) {
    const e = error as PgError;
    return { code: e.code, message: e.message, constraint: e.constraint };
  } finally {
    await database.client.query('rollback to savepoint attempt');
    await asServer();
  }
}

async function setStatus(caller: Caller, id: string, status: string): Promise<void> {
  await actAs(database.client, caller);
  await database.client.query('select public.update_appointment($1, status => $2)', [id, status]);
  await asServer();
}

describe('appointment types', () => {
  it('start as the spec’s reasons for every university, the vaccination a quarter of an hour', async () => {
    for (const university of [NORTHFIELD_ID, SOUTHBANK_ID]) {
      const { rows } = await database.client.query<{ name: string; duration_minutes: number; self_bookable: boolean }>(
        'select name, duration_minutes, self_bookable from public.appointment_types where university_id = $1 order by name',
        [university],
      );
      expect(rows.map((r) => r.name)).toEqual([
        'Check-up',
        'Consultation',
        'Follow-up',
        'Malaria',
        'Other',
        'Vaccination',
      ]);
      expect(rows.find((r) => r.name === 'Vaccination')?.duration_minutes).toBe(15);
      expect(rows.every((r) => r.self_bookable)).toBe(true);
    }
  });

  it('are written by the university’s super admin only, and read by everyone of that university only', async () => {
    const write = `insert into public.appointment_types (name, duration_minutes) values ('Counselling', 50) returning university_id`;
    const written = await probe<{ university_id: string }>(database.client, SUPER, write);
    expect(written.rows).toEqual([{ university_id: NORTHFIELD_ID }]);
    for (const caller of [ADMIN, ADAMS, STUDENT, null]) {
      expect((await probe(database.client, caller, write)).ok).toBe(false);
    }
    const checkUp = await typeId('Check-up');
    const rename = `update public.appointment_types set duration_minutes = 45 where id = '${checkUp}' returning id`;
    expect((await probe(database.client, SUPER, rename)).rows).toHaveLength(1);
    for (const caller of [ADMIN, ADAMS, STUDENT, SOUTHBANK_SUPER]) {
      expect((await probe(database.client, caller, rename)).rows).toHaveLength(0);
    }
    expect((await probe(database.client, null, rename)).ok).toBe(false);
    const read = 'select distinct university_id from public.appointment_types';
    expect((await probe(database.client, STUDENT, read)).rows).toEqual([{ university_id: NORTHFIELD_ID }]);
    expect((await probe(database.client, SOUTHBANK_DOCTOR, read)).rows).toEqual([{ university_id: SOUTHBANK_ID }]);
    expect((await probe(database.client, null, read)).ok).toBe(false);
  });

  it('refuse a blank, a duplicate, a colon in the name and a length outside 10–240 minutes', async () => {
    for (const [name, minutes, constraint] of [
      [' ', 30, 'appointment_types_name_length'],
      ['check-up ', 30, 'appointment_types_name_idx'],
      ['Flu: jab', 30, 'appointment_types_name_length'],
      ['Flu jab', 5, 'appointment_types_duration_range'],
      ['Flu jab', 241, 'appointment_types_duration_range'],
    ] as const) {
      const outcome = await rolledBack(database.client, async () => {
        await actAs(database.client, SUPER);
        await database.client.query('insert into public.appointment_types (name, duration_minutes) values ($1, $2)', [
          name,
          minutes,
        ]);
      });
      expect(outcome.error?.constraint).toBe(constraint);
    }
  });

  it('let only doctors of the same university offer a type', async () => {
    const outcome = await rolledBack(database.client, async () => {
      await actAs(database.client, SUPER);
      await database.client.query(
        'insert into public.appointment_type_doctors (appointment_type_id, doctor_id) values ($1, $2)',
        [await typeId('Check-up'), SOUTHBANK_DOCTOR],
      );
    });
    expect(outcome.error?.message).toBe('Choose a doctor of this university for a type of this university');
  });

  it('are given their doctors by the university’s super admin only', async () => {
    const checkUp = await typeId('Check-up');
    const offer = `insert into public.appointment_type_doctors (appointment_type_id, doctor_id) values ('${checkUp}', '${BELLO}') returning doctor_id`;
    expect((await probe(database.client, SUPER, offer)).rows).toEqual([{ doctor_id: BELLO }]);
    for (const caller of [ADMIN, ADAMS, STUDENT, SOUTHBANK_SUPER, null]) {
      expect([caller, (await probe(database.client, caller, offer)).ok]).toEqual([caller, false]);
    }
    const offered = `insert into public.appointment_type_doctors (appointment_type_id, doctor_id, university_id) values ('${checkUp}', '${BELLO}', '${NORTHFIELD_ID}')`;
    const withdraw = `delete from public.appointment_type_doctors where appointment_type_id = '${checkUp}' returning doctor_id`;
    expect((await probe(database.client, SUPER, withdraw, [], offered)).rows).toEqual([{ doctor_id: BELLO }]);
    for (const caller of [ADMIN, ADAMS, STUDENT, SOUTHBANK_SUPER]) {
      expect([caller, (await probe(database.client, caller, withdraw, [], offered)).rows]).toEqual([caller, []]);
    }
    expect((await probe(database.client, null, withdraw, [], offered)).ok).toBe(false);
  });

  it('set the length of the free times offered, on the clinic’s grid, with only the doctors who offer the type', async () => {
    const outcome = await rolledBack(database.client, async () => {
      const counselling = await addCounselling({ selfBookable: true, onlyWith: BELLO });
      const day = (await clinicSlot(database.client, 7)).slice(0, 10);
      await actAs(database.client, STUDENT);
      const { rows } = await database.client.query<{ starts_at: Date; ends_at: Date; free_doctors: number }>(
        'select * from public.available_slots($1::date, $1::date + 2, null, $2)',
        [day, counselling],
      );
      const withAdams = await database.client.query(
        'select * from public.available_slots($1::date, $1::date + 2, $2, $3)',
        [day, ADAMS, counselling],
      );
      return { rows, withAdams: withAdams.rows.length };
    });
    expect(outcome.error).toBeUndefined();
    const rows = outcome.value?.rows ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ends_at.getTime() - r.starts_at.getTime() === 50 * 60_000 && r.free_doctors === 1)).toBe(
      true,
    );
    expect(rows.every((r) => r.starts_at.getUTCMinutes() % 30 === 0)).toBe(true);
    expect(outcome.value?.withAdams).toBe(0);
  });

  it('make a student’s booking last the type’s length; a type staff keep for themselves cannot be booked or looked up by a student', async () => {
    const booked = await rolledBack(database.client, async () => {
      const at = await clinicSlot(database.client, 7, '10:00');
      await actAs(database.client, STUDENT);
      return (
        await database.client.query<{ duration_minutes: number; reason: string; appointment_type_id: string }>(
          `select duration_minutes, reason, appointment_type_id from public.book_appointment($1, 'My second dose', appointment_type_id => $2)`,
          [at, await typeId('Vaccination')],
        )
      ).rows[0];
    });
    expect(booked.value).toEqual({
      duration_minutes: 15,
      reason: 'Vaccination: My second dose',
      appointment_type_id: await typeId('Vaccination'),
    });

    const byName = await rolledBack(database.client, async () => {
      await actAs(database.client, STUDENT);
      return (
        await database.client.query<{ duration_minutes: number }>(
          `select duration_minutes from public.book_appointment($1, 'Vaccination')`,
          [await clinicSlot(database.client, 7, '10:00')],
        )
      ).rows[0];
    });
    expect(byName.value).toEqual({ duration_minutes: 15 });

    for (const call of [
      `select public.book_appointment($1, null, appointment_type_id => $2)`,
      `select * from public.available_slots($1::date, $1::date, null, $2)`,
    ]) {
      const refused = await rolledBack(database.client, async () => {
        const counselling = await addCounselling({ selfBookable: false });
        await actAs(database.client, STUDENT);
        await database.client.query(call, [await clinicSlot(database.client, 7, '10:00'), counselling]);
      });
      expect(refused.error?.message).toBe("Choose one of the clinic's types of visit");
    }
    const otherUniversity = await probe(
      database.client,
      STUDENT,
      `select public.book_appointment($1, null, appointment_type_id => $2)`,
      [await clinicSlot(database.client, 7, '10:00'), await typeId('Check-up', SOUTHBANK_ID)],
    );
    expect(otherUniversity.error?.message).toBe("Choose one of the clinic's types of visit");
  });

  it('name a walk-in’s type as its reason names one of the university’s types, in any case, and any other words Other', async () => {
    const outcome = await rolledBack(database.client, async () => {
      const counselling = await addCounselling({ selfBookable: false });
      await database.client.query(
        `delete from public.appointment_types where university_id = $1 and name = 'Malaria'`,
        [NORTHFIELD_ID],
      );
      await actAs(database.client, ADAMS);
      const started = [];
      for (const [student, reason] of [
        [nf('student09'), ' counselling '],
        [nf('student10'), 'Malaria'],
      ]) {
        started.push(
          (
            await database.client.query<{ appointment_id: string }>(
              'select appointment_id from public.start_walk_in_visit($1, $2)',
              [student, reason],
            )
          ).rows[0].appointment_id,
        );
      }
      await asServer();
      const walkIns = await database.client.query<{ reason: string; appointment_type_id: string | null }>(
        'select reason, appointment_type_id from public.appointments where id = any($1::uuid[]) order by array_position($1::uuid[], id)',
        [started],
      );
      return { walkIns: walkIns.rows, counselling, other: await typeId('Other') };
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.value?.walkIns).toEqual([
      { reason: 'Counselling', appointment_type_id: outcome.value?.counselling },
      // A type the clinic no longer keeps is the student's words.
      { reason: 'Other: Malaria', appointment_type_id: outcome.value?.other },
    ]);
  });

  it('keep a student’s direct insert to the type its reason names', async () => {
    const insert = await probe(
      database.client,
      STUDENT,
      `insert into public.appointments (date, department, year, reason, appointment_type_id) values ($1, 'Law', 2, 'Malaria', $2)`,
      [await clinicSlot(database.client, 7, '11:00'), await typeId('Vaccination')],
    );
    expect(insert.error?.message).toBe('The reason must start with the type of visit, Vaccination');
  });
});

describe('the front desk', () => {
  it('books for a student at a free time, the type’s length, as the clinic’s booking the student is told of', async () => {
    const outcome = await rolledBack(database.client, async () => {
      const counselling = await addCounselling({ selfBookable: false, onlyWith: BELLO });
      const at = (
        await database.client.query<{ starts_at: Date }>(
          `select starts_at from private.free_slots($1, (now() + interval '3 days')::date, (now() + interval '10 days')::date, null, $2, null, 50, $3) limit 1`,
          [NORTHFIELD_ID, STUDENT, counselling],
        )
      ).rows[0].starts_at;
      await actAs(database.client, ADMIN);
      const row = (
        await database.client.query<{ id: string; provider_id: string; duration_minutes: number; reason: string }>(
          `select id, provider_id, duration_minutes, reason from public.book_for_student($1, $2, $3)`,
          [STUDENT, at, counselling],
        )
      ).rows[0];
      await asServer();
      const staffBooking = await database.client.query(
        'select 1 from private.staff_bookings where appointment_id = $1 and booked_by = $2',
        [row.id, ADMIN],
      );
      const emails = await database.client.query<{ kind: string; body: string }>(
        `select kind, body from public.email_outbox where appointment_id = $1 order by id`,
        [row.id],
      );
      const taken = await undone(async () => {
        await actAs(database.client, ADAMS);
        await database.client.query('select public.book_for_student($1, $2, $3)', [OTHER_STUDENT, at, counselling]);
      });
      return { row, staffBooking: staffBooking.rowCount, emails: emails.rows, taken: taken?.message };
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.value?.row).toMatchObject({ provider_id: BELLO, duration_minutes: 50, reason: 'Counselling' });
    expect(outcome.value?.staffBooking).toBe(1);
    expect(outcome.value?.emails.map((e) => e.kind)).toEqual(['booking_confirmation', 'doctor_notice']);
    expect(outcome.value?.emails.every((e) => !e.body.includes('Counselling'))).toBe(true);
    expect(outcome.value?.taken).toMatch(/^That time is not free for a counselling: choose one of the free times/);
  });

  it('is for staff of the student’s university only, for active students', async () => {
    const at = await clinicSlot(database.client, 8, '15:00');
    const checkUp = await typeId('Check-up');
    const call = 'select public.book_for_student($1, $2, $3)';
    expect((await probe(database.client, STUDENT, call, [OTHER_STUDENT, at, checkUp])).error?.message).toBe(
      'Only clinic staff can book for a student',
    );
    expect((await probe(database.client, null, call, [STUDENT, at, checkUp])).error?.code).toBe('42501');
    expect((await probe(database.client, SOUTHBANK_DOCTOR, call, [STUDENT, at, checkUp])).error?.message).toBe(
      'Student not found',
    );
    expect(
      (await probe(database.client, ADAMS, call, [STUDENT, at, await typeId('Check-up', SOUTHBANK_ID)])).error?.message,
    ).toBe("Choose one of the clinic's types of visit");
    expect(
      (
        await probe(
          database.client,
          ADAMS,
          call,
          [nf('student20'), at, checkUp],
          `update public.members set status = 'deactivated' where id = '${nf('student20')}'`,
        )
      ).error?.message,
    ).toBe("This student's account is deactivated: a visit cannot be booked");
    expect((await probe(database.client, ADAMS, call, [STUDENT, null, checkUp])).error?.message).toBe(
      'Choose a date and time for the appointment',
    );
  });

  it('checks students in on the visit’s day, in arrival order, and the waiting visit keeps its time', async () => {
    const outcome = await rolledBack(database.client, async () => {
      await fixtureVisit(VISIT, STUDENT, EARLIER_TODAY);
      // Another time today, hours away from EARLIER_TODAY: both visits are Dr Adams's, and must not overlap at any hour.
      await fixtureVisit(SECOND_VISIT, OTHER_STUDENT, `'${await laterOrEarlierToday(database.client)}'::timestamptz`);
      await setStatus(ADMIN, VISIT, 'arrived');
      await setStatus(ADAMS, SECOND_VISIT, 'arrived');
      const waiting = await database.client.query<{ id: string }>(
        `select id from public.appointments where university_id = $1 and status = 'arrived' and id in ($2, $3) order by arrived_at`,
        [NORTHFIELD_ID, VISIT, SECOND_VISIT],
      );
      const overlap = await undone(() =>
        database.client.query(
          `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
         select university_id, student_id, null, date, name, department, reg, year, reason from public.appointments where id = $1`,
          [VISIT],
        ),
      );
      await setStatus(ADAMS, VISIT, 'ongoing');
      const started = await database.client.query<{ status: string; arrived: boolean; visit: boolean }>(
        `select a.status, a.arrived_at is not null as arrived, exists (select 1 from public.visits v where v.appointment_id = a.id) as visit
         from public.appointments a where a.id = $1`,
        [VISIT],
      );
      return { order: waiting.rows.map((r) => r.id), overlap: overlap?.constraint, started: started.rows[0] };
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.value).toEqual({
      order: [VISIT, SECOND_VISIT],
      overlap: 'appointments_no_student_overlap',
      started: { status: 'ongoing', arrived: true, visit: true },
    });
  });

  it('refuses a check-in on another day, a no-show before the start, and either from the student', async () => {
    const cases: [string, Caller, string, string][] = [
      [
        `(select now() + interval '3 days')`,
        ADMIN,
        'arrived',
        'A student can be checked in on the day of their visit only',
      ],
      [
        `(select now() - interval '3 days')`,
        ADMIN,
        'arrived',
        'A student can be checked in on the day of their visit only',
      ],
      [
        `(select now() + interval '3 days')`,
        ADAMS,
        'no_show',
        'A visit can be marked as a no-show once its start time has passed',
      ],
      [EARLIER_TODAY, STUDENT, 'arrived', 'Students can only reschedule or cancel their appointments'],
      [EARLIER_TODAY, STUDENT, 'no_show', 'Students can only reschedule or cancel their appointments'],
    ];
    for (const [at, caller, status, message] of cases) {
      const outcome = await rolledBack(database.client, async () => {
        await fixtureVisit(VISIT, STUDENT, at);
        await setStatus(caller, VISIT, status);
      });
      expect([status, outcome.error?.message]).toEqual([status, message]);
    }
  });

  it('marks a no-show after the start, which only a late arrival that day undoes, and counts it for staff', async () => {
    const outcome = await rolledBack(database.client, async () => {
      await fixtureVisit(VISIT, STUDENT, EARLIER_TODAY);
      await setStatus(ADMIN, VISIT, 'no_show');
      const counts = async (caller: Caller) => {
        await actAs(database.client, caller);
        const { rows } = await database.client.query<{ no_show_count: number }>(
          'select public.no_show_count(m) as no_show_count from public.members m where m.id = $1',
          [STUDENT],
        );
        await asServer();
        return rows.map((r) => r.no_show_count);
      };
      // Another student cannot read the student's member row; handed a row of that id, the count still sees only their own visits.
      await actAs(database.client, OTHER_STUDENT);
      const forged = await database.client.query<{ n: number }>(
        `select public.no_show_count(jsonb_populate_record(null::public.members, jsonb_build_object('id', $1::uuid))) as n`,
        [STUDENT],
      );
      await asServer();
      const seen = {
        admin: await counts(ADMIN),
        doctor: await counts(ADAMS),
        student: await counts(STUDENT),
        otherStudent: await counts(OTHER_STUDENT),
        forgedByOtherStudent: forged.rows.map((r) => r.n),
        otherUniversity: await counts(SOUTHBANK_DOCTOR),
      };
      const moved = await undone(async () => {
        await actAs(database.client, ADMIN);
        await database.client.query(`select public.update_appointment($1, date => now() + interval '2 days')`, [VISIT]);
      });
      const started = await undone(() => setStatus(ADAMS, VISIT, 'ongoing'));
      await setStatus(ADMIN, VISIT, 'arrived');
      return { seen, moved: moved?.message, started: started?.message };
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.value).toEqual({
      seen: { admin: [1], doctor: [1], student: [1], otherStudent: [], forgedByOtherStudent: [0], otherUniversity: [] },
      moved: 'This appointment was marked as a no-show: check the student in if they came after all',
      started: 'This appointment was marked as a no-show: check the student in if they came after all',
    });
  });

  it('says which statuses update_appointment takes', async () => {
    const outcome = await probe(database.client, ADMIN, `select public.update_appointment($1, status => 'waiting')`, [
      VISIT,
    ]);
    expect(outcome.error?.message).toBe('Appointment not found');
    const withVisit = await rolledBack(database.client, async () => {
      await fixtureVisit(VISIT, STUDENT, EARLIER_TODAY);
      await setStatus(ADMIN, VISIT, 'waiting');
    });
    expect(withVisit.error?.message).toBe(
      'Status must be scheduled, arrived, ongoing, completed, cancelled or no_show',
    );
  });
});
