/**
 * The waitlist: students ask to hear of a free time in a range of days (optionally with one doctor); a booked time
 * that frees is emailed to those waiting for it in the order they asked, saying nothing of the visit that freed it; an
 * entry ends when its student books in its range or leaves. Who may join, leave and read, across both universities.
 */
import { actAs, type Caller, clinicSlot, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const BELLO = nf('dr.bello');
const CHEN = nf('dr.chen');
const FREED_BY = nf('student15');
const VISIT = '00000000-0000-4000-8000-0000000a1701';

interface Entry {
  id: string;
  student_id: string;
  provider_id: string | null;
  from_day: string;
  to_day: string;
  end_reason: string | null;
}

const database = testDatabase();

async function asServer(): Promise<void> {
  await database.client.query(`reset role; select set_config('request.jwt.claims', '', true)`);
}

/** The day `days` from today on Northfield's clock, as YYYY-MM-DD. */
async function clinicDay(days: number): Promise<string> {
  const { rows } = await database.client.query<{ day: string }>(
    `select to_char((now() at time zone s.timezone)::date + $2::integer, 'YYYY-MM-DD') as day from public.clinic_settings s where s.university_id = $1`,
    [NORTHFIELD_ID, days],
  );
  return rows[0].day;
}

/** The day of a moment on Northfield's clock. */
async function dayOf(at: string): Promise<string> {
  const { rows } = await database.client.query<{ day: string }>(
    `select to_char(($1::timestamptz at time zone s.timezone)::date, 'YYYY-MM-DD') as day from public.clinic_settings s where s.university_id = $2`,
    [at, NORTHFIELD_ID],
  );
  return rows[0].day;
}

async function join(student: string, from: string, to: string, doctor: string | null = null): Promise<void> {
  await actAs(database.client, student);
  await database.client.query('select public.join_waitlist($1::date, $2::date, $3)', [from, to, doctor]);
  await asServer();
}

/** FREED_BY's visit with Dr Bello at `at`, booked days ago as the server would (no one is told: a fixture). */
async function bookFreedVisit(at: string): Promise<void> {
  await database.client.query(
    `set local campuscare.provisioning = 'on';
     insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason)
     select '${VISIT}', m.university_id, m.id, '${BELLO}', '${at}', m.first_name || ' ' || m.last_name, m.department,
            m.reg_number, m.year_of_study, 'Other: sensitive reason'
     from public.members m where m.id = '${FREED_BY}';
     set local campuscare.provisioning = ''`,
  );
}

async function offers(): Promise<{ to_email: string; subject: string; body: string }[]> {
  return (
    await database.client.query<{ to_email: string; subject: string; body: string }>(
      `select to_email, subject, body from public.email_outbox where kind = 'waitlist_offer' order by id`,
    )
  ).rows;
}

describe('a freed time', () => {
  it('is offered to those waiting for its day (and doctor), in the order they asked, with nothing of the visit that freed it', async () => {
    const at = await clinicSlot(database.client, 20, '11:00');
    const day = await dayOf(at);
    const outcome = await rolledBack(database.client, async () => {
      await bookFreedVisit(at);
      await join(nf('student16'), day, day);
      await join(nf('student17'), await clinicDay(1), day, BELLO);
      await join(nf('student18'), day, day, CHEN);
      await join(nf('student19'), await clinicDay(60), await clinicDay(61));
      await actAs(database.client, FREED_BY);
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Exam clash')`,
        [VISIT],
      );
      await asServer();
      const first = await offers();
      // The first to book it gets it, and stops waiting; the next freed time goes to those still waiting.
      await actAs(database.client, nf('student16'));
      await database.client.query(`select public.book_appointment($1, 'Check-up', $2)`, [at, BELLO]);
      await asServer();
      const entries = (
        await database.client.query<Entry>(
          `select student_id, end_reason from public.waitlist_entries where student_id = any($1) order by position`,
          [[nf('student16'), nf('student17')]],
        )
      ).rows;
      return { first, entries };
    });
    expect(outcome.error).toBeUndefined();
    const { first, entries } = outcome.value!;
    expect(first.map((mail) => mail.to_email)).toEqual(['student16@northfield.edu', 'student17@northfield.edu']);
    expect(first[0].body).toContain('A time you asked to hear about is free at the Northfield University clinic.');
    expect(first[0].body).toContain('Doctor: Dr Tunde Bello');
    expect(first[0].body).toContain('the first to book it gets it');
    const text = JSON.stringify(first);
    for (const hidden of ['sensitive', 'Exam clash', 'student15', 'NFU/']) expect(text).not.toContain(hidden);
    expect(entries).toEqual([
      { student_id: nf('student16'), end_reason: 'booked' },
      { student_id: nf('student17'), end_reason: null },
    ]);
  });

  it('is offered to nobody when nobody waits for its day', async () => {
    const at = await clinicSlot(database.client, 20, '11:00');
    const outcome = await rolledBack(database.client, async () => {
      await bookFreedVisit(at);
      await join(nf('student16'), await clinicDay(40), await clinicDay(45));
      await actAs(database.client, FREED_BY);
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Better')`,
        [VISIT],
      );
      await asServer();
      return offers();
    });
    expect(outcome.value).toEqual([]);
  });
});

