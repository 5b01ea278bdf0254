/**
 * `npm run bench:data`: a separate PostgreSQL cluster (default `.bench-data/`, env CAMPUSCARE_BENCH_DATA_DIR) with the
 * schema migrated and one large university (100,000 students with health profiles, 40 doctors, 1,000,000
 * appointments over six years) plus a small second one. Everything is generated inside PostgreSQL with
 * generate_series, in one transaction, so a failed load leaves nothing behind. A loaded directory is reused as is.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolClient } from 'pg';
import { createLogger } from '../../server/src/logger';
import { startCluster } from '../../server/src/postgres/cluster';
import { migrate } from '../../server/src/postgres/migrate';
import { freePort } from '../../server/src/ports';
import { loadOrCreateSecrets } from '../../server/src/secrets';
import { REPO_ROOT } from '../../server/src/stack';
import {
  BIG_UNIVERSITY,
  FIRST_NAMES,
  FUTURE_DAYS,
  HISTORY_DAYS,
  LAST_NAMES,
  UNIVERSITIES,
  benchDataDir,
  type UniversitySpec,
} from './dataset';

/** Every benchmark account's password, so a person can also sign in to the loaded data and look around. */
const BENCH_PASSWORD = 'CampusCare2026';
const DEPARTMENTS = ['Computer Science', 'Medicine', 'Law', 'Economics', 'Mechanical Engineering', 'Biology', 'Accounting', 'Architecture'];
/** Multiplier coprime with every student count: consecutive appointments of a day go to distinct students. */
const STUDENT_STRIDE = 7919;

async function main(): Promise<void> {
  const dataDir = benchDataDir();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir);
  const cluster = await startCluster({ dataDir, port: await freePort(), superuserPassword: secrets.superuserPassword, logger });
  try {
    await migrate({
      pool: cluster.adminPool,
      supabaseDir: join(REPO_ROOT, 'supabase'),
      authenticatorPassword: secrets.authenticatorPassword,
      runSeed: false,
      logger,
    });
    const { rows } = await cluster.adminPool.query('select 1 from public.universities where id = $1', [BIG_UNIVERSITY.id]);
    if (rows.length > 0) {
      console.log(`Benchmark data already loaded in ${dataDir} (delete that directory to load it again).`);
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
      const secondaryIndexes = await dropSecondaryAppointmentIndexes(client);
      const passwordHash = (
        await client.query<{ hash: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', 10)) as hash`, [BENCH_PASSWORD])
      ).rows[0].hash;
      for (const university of UNIVERSITIES) {
        await loadUniversity(client, university, passwordHash);
        console.log(`  ${university.name}: ${university.students} students, ${university.doctors} doctors, ${university.appointments} appointments (${seconds(startedAt)} s)`);
      }
      console.log(`  rebuilding ${secondaryIndexes.length} appointment indexes…`);
      for (const definition of secondaryIndexes) await client.query(definition);
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
    await cluster.adminPool.query('vacuum (analyze) auth.users, auth.identities, public.members, public.health_profiles, public.appointments, public.programs');
    console.log(`Benchmark data loaded into ${dataDir} in ${seconds(startedAt)} s.`);
  } finally {
    await cluster.stop();
  }
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/**
 * Building an index once over a million rows is several times faster than updating it a million times. Only plain
 * indexes are rebuilt; those behind the primary key and the exclusion constraints stay, and their definitions are read
 * from the catalog, so indexes added by later migrations are handled too.
 */
async function dropSecondaryAppointmentIndexes(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     where i.indrelid = 'public.appointments'::regclass
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const { name } of rows) await client.query(`drop index public.${quoteIdent(name)}`);
  return rows.map((row) => row.definition);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
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
            (array['Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other: Sports injury'])[1 + i % 6],
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
    [u.id, u.domain, u.doctors, FIRST_NAMES, LAST_NAMES, DEPARTMENTS, u.regPrefix, u.appointments, HISTORY_DAYS, u.students, FUTURE_DAYS],
  );
  await client.query('drop table bench_people');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
