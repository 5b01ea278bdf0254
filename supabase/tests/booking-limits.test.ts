/**
 * How much one student may book (migration 20260112000000): upcoming visits and bookings per day are capped by the
 * clinic's settings (3 and 3 unless a super admin changes them), and at most three bookings a minute, whether through
 * book_appointment or a direct insert, and however many bookings race. The attack: one student booked 50 slots in
 * parallel, and three accounts took 270 of a week's 294 doctor slots in 2.2 seconds. Moving a visit mails its doctor, so
 * a student moves their own visits at most 3 times a minute and 6 times a day (migration 20260115000000).
 */
import type { Client } from 'pg';
import { actAs, probe, rolledBack, runAs, testDatabase } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const SUPER = uuidForEmail('admin@northfield.edu');
const UPCOMING =
  'You already have 3 upcoming appointments, the most the clinic allows. Cancel one, or book again after your next visit.';
const PER_DAY = 'You can book at most 2 appointments a day, cancelled ones included. Please book again tomorrow.';
const PER_MINUTE = 'You are booking too quickly: at most 3 appointments a minute. Please wait a minute and try again.';
const MOVES_PER_MINUTE =
  'You are moving appointments too quickly: at most 3 moves a minute. Please wait a minute and try again.';
const MOVES_PER_DAY = 'You can move appointments at most 6 times a day. Please try again tomorrow, or call the clinic.';

const database = testDatabase();

/** A new student of Northfield, signed up and confirmed as the auth service does it: no appointments yet. */
async function newStudent(label: string): Promise<string> {
  const { rows } = await database.client.query<{ id: string }>(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
     values (gen_random_uuid(), $1, now(), jsonb_build_object('kind', 'student', 'join_code', 'NORTHFIELD', 'first_name', 'Limit', 'last_name', $2::text,
             'reg_number', 'NFU/LIM/' || $2::text, 'department', 'Physics', 'year_of_study', 1))
     returning id`,
    [`limit.${label}@northfield.edu`, label],
  );
  return rows[0].id;
}

/** `count` starts the clinic offers `student` some weeks ahead, each at a different time (any doctor). */
async function freeStarts(student: string, count: number): Promise<string[]> {
  const { rows } = await probe<{ starts_at: Date }>(
    database.client,
    student,
    `select starts_at from public.available_slots(current_date + 50, current_date + 64) order by starts_at limit $1`,
    [count],
  );
  return rows.map((row) => row.starts_at.toISOString());
}

async function setLimits(upcoming: number, perDay: number): Promise<void> {
  await runAs(
    database.client,
    SUPER,
    'update public.clinic_settings set student_upcoming_limit = $2, student_daily_booking_limit = $3 where university_id = $1',
    [NORTHFIELD_ID, upcoming, perDay],
  );
}

/** Books each start in its own transaction, all at the same moment, as `student`; the outcome of each. */
async function race(student: string, starts: readonly string[]): Promise<string[]> {
  const clients: Client[] = await Promise.all(starts.map(() => database.db.connect()));
  try {
    await Promise.all(
      clients.map(async (client) => {
        await client.query('begin');
        await actAs(client, student);
      }),
    );
    return await Promise.all(
      clients.map(async (client, i) => {
        try {
          await client.query(`select id from public.book_appointment($1, 'Check-up')`, [starts[i]]);
          await client.query('commit');
          return 'booked';
        } catch (error) {
          await client.query('rollback');
          return `${(error as { code?: string }).code} ${(error as Error).message}`;
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

const tally = (outcomes: readonly string[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
    {},
  );

describe('limits on what one student books', () => {
  it('start at 3 upcoming visits and 3 bookings a day, which a super admin changes within 1 to 20', async () => {
    const { rows } = await database.client.query(
      'select student_upcoming_limit, student_daily_booking_limit from public.clinic_settings where university_id = $1',
      [NORTHFIELD_ID],
    );
    expect(rows).toEqual([{ student_upcoming_limit: 3, student_daily_booking_limit: 3 }]);
    const changed = await probe(
      database.client,
      SUPER,
      'update public.clinic_settings set student_upcoming_limit = 5 where university_id = $1 returning student_upcoming_limit',
      [NORTHFIELD_ID],
    );
    expect(changed.rows).toEqual([{ student_upcoming_limit: 5 }]);
    const tooMany = await probe(
      database.client,
      SUPER,
      'update public.clinic_settings set student_daily_booking_limit = 21 where university_id = $1',
      [NORTHFIELD_ID],
    );
    expect(tooMany.error?.message).toMatch(/clinic_settings_student_daily_booking_limit_range/);
  });

  it('let 10 parallel bookings of one student take only the 3 upcoming visits allowed; the rest are told why', async () => {
    await setLimits(3, 20);
    const student = await newStudent('upcoming');
    const outcomes = await race(student, await freeStarts(student, 10));
    expect(tally(outcomes)).toEqual({ booked: 3, [`P0001 ${UPCOMING}`]: 7 });
    const { rows } = await database.client.query(
      `select count(*)::int as n from public.appointments where student_id = $1 and status = 'scheduled'`,
      [student],
    );
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('let a student book at most 3 a minute, in parallel too, when the other limits would allow more', async () => {
    await setLimits(20, 20);
    const student = await newStudent('minute');
    const outcomes = await race(student, await freeStarts(student, 8));
    expect(tally(outcomes)).toEqual({ booked: 3, [`P0001 ${PER_MINUTE}`]: 5 });
  });

  it("count a day's bookings on the clinic's calendar, cancelled ones included, through book_appointment and direct inserts alike", async () => {
    await setLimits(20, 2);
    const student = await newStudent('daily');
    const starts = await freeStarts(student, 3);
    const { value, error } = await rolledBack(database.client, async () => {
      await actAs(database.client, student);
      const first = (
        await database.client.query<{ id: string }>(`select id from public.book_appointment($1, 'Check-up')`, [
          starts[0],
        ])
      ).rows[0].id;
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Booked by mistake')`,
        [first],
      );
      await database.client.query(`select id from public.book_appointment($1, 'Check-up')`, [starts[1]]);
      await database.client.query('savepoint third');
      const refusals: string[] = [];
      for (const sql of [
        `select public.book_appointment($1, 'Check-up')`,
        `insert into public.appointments (date, department, year, reason) values ($1, 'Physics', 1, 'Check-up')`,
      ]) {
        try {
          await database.client.query(sql, [starts[2]]);
        } catch (refusal) {
          refusals.push(`${(refusal as { code?: string }).code} ${(refusal as Error).message}`);
        }
        await database.client.query('rollback to savepoint third');
      }
      return refusals;
    });
    expect(error).toBeUndefined();
    expect(value).toEqual([`P0001 ${PER_DAY}`, `P0001 ${PER_DAY}`]);
  });

  it('hold for a direct insert as for book_appointment, and leave the server (no signed-in caller) alone', async () => {
    await setLimits(3, 20);
    const student = await newStudent('direct');
    const starts = await freeStarts(student, 4);
    const insert = `insert into public.appointments (date, department, year, reason) values ($1, 'Physics', 1, 'Check-up')`;
    for (const start of starts.slice(0, 3)) await runAs(database.client, student, insert, [start]);
    const fourth = await probe(database.client, student, insert, [starts[3]]);
    expect(fourth.error).toEqual({ code: 'P0001', message: UPCOMING });
    const byServer = await probe(
      database.client,
      null,
      'select 1',
      [],
      `insert into public.appointments (university_id, student_id, date, name, department, reg, year, reason)
       values ('${NORTHFIELD_ID}', '${student}', '${starts[3]}', 'Limit direct', 'Physics', 'NFU/LIM/direct', 1, 'Check-up')`,
    );
    expect(byServer.error).toBeUndefined();
  });
});

