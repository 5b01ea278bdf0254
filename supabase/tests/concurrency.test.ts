/**
 * Double booking is impossible under concurrency: the exclusion constraints decide, not a check-then-insert.
 * 50 students race for one doctor's slot in 50 parallel transactions; exactly one wins.
 */
import type { Client } from 'pg';
import { actAs, clinicSlot, startTestDb, type TestDb } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

let db: TestDb;
let students: string[] = [];

beforeAll(async () => {
  db = await startTestDb();
  // 50 extra students, signed up and confirmed the way the auth service does it (the sign-up trigger creates the members).
  const rows = await db.pool.query<{ id: string }>(`
    insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
    select gen_random_uuid(), format('racer%s@northfield.edu', i), now(),
           jsonb_build_object('kind', 'student', 'join_code', 'NORTHFIELD', 'first_name', 'Racer', 'last_name', i::text,
                              'reg_number', format('NFU/RACE/%s', i), 'department', 'Physics', 'year_of_study', 1)
    from generate_series(1, 50) i
    returning id`);
  students = rows.rows.map((r) => r.id);
});

afterAll(async () => {
  await db?.stop();
});

async function race(
  callers: string[],
  sql: (i: number) => [string, unknown[]],
): Promise<PromiseSettledResult<unknown>[]> {
  const clients: Client[] = await Promise.all(callers.map(() => db.connect()));
  try {
    // Everyone opens a transaction and gets ready, then all fire at once.
    await Promise.all(
      clients.map(async (c, i) => {
        await c.query('begin');
        await actAs(c, callers[i]);
      }),
    );
    return await Promise.allSettled(
      clients.map(async (c, i) => {
        const [text, params] = sql(i);
        try {
          const r = await c.query(text, params);
          await c.query('commit');
          return r.rows[0];
        } catch (error) {
          await c.query('rollback');
          throw error;
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** What a booking that lost a race may hear: the slot was taken while it looked free, or was no longer offered. */
const TAKEN_DOCTOR = '23P01 That doctor is already booked at that time';
const TAKEN_STUDENT = '23P01 You already have an appointment at that time';
const NOT_OFFERED = 'P0001 That time is not free: choose one of the free times';

it('50 parallel bookings of one doctor slot: exactly one succeeds, 49 get a clear overlap error', async () => {
  const doctor = uuidForEmail('dr.bello@northfield.edu');
  const slot = await clinicSlot(db.pool, 30, '10:00');
  const results = await race(students, () => [
    `select id from public.book_appointment($1, 'Check-up', $2)`,
    [slot, doctor],
  ]);
  const ok = results.filter((r) => r.status === 'fulfilled');
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(ok).toHaveLength(1);
  expect(failed).toHaveLength(49);
  const messages = new Set(failed.map((f) => `${f.reason.code} ${f.reason.message}`));
  expect([...messages].filter((message) => message !== TAKEN_DOCTOR && message !== NOT_OFFERED)).toEqual([]);
  const stored = await db.pool.query(
    `select count(*)::int n from public.appointments where provider_id = $1 and date between $2::timestamptz and $2::timestamptz + interval '1 hour'`,
    [doctor, slot],
  );
  expect(stored.rows[0].n).toBe(1);
});

it('one student racing 20 bookings of one slot with different doctors gets exactly one', async () => {
  const student = students[0];
  const slot = await clinicSlot(db.pool, 31, '11:00');
  const doctors = [uuidForEmail('dr.adams@northfield.edu'), uuidForEmail('dr.bello@northfield.edu')];
  const results = await race(
    Array.from({ length: 20 }, () => student),
    (i) => [`select id from public.book_appointment($1, 'Consultation', $2)`, [slot, doctors[i % doctors.length]]],
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const messages = new Set(
    results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => `${r.reason.code} ${r.reason.message}`),
  );
  expect([...messages].filter((message) => ![TAKEN_DOCTOR, TAKEN_STUDENT, NOT_OFFERED].includes(message))).toEqual([]);
  // This slot only: the student may have won the first test's race too.
  const stored = await db.pool.query(
    `select count(*)::int n from public.appointments where student_id = $1 and date = $2 and status = 'scheduled'`,
    [student, slot],
  );
  expect(stored.rows[0].n).toBe(1);
});

it("a doctor's new hours and the clinic's, saved at once, leave one mark on the visit both put outside", async () => {
  const bello = uuidForEmail('dr.bello@northfield.edu');
  const afternoon = await clinicSlot(db.pool, 32, '15:00');
  const doctorHours = await db.connect();
  const clinicHours = await db.connect();
  let visit: string | undefined;
  try {
    await doctorHours.query(`begin; set local campuscare.provisioning = 'on'`);
    visit = (
      await doctorHours.query<{ id: string }>(
        `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
         select m.university_id, m.id, $2, $3, m.first_name || ' ' || m.last_name, m.department, m.reg_number,
                m.year_of_study, 'Check-up'
         from public.members m where m.id = $1 returning id`,
        [students[1], bello, afternoon],
      )
    ).rows[0].id;
    await doctorHours.query('commit');

    await doctorHours.query('begin');
    await doctorHours.query(
      `insert into public.doctor_hours (doctor_id, university_id, weekday, opens_at, closes_at)
       select $1, $2, d, '08:00', '12:00' from generate_series(1, 5) d`,
      [bello, NORTHFIELD_ID],
    );
    const clinicPid = (await clinicHours.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    await clinicHours.query('begin');
    const clinicSaved = clinicHours.query(
      `update public.clinic_hours set closes_at = '12:00' where university_id = $1`,
      [NORTHFIELD_ID],
    );
    // The clinic's change marks the same visit, so it waits for the doctor's uncommitted mark.
    const waitsForALock = async () => {
      for (let poll = 0; poll < 100; poll += 1) {
        const { rows } = await db.pool.query<{ wait: string | null }>(
          'select wait_event_type as wait from pg_stat_activity where pid = $1',
          [clinicPid],
        );
        if (rows[0]?.wait === 'Lock') return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await waitsForALock()).toBe(true);
    await doctorHours.query('commit');
    await clinicSaved;
    await clinicHours.query('commit');
    const marks = await db.pool.query(`select starts_at from private.visits_outside_hours where appointment_id = $1`, [
      visit,
    ]);
    expect(marks.rows).toEqual([{ starts_at: new Date(afternoon) }]);
  } finally {
    await doctorHours.end();
    await clinicHours.end();
    await db.pool.query(`delete from public.doctor_hours where doctor_id = $1`, [bello]);
    await db.pool.query(`update public.clinic_hours set closes_at = '17:00' where university_id = $1`, [NORTHFIELD_ID]);
    if (visit) await db.pool.query('delete from public.appointments where id = $1', [visit]);
  }
});
