import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, escapeLiteral, Pool, type PoolClient } from 'pg';
import pino from 'pino';
import { startCluster } from '../../server/src/postgres/cluster';
import { migrate } from '../../server/src/postgres/migrate';
import { freePort } from '../../server/src/ports';
import { pinnedClockEnvironment } from './clock/pinnedClock';
import { NORTHFIELD_ID } from './ids';

export const SUPABASE_DIR = join(__dirname, '..');
export const DEMO_PASSWORD = 'CampusCare2026';

export interface TestDb {
  port: number;
  connectionString: string;
  /** Superuser pool. */
  pool: Pool;
  /** A fresh superuser connection (for parallel probes). */
  connect(): Promise<Client>;
  stop(): Promise<void>;
}

/**
 * One real PostgreSQL cluster in a temp dir with the migrations applied (and the seed, unless `seed: false`), its clock
 * pinned where this run of the suite asks for it (`clock/`).
 */
export async function startTestDb(options: { seed?: boolean } = {}): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-db-'));
  const password = randomBytes(12).toString('hex');
  const logger = pino({ level: 'silent' });
  const cluster = await startCluster({
    dataDir,
    port: await freePort(),
    superuserPassword: password,
    logger,
    serverEnvironment: pinnedClockEnvironment(),
  });
  try {
    await migrate({
      pool: cluster.adminPool,
      supabaseDir: SUPABASE_DIR,
      authenticatorPassword: randomBytes(12).toString('hex'),
      runSeed: options.seed !== false,
      logger,
    });
  } catch (error) {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const connectionString = cluster.connectionString('postgres', password);
  return {
    port: cluster.port,
    connectionString,
    pool: cluster.adminPool,
    async connect() {
      const client = new Client({ connectionString });
      await client.connect();
      return client;
    },
    async stop() {
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Caller = string | null; // a user id, or null for anon

type Queryable = Pick<PoolClient, 'query'>;

/** Sets the API role and JWT claims for the rest of the current transaction, like PostgREST does. */
export async function actAs(client: Queryable, caller: Caller): Promise<void> {
  if (caller === null) {
    await client.query(
      `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
    );
  } else {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: caller, role: 'authenticated', aud: 'authenticated' }),
    ]);
  }
}

/**
 * A start the clinic offers students: the first weekday without a closure at least `daysAhead` days after today (in
 * the university's time zone), at `time` there. Tests book at these times, as the booking form does.
 */
export async function clinicSlot(
  client: Queryable,
  daysAhead: number,
  time = '09:00',
  university = NORTHFIELD_ID,
): Promise<string> {
  const { rows } = await client.query<{ starts_at: Date }>(
    `select (d.day + $3::time) at time zone s.timezone as starts_at
     from public.clinic_settings s
     cross join lateral (
       select g::date as day
       from generate_series((now() at time zone s.timezone)::date + $2::integer, (now() at time zone s.timezone)::date + $2::integer + 14, interval '1 day') g
       where extract(isodow from g) <= 5
         and not exists (select 1 from public.clinic_closures c where c.university_id = s.university_id and g::date between c.starts_on and c.ends_on)
       order by g
       limit 1
     ) d
     where s.university_id = $1`,
    [university, daysAhead, time],
  );
  return rows[0].starts_at.toISOString();
}

/**
 * The database's `now()` moved by `hours`, as ISO text. Tests take "now" from the database, never from this process:
 * some runs of the suite pin PostgreSQL's clock to another day (`clock/`).
 */
export async function hoursFromNow(client: Queryable, hours: number): Promise<string> {
  const { rows } = await client.query<{ at: Date }>(`select now() + make_interval(secs => $1::float8 * 3600) as at`, [
    hours,
  ]);
  return rows[0].at.toISOString();
}

/**
 * The university's clinic on another time zone with none of the row's triggers (validation, audit, what a new zone
 * judges afresh): how a test puts a clinic on a zone the server's time-zone data no longer knows, as after an upgrade
 * that dropped it, where nobody changed the row, and puts the real zone back.
 */
export async function setClinicZoneWithoutTriggers(client: Queryable, university: string, zone: string): Promise<void> {
  // One statement, so the triggers are never left off: outside a transaction a failed update would otherwise skip
  // the statement that turns them back on, and every later test would run without them.
  await client.query(`do $$ begin
    alter table public.clinic_settings disable trigger user;
    update public.clinic_settings set timezone = ${escapeLiteral(zone)} where university_id = ${escapeLiteral(university)};
    alter table public.clinic_settings enable trigger user;
  end $$`);
}

/**
 * A moment of today in the university's time zone that is hours away from now (20:00 before noon, 02:00 after), so
 * an appointment there is "today" for the start/complete rule and overlaps none of the seed's visits around now.
 */
export async function laterOrEarlierToday(client: Queryable, university = NORTHFIELD_ID): Promise<string> {
  const { rows } = await client.query<{ at: Date }>(
    `select (date_trunc('day', now() at time zone s.timezone)
             + case when extract(hour from now() at time zone s.timezone) < 12 then interval '20 hours' else interval '2 hours' end)
            at time zone s.timezone as at
     from public.clinic_settings s where s.university_id = $1`,
    [university],
  );
  return rows[0].at.toISOString();
}

export interface Outcome<T = Record<string, unknown>> {
  ok: boolean;
  rows: T[];
  error?: { code?: string; message: string };
}

/**
 * Runs `sql` as the caller inside a transaction that is always rolled back. `setup` runs first as superuser in the
 * same transaction (fixtures only this probe needs).
 */
export async function probe<T = Record<string, unknown>>(
  client: Queryable,
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  setup?: string,
): Promise<Outcome<T>> {
  await client.query('begin');
  try {
    if (setup) await client.query(setup);
    await actAs(client, caller);
    const result = await client.query(sql, params);
    return { ok: true, rows: result.rows as T[] };
  } catch (error) {
    const e = error as { code?: string; message: string };
    return { ok: false, rows: [], error: { code: e.code, message: e.message } };
  } finally {
    await client.query('rollback');
  }
}

/** Like probe, but commits (for tests that need the effect to persist). Throws on error. */
export async function runAs<T = Record<string, unknown>>(
  client: Queryable,
  caller: Caller,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  await client.query('begin');
  try {
    await actAs(client, caller);
    const result = await client.query(sql, params);
    await client.query('commit');
    return result.rows as T[];
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export interface PgError {
  code?: string;
  message: string;
  constraint?: string;
}

/** Runs `fn` in a transaction that is always rolled back; returns its value or the error it raised. */
export async function rolledBack<T>(client: Queryable, fn: () => Promise<T>): Promise<{ value?: T; error?: PgError }> {
  await client.query('begin');
  try {
    return { value: await fn() };
  } catch (error) {
    const e = error as PgError;
    return { error: { code: e.code, message: e.message, constraint: e.constraint } };
  } finally {
    await client.query('rollback');
  }
}

/**
 * This test file's database: started before its tests with one connected superuser client, stopped after them.
 * Read `database.db` / `database.client` inside tests (they exist once `beforeAll` has run).
 */
export function testDatabase(options: { seed?: boolean } = {}): { readonly db: TestDb; readonly client: Client } {
  const started: { db: TestDb; client: Client } = {} as { db: TestDb; client: Client };
  beforeAll(async () => {
    started.db = await startTestDb(options);
    started.client = await started.db.connect();
  });
  afterAll(async () => {
    await started.client?.end().catch(() => undefined);
    await started.db?.stop();
  });
  return started;
}

export interface ServerVisit {
  appointment: string;
  visit: string;
}

/**
 * A visit as the server records it (no JWT subject, so trusted with history), committed: an appointment of `student`
 * with `doctor`, `daysAgo` days back at this minute, started (which opens its draft), with a note, vital signs, a
 * diagnosis and a prescription, then signed 25 minutes after it started unless `signed` is false. Take a different `daysAgo` for each visit of
 * one student or doctor (their visits may not overlap) and keep clear of the seed's (a week and three weeks back, a day or so either way). Booked days
 * before it, so it counts against none of the student's booking limits.
 */
export async function serverVisit(
  client: Queryable,
  options: { student: string; doctor: string; daysAgo: number; signed?: boolean },
): Promise<ServerVisit> {
  const { rows } = await client.query<{ id: string }>(
    `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, status, created_at)
     select m.university_id, m.id, $2, a.at, m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study,
            'Consultation', 'ongoing', a.at - interval '3 days'
     from (select date_trunc('minute', now()) - make_interval(days => $3) as at) a, public.members m where m.id = $1
     returning id`,
    [options.student, options.doctor, options.daysAgo],
  );
  const appointment = rows[0].id;
  const visit = (
    await client.query<{ id: string }>(
      `update public.visits set chief_complaint = 'Cough for a week', subjective = 'Dry cough, no fever.',
              objective = 'Chest clear.', assessment = 'Viral bronchitis.', plan = 'Rest and fluids.', follow_up = 'If not better in 10 days.'
       where appointment_id = $1 returning id`,
      [appointment],
    )
  ).rows[0].id;
  await client.query(
    `insert into public.vital_signs (visit_id, recorded_at, temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm)
     select $1, a.date + interval '5 minutes', 37.2, 118, 76, 78, 16, 98, 66, 172 from public.appointments a where a.id = $2`,
    [visit, appointment],
  );
  await client.query(
    `insert into public.diagnoses (visit_id, description, icd10_code) values ($1, 'Acute bronchitis', 'J20.9')`,
    [visit],
  );
  await client.query(
    `insert into public.prescriptions (visit_id, drug, strength, dose, route, frequency, duration, quantity, instructions)
     values ($1, 'Paracetamol', '500 mg', '2 tablets', 'oral', 'every 6 hours as needed', '3 days', '24 tablets', 'At most 8 tablets a day.')`,
    [visit],
  );
  if (options.signed !== false) {
    await client.query(
      `update public.visits v set status = 'signed', signed_at = a.date + interval '25 minutes' from public.appointments a
       where v.id = $1 and a.id = v.appointment_id`,
      [visit],
    );
  }
  return { appointment, visit };
}