describe('limits on how often a student moves their visits', () => {
  const move = (id: string, start: string) => `select public.update_appointment('${id}', date => '${start}')`;

  async function bookedVisit(label: string): Promise<{ student: string; visit: string; starts: string[] }> {
    await setLimits(3, 20);
    const student = await newStudent(label);
    const [first] = await freeStarts(student, 1);
    const [{ id, provider_id }] = await runAs<{ id: string; provider_id: string }>(
      database.client,
      student,
      `select id, provider_id from public.book_appointment($1, 'Check-up')`,
      [first],
    );
    // A visit moves with its doctor, so the times it can move to are that doctor's free ones.
    const { rows } = await probe<{ starts_at: Date }>(
      database.client,
      student,
      `select starts_at from public.available_slots(current_date + 50, current_date + 64, $1) order by starts_at limit 7`,
      [provider_id],
    );
    return { student, visit: id, starts: [first, ...rows.map((row) => row.starts_at.toISOString())] };
  }

  it("let a student move a visit 3 times a minute and no more, while the clinic's staff move it as often as they need", async () => {
    const { student, visit, starts } = await bookedVisit('mover');
    for (const start of starts.slice(1, 4)) await runAs(database.client, student, move(visit, start));
    const fourth = await probe(database.client, student, move(visit, starts[4]));
    expect(fourth.error).toEqual({ code: 'P0001', message: MOVES_PER_MINUTE });
    for (const start of starts.slice(4, 8)) await runAs(database.client, SUPER, move(visit, start));
    const { rows } = await database.client.query('select date from public.appointments where id = $1', [visit]);
    expect(rows[0].date.toISOString()).toBe(starts[7]);
  });

  it("count 6 moves a day on the clinic's calendar, and nothing from the day before", async () => {
    const { student, visit, starts } = await bookedVisit('daymover');
    const dayStart = `(select date_trunc('day', now() at time zone s.timezone) at time zone s.timezone from public.clinic_settings s where s.university_id = '${NORTHFIELD_ID}')`;
    // Yesterday's moves, and outside the last minute too (in the clinic's first minute, one second before midnight is not).
    await database.client.query(
      `insert into private.student_moves (student_id, moved_at) select $1, least(${dayStart} - interval '1 second', now() - interval '2 minutes') from generate_series(1, 6)`,
      [student],
    );
    await runAs(database.client, student, move(visit, starts[1]));
    await database.client.query(
      `insert into private.student_moves (student_id, moved_at) select $1, ${dayStart} from generate_series(1, 5)`,
      [student],
    );
    const seventh = await probe(database.client, student, move(visit, starts[2]));
    expect(seventh.error).toEqual({ code: 'P0001', message: MOVES_PER_DAY });
    const { rows } = await database.client.query('select date from public.appointments where id = $1', [visit]);
    expect(rows[0].date.toISOString()).toBe(starts[1]);
  });

  it('keep the count where no API role can read or change it', async () => {
    const { student } = await bookedVisit('peeker');
    for (const caller of [student, SUPER, null]) {
      const read = await probe(database.client, caller, 'select count(*) from private.student_moves');
      expect(read.error?.code).toBe('42501');
      const wipe = await probe(database.client, caller, 'delete from private.student_moves');
      expect(wipe.error?.code).toBe('42501');
    }
  });
});