describe('joining and leaving', () => {
  const joinAs = async (caller: Caller, from: string, to: string, doctor: string | null = null, setup?: string) =>
    probe<Entry>(
      database.client,
      caller,
      'select * from public.join_waitlist($1::date, $2::date, $3)',
      [from, to, doctor],
      setup,
    );

  it('keeps one request per student, refuses impossible ranges and doctors in words, and is for students only', async () => {
    const [today, soon, later, far] = [
      await clinicDay(0),
      await clinicDay(3),
      await clinicDay(10),
      await clinicDay(400),
    ];
    const ok = await joinAs(nf('student16'), today, later, BELLO);
    expect(ok.error).toBeUndefined();
    expect(ok.rows[0]).toMatchObject({
      student_id: nf('student16'),
      provider_id: BELLO,
      from_day: expect.anything(),
      end_reason: null,
    });

    const cases: [Caller, string, string, string | null, string][] = [
      [nf('student16'), await clinicDay(-1), later, null, 'Choose days from today on'],
      [nf('student16'), later, soon, null, 'The last day cannot come before the first'],
      [nf('student16'), today, await clinicDay(61), null, 'Choose a range of at most 61 days'],
      [nf('student16'), await clinicDay(380), far, null, 'Choose days within the coming year'],
      [nf('student16'), today, later, sb('dr.bello'), "Choose one of the clinic's doctors, or any doctor"],
      [nf('student16'), today, later, nf('registrar'), "Choose one of the clinic's doctors, or any doctor"],
      [BELLO, today, later, null, 'Only students can join the waitlist'],
      [nf('registrar'), today, later, null, 'Only students can join the waitlist'],
    ];
    for (const [caller, from, to, doctor, message] of cases) {
      expect({ from, to, doctor, message: (await joinAs(caller, from, to, doctor)).error?.message }).toEqual({
        from,
        to,
        doctor,
        message,
      });
    }
    expect((await joinAs(null, today, later)).error?.code).toBe('42501');
    for (const caller of [BELLO, nf('registrar'), nf('admin'), sb('registrar')]) {
      expect({
        caller,
        message: (await probe(database.client, caller, 'select public.leave_waitlist()')).error?.message,
      }).toEqual({ caller, message: 'Only students can leave the waitlist' });
    }
    expect((await probe(database.client, null, 'select public.leave_waitlist()')).error?.code).toBe('42501');

    const again = await rolledBack(database.client, async () => {
      await join(nf('student16'), today, later);
      await join(nf('student16'), soon, later);
      await actAs(database.client, nf('student16'));
      const left = (await database.client.query<Entry>('select * from public.leave_waitlist()')).rows[0];
      const leftAgain = (await database.client.query<{ id: string | null }>('select (public.leave_waitlist()).id'))
        .rows[0].id;
      await asServer();
      const all = (
        await database.client.query<Entry>(
          `select from_day::text, end_reason from public.waitlist_entries where student_id = $1 order by position`,
          [nf('student16')],
        )
      ).rows;
      return { left, leftAgain, all };
    });
    expect(again.error).toBeUndefined();
    expect(again.value?.left.end_reason).toBe('left');
    expect(again.value?.leftAgain).toBeNull();
    expect(again.value?.all).toEqual([
      { from_day: today, end_reason: 'left' },
      { from_day: soon, end_reason: 'left' },
    ]);
  });

  it("is read by the student and their clinic's staff, never another student or university, and written only through the functions", async () => {
    const setup = `insert into public.waitlist_entries (university_id, student_id, from_day, to_day)
      values ('${NORTHFIELD_ID}', '${nf('student16')}', current_date + 1, current_date + 5)`;
    const read = (caller: Caller) =>
      probe<Entry>(database.client, caller, 'select student_id from public.waitlist_entries', [], setup);
    expect((await read(nf('student16'))).rows).toEqual([{ student_id: nf('student16') }]);
    expect((await read(nf('registrar'))).rows).toEqual([{ student_id: nf('student16') }]);
    expect((await read(BELLO)).rows).toEqual([{ student_id: nf('student16') }]);
    expect((await read(nf('student17'))).rows).toEqual([]);
    expect((await read(sb('registrar'))).rows).toEqual([]);
    expect((await read(null)).error?.code).toBe('42501');
    for (const write of [
      `insert into public.waitlist_entries (university_id, student_id, from_day, to_day) values ('${NORTHFIELD_ID}', '${nf('student16')}', current_date, current_date)`,
      `update public.waitlist_entries set to_day = to_day + 1`,
      `delete from public.waitlist_entries`,
    ]) {
      expect((await probe(database.client, nf('student16'), write, [], setup)).error?.code).toBe('42501');
    }
  });
});
