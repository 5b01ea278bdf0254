/**
 * `npm run bench:data`: a separate PostgreSQL cluster (default `.bench-data/`, env CAMPUSCARE_BENCH_DATA_DIR) with the
 * schema migrated and one large university (100,000 students with health profiles, 40 doctors, 1,000,000
 * appointments over six years) plus a small second one, and the clinical record: every completed appointment
 * has its signed visit (a short note; most with vital signs and a diagnosis, some with a prescription, a few with an
 * excuse letter), and 200 "chart students" have 50 more signed visits each (scenario patient-chart). Everything is
 * generated inside PostgreSQL with generate_series, in one transaction, so a failed load leaves nothing behind. A
 * loaded directory is reused as is, gaining only what was added to the dataset since (immunization compliance, for
 * scenario immunization-compliance).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { createLogger } from '../../server/src/logger';
import { startCluster } from '../../server/src/postgres/cluster';
import { inTransaction } from '../../server/src/postgres/database';
import { migrate } from '../../server/src/postgres/migrate';
import { freePort } from '../../server/src/ports';
import { loadOrCreateSecrets } from '../../server/src/secrets';
import { REPO_ROOT } from '../../server/src/stack';
import {
  BIG_UNIVERSITY,
  CHART_EVENING_SLOTS,
  CHART_EVENING_STARTS_HOUR,
  CHART_STUDENTS,
  CHART_VISITS,
  FIRST_NAMES,
  FUTURE_DAYS,
  HISTORY_DAYS,
  LAST_NAMES,
  UNIVERSITIES,
  benchDataDir,
  chartStudentNumber,
  type UniversitySpec,
} from './dataset';

/** Every benchmark account's password, so a person can also sign in to the loaded data and look around. */
const BENCH_PASSWORD = 'CampusCare2026';
const DEPARTMENTS = [
  'Computer Science',
  'Medicine',
  'Law',
  'Economics',
  'Mechanical Engineering',
  'Biology',
  'Accounting',
  'Architecture',
];
/** The booking reasons appointments are given in turn (six: appointment i has reason i mod 6). */
const REASONS = ['Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other: Sports injury'];
/** Multiplier coprime with every student count: consecutive appointments of a day go to distinct students. */
const STUDENT_STRIDE = 7919;

async function main(): Promise<void> {
  const dataDir = benchDataDir();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir);
  const cluster = await startCluster({
    dataDir,
    port: await freePort(),
    superuserPassword: secrets.superuserPassword,
    logger,
  });
  try {
    await migrate({
      pool: cluster.adminPool,
      supabaseDir: join(REPO_ROOT, 'supabase'),
      authenticatorPassword: secrets.authenticatorPassword,
      runSeed: false,
      logger,
    });
    const { rows } = await cluster.adminPool.query('select 1 from public.universities where id = $1', [
      BIG_UNIVERSITY.id,
    ]);
    if (rows.length > 0) {
      console.log(`Benchmark data already loaded in ${dataDir} (delete that directory to load it again).`);
      await loadImmunizations(cluster.adminPool);
      return;
    }
    const startedAt = Date.now();
    const client = await cluster.adminPool.connect();
    try {
      await client.query('begin');
      // Bulk load without row triggers (sign-up, audit, normalisation, appointment guard): the generated rows are
      // already in their final, valid shape, and foreign keys hold by construction. CHECK and exclusion constraints
      // still apply.
      await client.query(`set local session_replication_role = replica`);
      await client.query(`set local maintenance_work_mem = '512MB'`);
      const secondaryIndexes = await dropSecondaryIndexes(client, BULK_LOADED_TABLES);
      const passwordHash = (
        await client.query<{ hash: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', 10)) as hash`, [
          BENCH_PASSWORD,
        ])
      ).rows[0].hash;
      for (const university of UNIVERSITIES) {
        await loadUniversity(client, university, passwordHash);
        console.log(
          `  ${university.name}: ${university.students} students, ${university.doctors} doctors, ${university.appointments} appointments (${seconds(startedAt)} s)`,
        );
      }
      await loadChartAppointments(client, BIG_UNIVERSITY);
      console.log(
        `  ${CHART_STUDENTS} chart students: ${CHART_VISITS} more past visits each (${seconds(startedAt)} s)`,
      );
      await loadClinicalRecord(client);
      console.log(`  clinical record: ${await clinicalCounts(client)} (${seconds(startedAt)} s)`);
      console.log(`  rebuilding ${secondaryIndexes.length} indexes…`);
      for (const definition of secondaryIndexes) await client.query(definition);
      await checkChartAppointments(client);
      console.log(`  indexes rebuilt, chart visits checked for overlaps (${seconds(startedAt)} s)`);
      // The dashboard counters are kept by triggers, which the bulk load bypassed.
      await client.query('select private.recount_dashboard_tallies()');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    // Fresh statistics and a set visibility map: the plans and index-only scans of a settled production table.
    await cluster.adminPool.query(
      `vacuum (analyze) auth.users, auth.identities, public.members, public.health_profiles, public.appointments, public.programs,
       ${CLINICAL_TABLES.join(', ')}`,
    );
    await loadImmunizations(cluster.adminPool);
    console.log(`Benchmark data loaded into ${dataDir} in ${seconds(startedAt)} s.`);
  } finally {
    await cluster.stop();
  }
}

