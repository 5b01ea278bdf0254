/**
 * Real scheduling: the free slots the database computes (clinic hours in the clinic's time zone, across a DST change,
 * doctors' own hours and time off, closures, notice, bookings) and the rules it enforces on students whatever the
 * client sends: only offered slots, no change after the cutoff. Staff may schedule outside hours.
 */
import { actAs, type Caller, clinicSlot, hoursFromNow, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const STUDENT = nf('student01');
const STUDENT2 = nf('student02');
const ADMIN = nf('registrar');
const SUPER = nf('admin');
const DOCTOR = nf('dr.adams');
const NEW_UNIVERSITY = '00000000-0000-4000-8000-00000000feed';

interface Slot {
  starts_at: Date;
  ends_at: Date;
  provider_id: string | null;
  free_doctors: number;
}

const database = testDatabase();

/** Local wall-clock "HH:MM" and ISO weekday (1 = Monday) of a moment in a zone. */
async function localTimes(moments: Date[], zone: string): Promise<{ time: string; weekday: number; day: string }[]> {
  const { rows } = await database.client.query<{ time: string; weekday: number; day: string }>(
    `select to_char(m at time zone $2, 'HH24:MI') as time, extract(isodow from m at time zone $2)::int as weekday,
            to_char(m at time zone $2, 'YYYY-MM-DD') as day
     from unnest($1::timestamptz[]) with ordinality as t(m, n) order by n`,
    [moments, zone],
  );
  return rows;
}

/** The local date `days` from today in the university's zone, as 'YYYY-MM-DD'. */
async function localDay(days: number, university = NORTHFIELD_ID): Promise<string> {
  const { rows } = await database.client.query<{ day: string }>(
    `select to_char((now() at time zone s.timezone)::date + $2::integer, 'YYYY-MM-DD') as day from public.clinic_settings s where s.university_id = $1`,
    [university, days],
  );
  return rows[0].day;
}

async function slots(caller: Caller, from: string, to: string, doctor: string | null = null, setup?: string) {
  return probe<Slot>(
    database.client,
    caller,
    'select * from public.available_slots($1::date, $2::date, $3)',
    [from, to, doctor],
    setup,
  );
}

describe('available_slots', () => {
  it('offers the clinic hours in the clinic time zone, one slot length apart, on weekdays only', async () => {
    const from = await localDay(40);
    const to = await localDay(46);
    const result = await slots(STUDENT, from, to, DOCTOR);
    expect(result.error).toBeUndefined();
    const local = await localTimes(
      result.rows.map((r) => r.starts_at),
      'America/New_York',
    );
    expect(local.every((l) => l.weekday <= 5)).toBe(true);
    expect(new Set(local.map((l) => l.time)).size).toBe(18);
    expect(local.map((l) => l.time).sort()[0]).toBe('08:00');
    expect(
      local
        .map((l) => l.time)
        .sort()
        .at(-1),
    ).toBe('16:30');
    expect(result.rows.every((r) => r.ends_at.getTime() - r.starts_at.getTime() === 30 * 60_000)).toBe(true);
    expect(result.rows.every((r) => r.provider_id === DOCTOR)).toBe(true);
    // Five weekdays of 18 slots: a week holds no closure and Dr Adams has no appointment that far ahead.
    expect(result.rows).toHaveLength(5 * 18);
  });

  it('keeps the local opening time across a daylight-saving change', async () => {
    // The first day within a year whose noon has a different UTC offset from the day before (New York), far enough
    // ahead that the day before it is past the notice period: its opening must be offered too.
    const { rows } = await database.client.query<{ before: string; after: string }>(
      `select to_char(d - 1, 'YYYY-MM-DD') as before, to_char(d + 1, 'YYYY-MM-DD') as after
       from generate_series(current_date + 3, current_date + 368, interval '1 day') g, lateral (select g::date as d) x
       where ((d + time '12:00') at time zone 'America/New_York') - ((d - 1 + time '12:00') at time zone 'America/New_York') <> interval '24 hours'
       order by d limit 1`,
    );
    const { before, after } = rows[0];
    // Open every day around the change so both sides have slots, whatever weekday it falls on.
    const everyDay = `insert into public.clinic_hours (university_id, weekday, opens_at, closes_at)
      select '${NORTHFIELD_ID}', w, '08:00', '17:00' from generate_series(6, 7) w`;
    const result = await slots(STUDENT, before, after, DOCTOR, everyDay);
    expect(result.error).toBeUndefined();
    const first = new Map<string, Date>();
    for (const slot of result.rows) {
      const [local] = await localTimes([slot.starts_at], 'America/New_York');
      if (!first.has(local.day)) first.set(local.day, slot.starts_at);
    }
    const openings = [...first.values()];
    expect(openings.length).toBeGreaterThanOrEqual(3);
    const localOpenings = await localTimes(openings, 'America/New_York');
    expect(localOpenings.every((l) => l.time === '08:00')).toBe(true);
    const utcHours = new Set(openings.map((moment) => moment.getUTCHours()));
    expect(utcHours.size).toBe(2);
  });

  it("leaves out closures, time off, a doctor's own hours, booked slots and the notice period", async () => {
    const closure = (
      await database.client.query<{ day: string }>(
        `select to_char(starts_on, 'YYYY-MM-DD') as day from public.clinic_closures where university_id = $1`,
        [NORTHFIELD_ID],
      )
    ).rows[0].day;
    const onClosure = await slots(STUDENT, closure, closure);
    expect(onClosure.rows).toEqual([]);

    const timeOff = (
      await database.client.query<{ starts_at: Date; ends_at: Date }>(
        'select starts_at, ends_at from public.doctor_time_off where doctor_id = $1',
        [nf('dr.bello')],
      )
    ).rows[0];
    const bello = await slots(STUDENT, await localDay(1), await localDay(30), nf('dr.bello'));
    expect(bello.rows.length).toBeGreaterThan(0);
    expect(bello.rows.filter((s) => s.starts_at < timeOff.ends_at && s.ends_at > timeOff.starts_at)).toEqual([]);

    // Dr Chen works Monday, Wednesday and Friday, 09:00–13:00.
    const chen = await slots(STUDENT, await localDay(40), await localDay(46), nf('dr.chen'));
    const chenLocal = await localTimes(
      chen.rows.map((s) => s.starts_at),
      'America/New_York',
    );
    expect(chen.rows).toHaveLength(3 * 8);
    expect(chenLocal.every((l) => [1, 3, 5].includes(l.weekday) && l.time >= '09:00' && l.time <= '12:30')).toBe(true);

    // A booking takes the doctor's slot for everyone, and the student's own time for every doctor.
    const slot = await clinicSlot(database.client, 41, '10:00');
    const booked = `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
      values ('${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', '${slot}', 'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up')`;
    const day = (await localTimes([new Date(slot)], 'America/New_York'))[0].day;
    const offered = (rows: Slot[]) => rows.find((s) => s.starts_at.toISOString() === slot);
    expect(offered((await slots(STUDENT2, day, day, DOCTOR, booked)).rows)).toBeUndefined();
    expect(offered((await slots(STUDENT2, day, day, nf('dr.bello'), booked)).rows)).toMatchObject({
      provider_id: nf('dr.bello'),
      free_doctors: 1,
    });
    const anyDoctorBefore = offered((await slots(STUDENT2, day, day)).rows);
    const anyDoctorAfter = offered((await slots(STUDENT2, day, day, null, booked)).rows);
    expect(anyDoctorBefore).toMatchObject({ provider_id: null });
    expect(anyDoctorAfter?.free_doctors).toBe((anyDoctorBefore?.free_doctors ?? 0) - 1);
    const forStudent = await slots(STUDENT, day, day, null, booked);
    expect(offered(forStudent.rows)).toBeUndefined();

    // Notice: with two days' notice, exactly the week's slots that start two days or more from now. A week from today
    // holds open weekdays past those two days whatever the day and hour.
    const week = [await localDay(0), await localDay(7)] as const;
    const twoDaysAhead = new Date(await hoursFromNow(database.client, 48));
    const usual = await slots(STUDENT, ...week);
    const noticed = await slots(
      STUDENT,
      ...week,
      null,
      `update public.clinic_settings set min_notice_minutes = 2880 where university_id = '${NORTHFIELD_ID}'`,
    );
    expect(noticed.rows.length).toBeGreaterThan(0);
    expect(noticed.rows).toEqual(usual.rows.filter((s) => s.starts_at >= twoDaysAhead));
  });

  it("keeps out every slot that any of a doctor's or a student's visits overlaps: back to back, and longer than a slot", async () => {
    const at = (time: string) => clinicSlot(database.client, 43, time);
    const visit = async (time: string, minutes: number) =>
      `insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department, reg, year, reason)
       values ('${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', '${await at(time)}', ${minutes}, 'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up');`;
    const busy = (await visit('10:00', 30)) + (await visit('10:30', 30)) + (await visit('14:00', 90));
    const day = (await localTimes([new Date(await at('09:00'))], 'America/New_York'))[0].day;
    const startTimes = async (rows: Slot[]) =>
      (
        await localTimes(
          rows.map((s) => s.starts_at),
          'America/New_York',
        )
      ).map((l) => l.time);

    const taken = ['10:00', '10:30', '14:00', '14:30', '15:00'];
    const doctorsDay = await startTimes((await slots(STUDENT2, day, day, DOCTOR, busy)).rows);
    expect(doctorsDay).toEqual(expect.arrayContaining(['09:30', '11:00', '13:30', '15:30']));
    expect(doctorsDay.filter((time) => taken.includes(time))).toEqual([]);
    // The student is as busy as the doctor; the other doctors are free then, but not for this student.
    const studentsDay = await startTimes((await slots(STUDENT, day, day, null, busy)).rows);
    expect(studentsDay).toEqual(expect.arrayContaining(['09:30', '11:00', '13:30', '15:30']));
    expect(studentsDay.filter((time) => taken.includes(time))).toEqual([]);
    const othersDay = await startTimes((await slots(STUDENT2, day, day, null, busy)).rows);
    expect(othersDay).toEqual(expect.arrayContaining(taken));
  });

  it('keeps out the first slots of a day that a visit begun the evening before still holds', async () => {
    const midnight = await clinicSlot(database.client, 43, '00:00');
    const day = (await localTimes([new Date(midnight)], 'America/New_York'))[0].day;
    // Open from midnight that weekday; a four-hour visit (the longest there is) from three hours before that midnight.
    const setup = `update public.clinic_hours set opens_at = '00:00'
       where university_id = '${NORTHFIELD_ID}' and weekday = extract(isodow from '${day}'::date);
     insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department, reg, year, reason)
     values ('${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', '${midnight}'::timestamptz - interval '3 hours', 240, 'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up');`;
    const result = await slots(STUDENT2, day, day, DOCTOR, setup);
    const times = (
      await localTimes(
        result.rows.map((s) => s.starts_at),
        'America/New_York',
      )
    ).map((l) => l.time);
    expect(times.slice(0, 3)).toEqual(['01:00', '01:30', '02:00']);
  });

  it("answers for the caller's university only, and refuses bad ranges and callers without rights", async () => {
    const from = await localDay(40, SOUTHBANK_ID);
    const to = await localDay(44, SOUTHBANK_ID);
    const southbank = await slots(sb('student01'), from, to);
    expect(southbank.rows.length).toBeGreaterThan(0);
    // Southbank's three doctors at most, never Northfield's.
    expect(southbank.rows.every((s) => s.free_doctors >= 1 && s.free_doctors <= 3)).toBe(true);
    expect((await slots(sb('student01'), from, to, sb('dr.adams'))).rows.length).toBeGreaterThan(0);
    expect((await slots(sb('student01'), from, to, DOCTOR)).error?.message).toBe(
      'Choose an active doctor of your university',
    );
    const london = await localTimes(
      southbank.rows.map((s) => s.starts_at),
      'Europe/London',
    );
    expect(london.map((l) => l.time).sort()[0]).toBe('08:00');

    const crossing = await slots(STUDENT, from, to, sb('dr.adams'));
    expect(crossing.error?.message).toBe('Choose an active doctor of your university');
    expect((await slots(STUDENT, to, from)).error?.message).toBe('Choose a start date on or before the end date');
    expect((await slots(STUDENT, await localDay(1), await localDay(40))).error?.message).toBe(
      'Choose at most 31 days at a time',
    );
    expect((await slots(null, from, to)).error?.code).toBe('42501');
    const deactivated = await slots(
      STUDENT2,
      from,
      to,
      null,
      `update public.members set status = 'deactivated' where id = '${STUDENT2}'`,
    );
    expect(deactivated.error?.message).toBe('Your account has no access');
    // Staff see every doctor's free slots (no student's own visits in the way).
    for (const staff of [DOCTOR, ADMIN, SUPER]) {
      const seen = await slots(staff, await localDay(40), await localDay(40));
      expect(seen.error).toBeUndefined();
    }
  });
});

describe('what the database enforces for students', () => {
  it('refuses a booking at a time the clinic does not offer, whatever the database.client sends', async () => {
    const sunday = (
      await database.client.query<{ at: Date }>(
        `select ((d + time '03:00') at time zone 'America/New_York') as at
       from generate_series(current_date + 20, current_date + 27, interval '1 day') g, lateral (select g::date as d) x
       where extract(isodow from d) = 7 limit 1`,
      )
    ).rows[0].at;
    const slot = await clinicSlot(database.client, 20, '14:00');
    for (const [label, sql, params] of [
      ['Sunday 03:00 through the RPC', `select public.book_appointment($1, 'Check-up')`, [sunday]],
      [
        '23:15 on a weekday',
        `select public.book_appointment($1::timestamptz + interval '9 hours 15 minutes', 'Check-up')`,
        [slot],
      ],
      [
        '14:10, off the slot grid',
        `select public.book_appointment($1::timestamptz + interval '10 minutes', 'Check-up')`,
        [slot],
      ],
      [
        'a direct insert outside hours',
        `insert into public.appointments (provider_id, date, department, year, reason)
         values ('${DOCTOR}', $1, 'Law', 2, 'Check-up')`,
        [sunday],
      ],
    ] as const) {
      const result = await probe(database.client, STUDENT, sql, [...params]);
      expect({ label, message: result.error?.message }).toEqual({
        label,
        message: 'That time is not free: choose one of the free times',
      });
    }
    const ok = await probe<{ duration_minutes: number }>(
      database.client,
      STUDENT,
      `select * from public.book_appointment($1, 'Check-up', duration_minutes => 120)`,
      [slot],
    );
    expect(ok.error).toBeUndefined();
    // A student's visit is one slot long, whatever was asked.
    expect(ok.rows[0].duration_minutes).toBe(30);
  });

  it('refuses a booking inside the notice period, naming it', async () => {
    const soon = await probe(
      database.client,
      STUDENT,
      `select public.book_appointment(date_trunc('hour', now()) + interval '1 hour', 'Check-up')`,
    );
    expect(soon.error?.message).toBe('Book at least 2 hours ahead');
  });

  it('refuses cancelling or moving after the cutoff, with the cutoff in the message; staff may still', async () => {
    // Booked an hour ago: past the grace period in which a booking just made may be undone.
    const soon = `insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
      values ('00000000-0000-4000-8000-00000000c0de', '${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', now() + interval '5 hours',
              'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up', now() - interval '1 hour')`;
    const id = '00000000-0000-4000-8000-00000000c0de';
    // The demo clinic's phone (the seed's).
    const message =
      'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic on +1 555 010 0110 to change this one.';
    const cancel = await probe(
      database.client,
      STUDENT,
      `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Exam')`,
      [id],
      soon,
    );
    expect(cancel.error?.message).toBe(message);
    const move = await probe(
      database.client,
      STUDENT,
      'select public.update_appointment($1, date => $2)',
      [id, await clinicSlot(database.client, 30)],
      soon,
    );
    expect(move.error?.message).toBe(message);
    const byStaff = await probe(
      database.client,
      ADMIN,
      `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Doctor ill')`,
      [id],
      soon,
    );
    expect(byStaff.error).toBeUndefined();
  });

  it("names the clinic's phone, else its email, in the refusal, else just the clinic", async () => {
    const soon = `insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
      values ('00000000-0000-4000-8000-00000000c0df', '${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', now() + interval '5 hours',
              'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up', now() - interval '1 hour')`;
    const cancel = (contact: string) =>
      probe(
        database.client,
        STUDENT,
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Exam')`,
        ['00000000-0000-4000-8000-00000000c0df'],
        `${soon}; update public.clinic_settings set ${contact} where university_id = '${NORTHFIELD_ID}'`,
      );
    expect((await cancel(`phone = '+1 212 555 0100', email = 'clinic@northfield.edu'`)).error?.message).toBe(
      'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic on +1 212 555 0100 to change this one.',
    );
    expect((await cancel(`phone = null, email = 'clinic@northfield.edu'`)).error?.message).toBe(
      'Appointments can be cancelled or moved up to 12 hours before they start. Please email the clinic at clinic@northfield.edu to change this one.',
    );
    expect((await cancel('phone = null, email = null')).error?.message).toBe(
      'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic to change this one.',
    );
  });

  it('lets a student cancel a booking inside the cutoff for the grace period after making it, but not move it', async () => {
    // A 14-day cutoff: any slot in the next days is inside it, whatever the day and hour the suite runs.
    const rules = `update public.clinic_settings set student_change_cutoff_minutes = 20160, min_notice_minutes = 0, booking_grace_minutes = 15
      where university_id = '${NORTHFIELD_ID}'`;
    const outcome = await rolledBack(database.client, async () => {
      await database.client.query(rules);
      const at = await clinicSlot(database.client, 9, '15:30');
      const later = await clinicSlot(database.client, 9, '16:00');
      await actAs(database.client, STUDENT2);
      const booked = await database.client.query<{ id: string }>(
        `select (public.book_appointment($1, 'Check-up')).id`,
        [at],
      );
      const id = booked.rows[0].id;
      await database.client.query('savepoint before_move');
      const move = await database.client.query('select public.update_appointment($1, date => $2)', [id, later]).then(
        () => undefined,
        (error: Error) => error.message,
      );
      await database.client.query('rollback to savepoint before_move');
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Booked the wrong day')`,
        [id],
      );
      await database.client.query('reset role');
      const status = await database.client.query<{ status: string }>(
        'select status from public.appointments where id = $1',
        [id],
      );
      return { move, status: status.rows[0].status };
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.value).toEqual({
      move: 'Appointments can be cancelled or moved up to 14 days before they start. Please call the clinic on +1 555 010 0110 to change this one.',
      status: 'cancelled',
    });

    const afterGrace = `${rules}; insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
      values ('00000000-0000-4000-8000-00000000c0e0', '${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', now() + interval '2 days',
              'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up', now() - interval '16 minutes')`;
    const late = await probe(
      database.client,
      STUDENT,
      `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Exam')`,
      ['00000000-0000-4000-8000-00000000c0e0'],
      afterGrace,
    );
    expect(late.error?.message).toBe(
      'Appointments can be cancelled or moved up to 14 days before they start. Please call the clinic on +1 555 010 0110 to change this one.',
    );
  });

  it('lets staff schedule outside the clinic hours', async () => {
    const sunday = (
      await database.client.query<{ at: Date }>(
        `select ((d + time '03:00') at time zone 'America/New_York') as at
       from generate_series(current_date + 20, current_date + 27, interval '1 day') g, lateral (select g::date as d) x
       where extract(isodow from d) = 7 limit 1`,
      )
    ).rows[0].at;
    const appointment = (
      await database.client.query<{ id: string }>(
        `select id from public.appointments where student_id = $1 and status = 'scheduled' and date > now() order by date limit 1`,
        [STUDENT2],
      )
    ).rows[0].id;
    const moved = await probe(database.client, ADMIN, 'select public.update_appointment($1, date => $2)', [
      appointment,
      sunday,
    ]);
    expect(moved.error).toBeUndefined();
  });
});

describe('only ready doctors are offered to students', () => {
  const CHEN = nf('dr.chen');
  /** Dr Chen as a doctor who never gave a name (as an account made before names were asked for): triggers off. */
  const nameless = `set local session_replication_role = replica;
    update public.members set first_name = '', last_name = '' where id = '${CHEN}';
    set local session_replication_role = origin`;

  it('offers no free time, "first available" or booking with a doctor who has no name, and says which doctors are bookable', async () => {
    const [from, to] = [await localDay(40), await localDay(46)];
    const withChen = await slots(STUDENT, from, to, CHEN);
    expect(withChen.rows.length).toBeGreaterThan(0);
    expect((await slots(STUDENT, from, to, CHEN, nameless)).rows).toEqual([]);
    const anyDoctor = await slots(STUDENT, from, to, null, nameless);
    expect(anyDoctor.rows.length).toBeGreaterThan(0);
    expect(anyDoctor.rows.every((slot) => slot.provider_id !== CHEN)).toBe(true);
    const chosen = await probe(
      database.client,
      STUDENT,
      `select public.book_appointment($1, 'Check-up', $2)`,
      [withChen.rows[0].starts_at, CHEN],
      nameless,
    );
    expect(chosen.error?.message).toBe('That time is not free: choose one of the free times');
    const directory = await probe<{ id: string; bookable: boolean }>(
      database.client,
      STUDENT,
      `select id, bookable from public.staff_directory where role = 'doctor' order by id`,
      [],
      nameless,
    );
    expect(directory.rows.find((doctor) => doctor.id === CHEN)?.bookable).toBe(false);
    expect(directory.rows.filter((doctor) => doctor.id !== CHEN).every((doctor) => doctor.bookable)).toBe(true);
  });

  it("keeps a doctor's name whole: it cannot be cleared, and a missing one can be given", async () => {
    const own = await probe(database.client, CHEN, `update public.members set last_name = ' ' where id = $1`, [CHEN]);
    expect(own.error?.message).toBe('Enter your first and last name: students see them when they book');
    const given = await probe<{ bookable: boolean }>(
      database.client,
      CHEN,
      `update public.members set first_name = 'Li', last_name = 'Chen' where id = $1 returning private.is_bookable_doctor(members.*) as bookable`,
      [CHEN],
      nameless,
    );
    expect(given.error).toBeUndefined();
    expect(given.rows).toEqual([{ bookable: true }]);
  });
});

describe('clinic and doctor settings', () => {
  it('refuses an unknown time zone and doctor hours outside the clinic hours, with clear messages', async () => {
    const zone = await probe(
      database.client,
      SUPER,
      `update public.clinic_settings set timezone = 'Mars/Olympus' where university_id = $1`,
      [NORTHFIELD_ID],
    );
    expect(zone.error?.message).toBe('Choose a time zone from the list (for example Europe/London)');
    const late = await probe(
      database.client,
      DOCTOR,
      `insert into public.doctor_hours (doctor_id, weekday, opens_at, closes_at)
      values ($1, 2, '07:00', '12:00')`,
      [DOCTOR],
    );
    expect(late.error?.message).toBe("Hours must be within the clinic's: 08:00–17:00 that day");
    const weekend = await probe(
      database.client,
      DOCTOR,
      `insert into public.doctor_hours (doctor_id, weekday, opens_at, closes_at)
      values ($1, 6, '09:00', '12:00')`,
      [DOCTOR],
    );
    expect(weekend.error?.message).toBe('The clinic is closed on that day');
    // A doctor's hours belong to the doctor's university: the database fills it in, and no row may claim one.
    const filled = await probe<{ university_id: string }>(
      database.client,
      DOCTOR,
      `insert into public.doctor_hours (doctor_id, weekday, opens_at, closes_at)
      values ($1, 2, '09:00', '12:00') returning university_id`,
      [DOCTOR],
    );
    expect(filled.rows[0]?.university_id ?? filled.error?.message).toBe(NORTHFIELD_ID);
    const claimed = await probe(
      database.client,
      DOCTOR,
      `insert into public.doctor_hours (doctor_id, university_id, weekday, opens_at, closes_at)
      values ($1, $2, 2, '09:00', '12:00')`,
      [DOCTOR, SOUTHBANK_ID],
    );
    expect(claimed.error?.message).toBe('permission denied for table doctor_hours');
  });

  it('gives a newly registered university a default clinic', async () => {
    const created = await rolledBack(database.client, async () => {
      await database.client.query(
        `insert into public.universities (id, name, email, join_code) values ($1, 'New U', 'new@new.edu', 'NEWU')`,
        [NEW_UNIVERSITY],
      );
      const { rows } = await database.client.query<{ timezone: string; slot_minutes: number; days: number }>(
        `select s.timezone, s.slot_minutes, (select count(*)::int from public.clinic_hours h where h.university_id = s.university_id) as days
         from public.clinic_settings s where s.university_id = $1`,
        [NEW_UNIVERSITY],
      );
      return rows[0];
    });
    expect(created.value).toEqual({ timezone: 'UTC', slot_minutes: 30, days: 5 });
  });
});
