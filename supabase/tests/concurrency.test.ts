/**
 * Double booking is impossible under concurrency: the exclusion constraints decide, not a check-then-insert.
 * 50 students race for one doctor's slot in 50 parallel transactions; exactly one wins.
 */
import type { Client } from 'pg';
import { actAs, startTestDb, type TestDb } from './harness';
import { uuidForEmail } from './ids';

let db: TestDb;
let students: string[] = [];

beforeAll(async () => {
  db = await startTestDb();
  // 50 extra students, signed up the way the auth service does it (the sign-up trigger creates the members).
  const rows = await db.pool.query<{ id: string }>(`
    insert into auth.users (id, email, raw_user_meta_data)
    select gen_random_uuid(), format('racer%s@northfield.edu', i),
           jsonb_build_object('kind', 'student', 'join_code', 'NORTHFIELD', 'first_name', 'Racer', 'last_name', i::text,
                              'reg_number', format('NFU/RACE/%s', i), 'department', 'Physics', 'year_of_study', 1)
    from generate_series(1, 50) i
    returning id`);
  students = rows.rows.map((r) => r.id);
});

afterAll(async () => {
  await db?.stop();
});

async function race(callers: string[], sql: (i: number) => [string, unknown[]]): Promise<PromiseSettledResult<unknown>[]> {
  const clients: Client[] = await Promise.all(callers.map(() => db.connect()));
  try {
    // Everyone opens a transaction and gets ready, then all fire at once.
    await Promise.all(clients.map(async (c, i) => {
      await c.query('begin');
      await actAs(c, callers[i]);
    }));
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

it('50 parallel bookings of one doctor slot: exactly one succeeds, 49 get a clear overlap error', async () => {
  const doctor = uuidForEmail('dr.bello@northfield.edu');
  const slot = new Date(Date.now() + 30 * 86400_000);
  slot.setUTCHours(7, 0, 0, 0); // 07:00 UTC, before any seeded slot
  const results = await race(students, (i) => [
    // Staggered starts that all overlap the same 30-minute slot.
    `select id from public.book_appointment($1::timestamptz + make_interval(mins => $3), 'Check-up', $2)`,
    [slot.toISOString(), doctor, i % 20],
  ]);
  const ok = results.filter((r) => r.status === 'fulfilled');
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(ok).toHaveLength(1);
  expect(failed).toHaveLength(49);
  expect(new Set(failed.map((f) => `${f.reason.code} ${f.reason.message}`))).toEqual(new Set(['23P01 That doctor is already booked at that time']));
  const stored = await db.pool.query(`select count(*)::int n from public.appointments where provider_id = $1 and date between $2::timestamptz and $2::timestamptz + interval '1 hour'`, [doctor, slot.toISOString()]);
  expect(stored.rows[0].n).toBe(1);
});

it('one student racing 20 overlapping bookings of their own gets exactly one', async () => {
  const student = students[0];
  const slot = new Date(Date.now() + 31 * 86400_000);
  slot.setUTCHours(6, 0, 0, 0);
  const results = await race(Array.from({ length: 20 }, () => student), (i) => [
    `select id from public.book_appointment($1::timestamptz + make_interval(mins => $2), 'Consultation')`,
    [slot.toISOString(), i],
  ]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const messages = new Set(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.message));
  expect(messages).toEqual(new Set(['You already have an appointment at that time']));
});