/**
 * Immunization compliance (scenario immunization-compliance), in its own transaction so that a directory loaded before
 * it gains it once: in each university, Hepatitis B for Medicine and Biology (3 doses, due 60 days after joining), MMR
 * for everyone (2 doses, due in a month), Meningococcal ACWY for years 1 and 2 (due a month ago) and influenza for
 * everyone (due in 10 days). Student n's doses follow n: most have MMR, some a dose under review or rejected, 1 in
 * 50 an MMR exemption, 1 in 97 a pending influenza one. Loaded without triggers; the kept standings are then built as
 * a new requirement builds them (private.refresh_requirement_standings), and the counts the overview reads from them.
 */
async function loadImmunizations(pool: Pool): Promise<void> {
  const universities = UNIVERSITIES.map((u) => u.id);
  const { rows } = await pool.query(
    'select 1 from public.immunization_requirements where university_id = any($1) limit 1',
    [universities],
  );
  if (rows.length > 0) return;
  const startedAt = Date.now();
  await inTransaction(pool, async (client) => {
    await client.query(`set local session_replication_role = replica`);
    await client.query(
      `insert into public.immunization_requirements (id, university_id, name, cvx_codes, doses_required, min_interval_days, due_on,
                                                    due_days_after_joining, departments, years, personal_exemption, created_at, updated_at)
       select md5(u.id::text || r.key)::uuid, u.id, r.name, r.cvx_codes, r.doses, r.interval_days, current_date + r.due_in, r.after_joining,
              r.departments, r.years, r.personal, now() - interval '1 year', now() - interval '1 year'
       from unnest($1::uuid[]) u(id)
       cross join (values
         ('hepb', 'Hepatitis B', '{45,08,43}'::text[], 3, 28, null::integer, 60, '{Medicine,Biology}'::text[], '{}'::smallint[], false),
         ('mmr', 'MMR', '{03}', 2, 28, 30, null, '{}', '{}', true),
         ('menacwy', 'Meningococcal ACWY', '{147,114,136}', 1, 0, -30, null, '{}', '{1,2}', true),
         ('flu', 'Influenza', '{88,141}', 1, 0, 10, null, '{}', '{}', true)
       ) as r(key, name, cvx_codes, doses, interval_days, due_in, after_joining, departments, years, personal)`,
      [universities],
    );
    await client.query(
      `create temporary table bench_immunized on commit drop as
       select m.id, m.university_id, m.department, m.year_of_study, substring(m.email from '^student([0-9]+)@')::integer as n
       from public.members m where m.university_id = any($1) and m.role = 'student'`,
      [universities],
    );
    await client.query(
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, source, review_status, reviewed_at,
                                              reject_reason, created_at)
       select s.university_id, s.id, d.cvx_code, current_date - d.days_ago, 'Family doctor', 'student', d.review,
              case when d.review <> 'pending' then now() - interval '200 days' end,
              case when d.review = 'rejected' then 'The date cannot be read' end, now() - interval '300 days'
       from bench_immunized s
       cross join lateral (values
         ('03', 6000, case when s.n % 10 < 8 then 'approved' end),
         ('03', 5000, case when s.n % 10 < 6 then 'approved' when s.n % 10 = 6 then 'pending' when s.n % 10 = 7 then 'rejected' end),
         ('45', 900, case when s.department in ('Medicine', 'Biology') and s.n % 4 < 3 then 'approved' end),
         ('45', 860, case when s.department in ('Medicine', 'Biology') and s.n % 4 < 2 then 'approved' end),
         ('45', 700, case when s.department in ('Medicine', 'Biology') and s.n % 4 < 2 then 'approved' end),
         ('147', 400, case when s.year_of_study in (1, 2) and s.n % 3 = 0 then 'approved'
                           when s.year_of_study in (1, 2) and s.n % 7 = 1 then 'pending' end),
         ('141', 100, case when s.n % 5 < 2 then 'approved' end)
       ) as d(cvx_code, days_ago, review)
       where d.review is not null`,
    );
    await client.query(
      `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status, reviewed_at, created_at)
       select s.university_id, s.id, md5(s.university_id::text || e.key)::uuid, e.kind, 'A reason of the student''s', e.review,
              case when e.review = 'approved' then now() - interval '100 days' end, now() - interval '120 days'
       from bench_immunized s
       cross join lateral (values ('mmr', 'medical', 'approved', s.n % 50 = 0), ('flu', 'personal', 'pending', s.n % 97 = 0))
         as e(key, kind, review, applies)
       where e.applies`,
    );
    await client.query(
      'select private.refresh_requirement_standings(r.id) from public.immunization_requirements r where r.university_id = any($1)',
      [universities],
    );
    // The counts the overview reads are kept by a trigger on the standings, which the load bypassed.
    await client.query('select private.recount_immunization_tallies()');
  });
  await pool.query(
    'vacuum (analyze) public.immunization_requirements, public.immunization_doses, public.immunization_exemptions, private.immunization_standings, private.immunization_tallies',
  );
  const counts = await pool.query<{ doses: string; standings: string }>(
    'select (select count(*) from public.immunization_doses) as doses, (select count(*) from private.immunization_standings) as standings',
  );
  console.log(
    `  immunizations: ${counts.rows[0].doses} doses, ${counts.rows[0].standings} standings (${seconds(startedAt)} s)`,
  );
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/** The clinical record's tables (20260116000000_clinical_record.sql), all filled by loadClinicalRecord. */
const CLINICAL_TABLES = [
  'public.visits',
  'public.vital_signs',
  'public.diagnoses',
  'public.prescriptions',
  'public.excuse_letters',
  'public.visit_addenda',
];
/** The tables loaded in bulk, whose plain indexes are built after the load. */
const BULK_LOADED_TABLES = ['public.appointments', ...CLINICAL_TABLES];

/**
 * Building an index once over a million rows is several times faster than updating it a million times. Only plain
 * indexes are rebuilt; those behind the primary key and the unique and exclusion constraints stay, and their
 * definitions are read from the catalog, so indexes added by later migrations are handled too.
 */
async function dropSecondaryIndexes(client: PoolClient, tables: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     join pg_namespace n on n.oid = c.relnamespace
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await client.query(`drop index ${name}`);
  return rows.map((row) => row.definition);
}

async function loadUniversity(client: PoolClient, u: UniversitySpec, passwordHash: string): Promise<void> {
  await client.query(
    `insert into public.universities (id, name, email, phone, join_code, created_at)
     values ($1, $2, 'admin@' || $3::text, '+1 555 000 0000', $4, now() - interval '7 years')`,
    [u.id, u.name, u.domain, u.joinCode],
  );

  // People: the university account (super admin), doctors 1..D, students 1..S. Student n's name, department, year
  // and registration number are pure functions of n, so appointments below can repeat them without a join.
  await client.query(
    `create temporary table bench_people on commit drop as
     select md5('admin@' || $1::text)::uuid as id, 'admin@' || $1::text as email, 'admin'::public.member_role as role, true as super,
            null::text as title, $2::text as first_name, ''::text as last_name, null::text as staff_id,
            null::text as specialization, null::text as reg_number, null::text as department, null::smallint as year, 0 as n
     union all
     select md5(format('doctor%s@%s', k, $1::text))::uuid, format('doctor%s@%s', k, $1::text), 'doctor', false, 'Dr',
            ($3::text[])[1 + (k * 7) % 50], ($4::text[])[1 + (k * 11) % 50], format('%s-D%s', $5::text, lpad(k::text, 3, '0')),
            (array['General practice', 'Infectious diseases', 'Immunisation', 'Mental health'])[1 + k % 4],
            null, null, null, k
     from generate_series(1, $6::integer) k
     union all
     select md5(format('student%s@%s', n, $1::text))::uuid, format('student%s@%s', n, $1::text), 'student', false, null,
            ($3::text[])[1 + n % 50], ($4::text[])[1 + (n / 50) % 50], null, null,
            format('%s/%s/%s', $5::text, 2020 + n % 6, lpad(n::text, 6, '0')), ($7::text[])[1 + n % 8], (1 + n % 5)::smallint, n
     from generate_series(1, $8::integer) n`,
    [u.domain, u.name, FIRST_NAMES, LAST_NAMES, u.regPrefix, u.doctors, DEPARTMENTS, u.students],
  );
  await client.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.email, $1,
            now() - interval '1 year', '{"provider":"email","providers":["email"]}', '{}',
            now() - interval '1 year', now() - interval '1 year'
     from bench_people p`,
    [passwordHash],
  );
  await client.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     select p.id::text, p.id, jsonb_build_object('sub', p.id::text, 'email', p.email, 'email_verified', true), 'email',
            now() - interval '1 year', now() - interval '1 year'
     from bench_people p`,
  );
  await client.query(
    `insert into public.members (id, university_id, role, is_super_admin, title, first_name, last_name, email,
                                 staff_id, position, specialization, reg_number, department, year_of_study, created_at, updated_at)
     select p.id, $1::uuid, p.role, p.super, p.title, p.first_name, p.last_name, p.email, p.staff_id,
            case when p.role = 'doctor' then 'Physician' when p.super then 'University account' end,
            p.specialization, p.reg_number, p.department, p.year,
            now() - make_interval(days => 30 + p.n % 2000), now() - make_interval(days => 30 + p.n % 2000)
     from bench_people p`,
    [u.id],
  );
  await client.query(
    `insert into public.health_profiles (student_id, genotype, blood_group, disabled, allergies, bmi)
     select p.id, (array['AA', 'AS', 'AA', 'AC', 'SS', 'AA', 'SC', 'AS'])[1 + p.n % 8],
            (array['O+', 'A+', 'B+', 'O-', 'AB+', 'A-', 'B-', 'O+', 'AB-'])[1 + p.n % 9], p.n % 9 = 0,
            (array['None', 'Penicillin', 'Peanuts', 'None', 'Dust', 'None', 'Lactose'])[1 + p.n % 7],
            round((18.5 + (p.n % 12) * 0.9)::numeric, 1)
     from bench_people p where p.role = 'student'`,
  );
  await client.query(
    `insert into public.programs (university_id, title, description, date, time, location, program_type, created_by, created_at)
     select $1::uuid, format('Health programme %s', k), 'Talks, screening and advice for students.',
            current_date + (k * 30 - 2100), '10:00', 'Student Union Hall', 'Awareness',
            md5(format('doctor%s@%s', 1 + k % $3::integer, $2::text))::uuid, now() - make_interval(days => 2130 - k * 30)
     from generate_series(1, 72) k`,
    [u.id, u.domain, u.doctors],
  );

  // Appointments: ⌈N / days⌉ per day, 30 minutes each from 08:00, spread over the doctors so no doctor is ever
  // double-booked; appointment i goes to student 1 + (i · stride mod S), so no student has two in one day either.
  // Past visits are completed (12% cancelled); the last half hour is ongoing; future ones are scheduled (7%
  // cancelled, 5% not yet assigned to a doctor).
  await client.query(
    `insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department,
                                      reg, year, reason, status, cancel_reason, created_at, updated_at)
     select $1::uuid, md5(format('student%s@%s', s.n, $2::text))::uuid,
            case when a.at > now() and i % 20 = 0 then null
                 else md5(format('doctor%s@%s', 1 + (i % per_day) % $3::integer, $2::text))::uuid end,
            a.at, 30, ($4::text[])[1 + s.n % 50] || ' ' || ($5::text[])[1 + (s.n / 50) % 50], ($6::text[])[1 + s.n % 8],
            format('%s/%s/%s', $7::text, 2020 + s.n % 6, lpad(s.n::text, 6, '0')), (1 + s.n % 5)::smallint,
            ($12::text[])[1 + i % 6],
            st.status::public.appointment_status, st.cancel_reason, least(a.at, now()) - interval '3 days', least(a.at, now())
     from (select ceil($8::numeric / $9::integer)::integer as per_day) d
     cross join generate_series(0, $8::integer - 1) i
     cross join lateral (select (1 + (i::bigint * ${STUDENT_STRIDE}) % $10::integer)::integer as n) s
     cross join lateral (
       select date_trunc('day', now()) + make_interval(days => i / per_day - ($9::integer - $11::integer))
              + interval '8 hours' + ((i % per_day) / $3::integer) * interval '30 minutes' as at
     ) a
     cross join lateral (
       select case when a.at < now() - interval '30 minutes' then case when i % 100 < 12 then 'cancelled' else 'completed' end
                   when a.at <= now() then 'ongoing'
                   when i % 100 < 7 then 'cancelled' else 'scheduled' end as status,
              case when a.at < now() - interval '30 minutes' and i % 100 < 12 then 'Could not attend'
                   when a.at > now() and i % 100 < 7 then 'Rescheduled by the student' end as cancel_reason
     ) st`,
    [
      u.id,
      u.domain,
      u.doctors,
      FIRST_NAMES,
      LAST_NAMES,
      DEPARTMENTS,
      u.regPrefix,
      u.appointments,
      HISTORY_DAYS,
      u.students,
      FUTURE_DAYS,
      REASONS,
    ],
  );
  await client.query('drop table bench_people');
}

/**
 * The chart students' extra visits: chart student k's visit j (both 0-based) is on day 1 + j · G + ⌊k / E⌋ before the
 * load, in evening slot k mod E (E = CHART_EVENING_SLOTS half hours from CHART_EVENING_STARTS_HOUR, G = ⌈students / E⌉
 * days per round), with doctor 1 + (7k + j) mod D. Each (day, slot) holds exactly one chart visit, and the loader books
 * nobody in the evening, so no student and no doctor is ever in two appointments at once; every doctor sees each
 * chart student. Completed, so their visits are made by loadClinicalRecord with everyone else's. The ids are derived
 * from (k, j), and the temporary table bench_chart keeps k and j for the clinical record and the check.
 */
async function loadChartAppointments(client: PoolClient, u: UniversitySpec): Promise<void> {
  const daysPerRound = Math.ceil(CHART_STUDENTS / CHART_EVENING_SLOTS);
  const oldestDay = CHART_VISITS * daysPerRound;
  if (oldestDay >= HISTORY_DAYS - FUTURE_DAYS)
    throw new Error(`Chart visits would reach ${oldestDay} days back, before the history starts`);
  const lastSlotEnds = CHART_EVENING_STARTS_HOUR * 60 + CHART_EVENING_SLOTS * 30;
  if (lastSlotEnds > 24 * 60) throw new Error('Chart visits would run past midnight');
  const numbers = Array.from({ length: CHART_STUDENTS }, (_, k) => chartStudentNumber(k));
  await client.query(
    `create temporary table bench_chart on commit drop as
     select md5(format('chart-visit:%s:%s', k, j))::uuid as appointment_id, k, j, s.n,
            md5(format('student%s@%s', s.n, $2::text))::uuid as student_id,
            md5(format('doctor%s@%s', 1 + (k * 7 + j) % $3::integer, $2::text))::uuid as provider_id,
            date_trunc('day', now()) - make_interval(days => 1 + j * $4::integer + k / $5::integer)
              + make_interval(hours => $6::integer) + (k % $5::integer) * interval '30 minutes' as at
     from generate_series(0, cardinality($1::integer[]) - 1) k
     cross join generate_series(0, $7::integer - 1) j
     cross join lateral (select ($1::integer[])[k + 1] as n) s`,
    [numbers, u.domain, u.doctors, daysPerRound, CHART_EVENING_SLOTS, CHART_EVENING_STARTS_HOUR, CHART_VISITS],
  );
  await client.query(
    `insert into public.appointments (id, university_id, student_id, provider_id, date, duration_minutes, name, department,
                                      reg, year, reason, status, created_at, updated_at)
     select c.appointment_id, $1::uuid, c.student_id, c.provider_id, c.at, 30,
            ($2::text[])[1 + c.n % 50] || ' ' || ($3::text[])[1 + (c.n / 50) % 50], ($4::text[])[1 + c.n % 8],
            format('%s/%s/%s', $5::text, 2020 + c.n % 6, lpad(c.n::text, 6, '0')), (1 + c.n % 5)::smallint,
            ($6::text[])[1 + (c.k + c.j) % 6], 'completed', c.at - interval '3 days', c.at + interval '25 minutes'
     from bench_chart c`,
    [u.id, FIRST_NAMES, LAST_NAMES, DEPARTMENTS, u.regPrefix, REASONS],
  );
}

/** After the indexes are rebuilt: no chart visit overlaps another active or completed appointment of its student or doctor. */
async function checkChartAppointments(client: PoolClient): Promise<void> {
  // Nothing is analysed yet inside the load's transaction: each chart visit looks up its student's and its doctor's
  // appointments of that day by index (appointments last at most 4 hours), never a scan per visit.
  const { rows } = await client.query<{ overlaps: string }>(
    `select count(*) as overlaps
     from bench_chart c
     cross join lateral (
       select 1 from public.appointments a
       where a.student_id = c.student_id and a.date > c.at - interval '4 hours' and a.date < c.at + interval '30 minutes'
         and a.id <> c.appointment_id and a.status <> 'cancelled' and a.date + make_interval(mins => a.duration_minutes) > c.at
       union all
       select 1 from public.appointments a
       where a.provider_id = c.provider_id and a.date > c.at - interval '4 hours' and a.date < c.at + interval '30 minutes'
         and a.id <> c.appointment_id and a.status <> 'cancelled' and a.date + make_interval(mins => a.duration_minutes) > c.at
     ) o`,
  );
  if (rows[0].overlaps !== '0') throw new Error(`${rows[0].overlaps} chart visits overlap another appointment`);
}

interface Prescription {
  drug: string;
  strength: string | null;
  dose: string;
  route: string;
  frequency: string;
  duration: string;
  quantity: string;
  instructions: string;
}

/** What a visit for a reason finds: the note's words, one diagnosis (ICD-10) and perhaps a drug. */
interface Finding {
  description: string;
  icd10: string;
  subjective: string;
  plan: string;
  fever?: boolean;
  prescription?: Prescription;
}

const PARACETAMOL: Prescription = {
  drug: 'Paracetamol',
  strength: '500 mg',
  dose: '2 tablets',
  route: 'oral',
  frequency: 'every 6 hours as needed',
  duration: '3 days',
  quantity: '24 tablets',
  instructions: 'No more than 8 tablets in 24 hours.',
};
const IBUPROFEN: Prescription = {
  drug: 'Ibuprofen',
  strength: '400 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'three times daily',
  duration: '5 days',
  quantity: '15 tablets',
  instructions: 'Take after food. Rest, ice, compression and elevation.',
};
const ARTEMETHER_LUMEFANTRINE: Prescription = {
  drug: 'Artemether/lumefantrine',
  strength: '20 mg/120 mg',
  dose: '4 tablets',
  route: 'oral',
  frequency: 'twice daily',
  duration: '3 days',
  quantity: '24 tablets',
  instructions: 'Take with food or milk. Finish the course even if you feel better.',
};
/** A general clinic's everyday findings: consultations and follow-ups draw from these. */
const CONSULTATION_FINDINGS: Finding[] = [
  {
    description: 'Upper respiratory infection',
    icd10: 'J06.9',
    subjective: 'Sore throat, runny nose and cough for 3 days.',
    plan: 'Symptomatic treatment, fluids and rest.',
    prescription: PARACETAMOL,
  },
  {
    description: 'Gastroenteritis',
    icd10: 'A09',
    subjective: 'Diarrhoea and cramps since yesterday.',
    plan: 'Oral rehydration. Return if there is blood in the stool or drinking is difficult.',
    prescription: {
      drug: 'Oral rehydration salts',
      strength: null,
      dose: '1 sachet in 1 litre of water',
      route: 'oral',
      frequency: 'after each loose stool',
      duration: '2 days',
      quantity: '6 sachets',
      instructions: 'Drink small amounts often.',
    },
  },
  {
    description: 'Generalized anxiety',
    icd10: 'F41.1',
    subjective: 'Worry and poor sleep before exams.',
    plan: 'Referred to the counselling service; sleep hygiene advice.',
  },
  {
    description: 'Headache',
    icd10: 'R51',
    subjective: 'Headaches most afternoons this week.',
    plan: 'Analgesia, fluids and screen breaks.',
    prescription: PARACETAMOL,
  },
  {
    description: 'Urinary tract infection',
    icd10: 'N39.0',
    subjective: 'Burning on urination for 2 days.',
    plan: 'Antibiotic and fluids. Return if fever or back pain.',
    prescription: {
      drug: 'Nitrofurantoin',
      strength: '100 mg',
      dose: '1 capsule',
      route: 'oral',
      frequency: 'twice daily',
      duration: '5 days',
      quantity: '10 capsules',
      instructions: 'Take with food.',
    },
  },
  {
    description: 'Acne vulgaris',
    icd10: 'L70.0',
    subjective: 'Spots on the face for some months.',
    plan: 'Topical treatment; review in 6 weeks.',
    prescription: {
      drug: 'Benzoyl peroxide',
      strength: '5% gel',
      dose: 'thin layer',
      route: 'topical',
      frequency: 'once daily at night',
      duration: '6 weeks',
      quantity: '1 tube',
      instructions: 'Apply to dry skin; keep away from the eyes.',
    },
  },
  {
    description: 'Conjunctivitis',
    icd10: 'H10.9',
    subjective: 'Red, sticky eye since this morning.',
    plan: 'Eye drops; hand hygiene advice.',
    prescription: {
      drug: 'Chloramphenicol eye drops',
      strength: '0.5%',
      dose: '1 drop',
      route: 'eye',
      frequency: 'four times daily',
      duration: '5 days',
      quantity: '1 bottle',
      instructions: 'Wash your hands before and after.',
    },
  },
  {
    description: 'Acute pharyngitis',
    icd10: 'J02.9',
    subjective: 'Painful swallowing and fever.',
    fever: true,
    plan: 'Antibiotic, analgesia and fluids.',
    prescription: {
      drug: 'Azithromycin',
      strength: '500 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'once daily',
      duration: '3 days',
      quantity: '3 tablets',
      instructions: 'Take one hour before food.',
    },
  },
];
const FINDINGS: Record<string, Finding[]> = {
  'Check-up': [
    {
      description: 'General medical examination',
      icd10: 'Z00.0',
      subjective: 'Routine check-up; no complaints.',
      plan: 'No treatment needed. Next check-up in a year.',
    },
  ],
  Malaria: [
    {
      description: 'Uncomplicated malaria',
      icd10: 'B54',
      subjective: 'Fever, chills and headache for 2 days.',
      fever: true,
      plan: 'Antimalarial for 3 days, fluids and rest. Return if vomiting or not better in 48 hours.',
      prescription: ARTEMETHER_LUMEFANTRINE,
    },
    {
      description: 'Plasmodium falciparum malaria',
      icd10: 'B50.9',
      subjective: 'Fever and body aches since yesterday; rapid test positive.',
      fever: true,
      plan: 'Antimalarial for 3 days, fluids and rest.',
      prescription: ARTEMETHER_LUMEFANTRINE,
    },
  ],
  Consultation: CONSULTATION_FINDINGS,
  Vaccination: [
    {
      description: 'Immunization',
      icd10: 'Z23',
      subjective: 'Came for a scheduled vaccine dose.',
      plan: 'Vaccine given; observed for 15 minutes, no reaction.',
    },
  ],
  'Follow-up': CONSULTATION_FINDINGS,
  'Other: Sports injury': [
    {
      description: 'Ankle sprain',
      icd10: 'S93.4',
      subjective: 'Twisted the right ankle playing football.',
      plan: 'Rest, ice, compression, elevation and ibuprofen. Return if unable to bear weight.',
      prescription: IBUPROFEN,
    },
    {
      description: 'Knee sprain',
      icd10: 'S83.6',
      subjective: 'Knee pain after a fall during training.',
      plan: 'Rest, ice, compression, elevation and ibuprofen.',
      prescription: IBUPROFEN,
    },
  ],
};

/**
 * The clinical record of every completed appointment (its signed visit) and every ongoing one (its draft), as the
 * database would hold it had each been started and signed through the API; the chart students' visits get the fullest
 * record. Choices are read from the appointment's random id (bytes of `b`), so they are spread evenly:
 * - the note: chief complaint from the booking reason (as the database's own draft does), then SOAP and sometimes a
 *   follow-up, signed 25 minutes after the start;
 * - vital signs: 90% of visits (every chart visit), within the table's ranges, a student's weight and height stable;
 * - a diagnosis with its ICD-10 code: 86% (every chart visit, a third of them with a second);
 * - a prescription: half of the visits whose finding has a drug (every one of the chart's, a quarter with a second);
 * - an excuse letter: about 2% (each chart student one or two, a tenth of those second letters revoked), with a real
 *   verification code (private.new_letter_code()); an addendum on every tenth chart visit.
 * The university and student of every row are the appointment's; the doctor is the appointment's.
 */
async function loadClinicalRecord(client: PoolClient): Promise<void> {
  const findings = Object.entries(FINDINGS).flatMap(([reason, list]) =>
    list.map((finding, k) => ({
      reason,
      k,
      n: list.length,
      ...finding,
      ...finding.prescription,
      prescription: undefined,
    })),
  );
  const missingReasons = REASONS.filter((reason) => !(reason in FINDINGS));
  if (missingReasons.length > 0) throw new Error(`No findings for ${missingReasons.join(', ')}`);
  await client.query(
    `create temporary table bench_dx on commit drop as
     select row_number() over () as id, f.*
     from jsonb_to_recordset($1::jsonb) as f(reason text, k integer, n integer, description text, icd10 text, subjective text,
                                            plan text, fever boolean, drug text, strength text, dose text, route text,
                                            frequency text, duration text, quantity text, instructions text)`,
    [JSON.stringify(findings)],
  );
  // Foreign keys are not checked with triggers off, nor is the allergy acknowledgement: check both here.
  const { rows: checks } = await client.query<{ unknown_codes: string; allergy_matches: string }>(
    `select (select count(*) from bench_dx d where not exists (select 1 from public.icd10_codes c where c.code = d.icd10)) as unknown_codes,
            (select count(*) from bench_dx d cross join (select distinct allergies from public.health_profiles) h
             where d.drug is not null and cardinality(private.allergy_matches(h.allergies, d.drug)) > 0) as allergy_matches`,
  );
  if (checks[0].unknown_codes !== '0' || checks[0].allergy_matches !== '0') {
    throw new Error(
      `Findings: ${checks[0].unknown_codes} unknown ICD-10 codes, ${checks[0].allergy_matches} drugs matching a recorded allergy`,
    );
  }

  await client.query(
    `create temporary table bench_clinical on commit drop as
     select a.id as appointment_id, gen_random_uuid() as visit_id, a.university_id, a.student_id, a.provider_id as doctor_id,
            a.date, a.reason, a.status = 'completed' as signed, ch.k as chart_student, ch.j as chart_visit, dx.id as dx,
            uuid_send(a.id) as b, uuid_send(a.student_id) as sb
     from public.appointments a
     join bench_dx dx on dx.reason = a.reason and dx.k = get_byte(uuid_send(a.id), 0) % dx.n
     left join bench_chart ch on ch.appointment_id = a.id
     where a.status in ('completed', 'ongoing')`,
  );
  const { rows: coverage } = await client.query<{ started: string; covered: string; unassigned: string }>(
    `select (select count(*) from public.appointments where status in ('completed', 'ongoing')) as started,
            (select count(*) from bench_clinical) as covered,
            (select count(*) from bench_clinical where doctor_id is null) as unassigned`,
  );
  if (coverage[0].started !== coverage[0].covered || coverage[0].unassigned !== '0') {
    throw new Error(
      `Clinical record: ${coverage[0].covered} of ${coverage[0].started} started appointments covered, ${coverage[0].unassigned} without a doctor`,
    );
  }

  await client.query(
    `insert into public.visits (id, appointment_id, university_id, student_id, doctor_id, status, chief_complaint, subjective,
                                objective, assessment, plan, follow_up, signed_at, created_at, updated_at)
     select c.visit_id, c.appointment_id, c.university_id, c.student_id, c.doctor_id,
            case when c.signed then 'signed' else 'draft' end::public.visit_status,
            nullif(regexp_replace(c.reason, '^Other: ', ''), 'Other'),
            case when c.signed then dx.subjective end,
            case when c.signed then 'Alert and well hydrated. Vital signs as recorded.' end,
            case when c.signed then dx.description end,
            case when c.signed then dx.plan end,
            case when c.signed and get_byte(c.b, 1) % 4 = 0 then 'Review in a week if not better.' end,
            case when c.signed then c.date + interval '25 minutes' end,
            c.date, case when c.signed then c.date + interval '25 minutes' else c.date end
     from bench_clinical c join bench_dx dx on dx.id = c.dx`,
  );
  await client.query(
    `insert into public.vital_signs (visit_id, university_id, student_id, recorded_at, temperature_c, systolic_mmhg,
                                     diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm)
     select c.visit_id, c.university_id, c.student_id, c.date + interval '5 minutes',
            case when dx.fever then 37.8 + (get_byte(c.b, 3) % 16) / 10.0 else 36.3 + (get_byte(c.b, 3) % 9) / 10.0 end,
            100 + get_byte(c.b, 4) % 40, 62 + get_byte(c.b, 5) % 26,
            case when dx.fever then 88 + get_byte(c.b, 10) % 20 else 60 + get_byte(c.b, 10) % 35 end,
            12 + get_byte(c.b, 11) % 8, 95 + get_byte(c.b, 12) % 6,
            case when c.chart_visit is not null or get_byte(c.b, 14) >= 80
                 then 50 + get_byte(c.sb, 0) % 40 + (get_byte(c.b, 13) % 5 - 2) * 0.5 end,
            case when c.chart_visit is not null or get_byte(c.b, 14) >= 80 then 152 + get_byte(c.sb, 1) % 40 end
     from bench_clinical c join bench_dx dx on dx.id = c.dx
     where c.signed and (c.chart_visit is not null or get_byte(c.b, 2) < 230)`,
  );
  await client.query(
    `insert into public.diagnoses (visit_id, university_id, description, icd10_code, created_at)
     select c.visit_id, c.university_id, dx.description, dx.icd10, c.date + interval '15 minutes'
     from bench_clinical c join bench_dx dx on dx.id = c.dx
     where c.signed and (c.chart_visit is not null or get_byte(c.b, 15) < 220)
     union all
     select c.visit_id, c.university_id, 'Issue of medical certificate', 'Z02.7', c.date + interval '16 minutes'
     from bench_clinical c
     where c.signed and c.chart_visit % 3 = 0`,
  );
  await client.query(
    `insert into public.prescriptions (visit_id, university_id, student_id, drug, strength, dose, route, frequency, duration,
                                       quantity, instructions, created_at, updated_at)
     select c.visit_id, c.university_id, c.student_id, dx.drug, dx.strength, dx.dose, dx.route, dx.frequency, dx.duration,
            dx.quantity, dx.instructions, c.date + interval '20 minutes', c.date + interval '20 minutes'
     from bench_clinical c join bench_dx dx on dx.id = c.dx
     where c.signed and dx.drug is not null and (c.chart_visit is not null or get_byte(uuid_send(c.visit_id), 0) < 128)
     union all
     select c.visit_id, c.university_id, c.student_id, $1, $2, $3, $4, $5, $6, $7, $8,
            c.date + interval '21 minutes', c.date + interval '21 minutes'
     from bench_clinical c join bench_dx dx on dx.id = c.dx
     where c.signed and c.chart_visit % 4 = 0 and dx.drug is distinct from $1`,
    [
      PARACETAMOL.drug,
      PARACETAMOL.strength,
      PARACETAMOL.dose,
      PARACETAMOL.route,
      PARACETAMOL.frequency,
      PARACETAMOL.duration,
      PARACETAMOL.quantity,
      PARACETAMOL.instructions,
    ],
  );
  await client.query(
    `insert into public.excuse_letters (visit_id, university_id, student_id, starts_on, ends_on, verification_code, issued_by,
                                        issued_at, revoked_at, revoked_by, revoke_reason)
     select c.visit_id, c.university_id, c.student_id, c.date::date, c.date::date + 1 + get_byte(uuid_send(c.visit_id), 2) % 3,
            private.new_letter_code(), c.doctor_id, c.date + interval '22 minutes',
            case when revoked then c.date + interval '2 days' end, case when revoked then c.doctor_id end,
            case when revoked then 'Issued with the wrong dates' end
     from bench_clinical c
     cross join lateral (select c.chart_visit = 30 and c.chart_student % 10 = 0 as revoked) r
     where c.signed
       and (c.chart_visit = 5 or (c.chart_visit = 30 and c.chart_student % 2 = 0)
            or (c.chart_visit is null and get_byte(uuid_send(c.visit_id), 1) < 6))`,
  );
  await client.query(
    `insert into public.visit_addenda (visit_id, university_id, student_id, author_id, text, created_at)
     select c.visit_id, c.university_id, c.student_id, c.doctor_id,
            'Test results reviewed by phone: within normal limits. No change to the plan.', c.date + interval '2 days'
     from bench_clinical c
     where c.signed and c.chart_visit % 10 = 7`,
  );
}

async function clinicalCounts(client: PoolClient): Promise<string> {
  const { rows } = await client.query<{ counts: string[] }>(
    `select array[${CLINICAL_TABLES.map((table) => `(select count(*) from ${table})::text`).join(', ')}] as counts`,
  );
  return CLINICAL_TABLES.map(
    (table, i) => `${Number(rows[0].counts[i]).toLocaleString('en')} ${table.replace('public.', '')}`,
  ).join(', ');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
