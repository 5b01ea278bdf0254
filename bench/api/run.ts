/**
 * `npm run bench:api`: starts the whole stack on the benchmark data (`npm run bench:data` first), then measures the
 * API through the gateway (`/rest/v1`) and straight against PostgREST with the same JWTs, in two modes:
 *
 * - closed loop: for each scenario, a fixed number of connections each sending as soon as its answer is in
 *   (autocannon, load.ts), alternating direct/gateway; req/s, p50/p95/p99, errors, the gateway/direct ratio and where
 *   the CPU went (cpu.ts: each part of the stack, and other processes on the machine). The
 *   scenarios (scenarios.ts): a doctor's day, the admin search, a student's past appointments, the dashboard counts,
 *   booking, the booking form's free slots (one doctor, any doctor), a doctor opening the patient chart of a student
 *   with 50 signed visits (`open_patient_chart`) and the admins' immunization compliance overview of the 100,000
 *   students (`immunization_compliance`; the slots, the chart and the overview at 10 connections). Then a
 *   second gateway process joins the same database (scale-out mode) and a read and booking are measured
 *   through one gateway and split across both at the same total connections. Then the query plans each scenario runs
 *   as its user.
 * - open loop (open-loop.ts): a mix of the screens' requests offered at a fixed rate on a schedule, latency
 *   from each request's scheduled send time, overall and per kind; then each target's capacity, the highest offered
 *   rate whose p95 stays within 50 ms.
 * - roster (roster.ts): importing 20,000 students and exporting 100,000 as CSV, end to end through the gateway.
 *
 * Results go to bench/results/latest.md.
 *
 * Env: CAMPUSCARE_BENCH_DATA_DIR (default .bench-data), BENCH_MODES (`closed`, `open`, `roster`, comma-separated; default
 * all), BENCH_ROUNDS (direct/gateway pairs per measurement, both modes, default 2), BENCH_POSTGREST_POOL (PostgREST's
 * pool size, default the stack's), BENCH_MAIL (`on`: the gateway's mail worker delivers the bookings' emails, as
 * `npm start` does; default `off`, as beside `npm run worker`), BENCH_RESULTS (output file).
 * Closed loop: BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (default 50), BENCH_SCENARIOS
 * (comma-separated subset).
 * Open loop: BENCH_OPEN_RATE (offered req/s, default 200, the goal's rate), BENCH_OPEN_SECONDS (per measurement at that
 * rate, default 10), BENCH_OPEN_MIX (`scenario:weight,…`, default open-loop.ts DEFAULT_MIX), BENCH_OPEN_CONNECTIONS
 * (keep-alive connections per load generator, default 100), BENCH_OPEN_STEP_SECONDS (per capacity step, default 5),
 * BENCH_OPEN_STEPS (capacity steps per target after the first, at most; default 5, 0 skips the search).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Pool } from 'pg';
import { freePort } from '../../server/src/ports';
import { loadOrCreateSecrets } from '../../server/src/secrets';
import { REPO_ROOT, startStack, type Stack } from '../../server/src/stack';
import { checkBookings, deleteBenchBookings, settleReminderBacklog, type BookingCheck } from './bookings';
import { readIntoPageCache, type PageCacheWarmUp } from './pageCache';
import { CPU_GROUPS, addCpuSpan, cpuCores, cpuMsPerRequest, emptyCpuUsage, sampleCpu, type CpuUsage } from './cpu';
import { BIG_UNIVERSITY, BOOKING_WINDOW_START_DAYS, benchDataDir, doctorId } from './dataset';
import { explainScenario } from './explain';
import { runGeneratorProcess } from './generator-process';
import type { LoadJob, LoadResult } from './load';
import {
  DEFAULT_MIX,
  OPEN_LOOP_GOAL,
  parseMix,
  renderOpenLoopSection,
  renderOpenLoopTables,
  runOpenLoop,
  type OpenLoopOptions,
  type OpenLoopRun,
} from './open-loop';
import { renderRosterSection, runRosterBench } from './roster';
import {
  SCENARIOS,
  benchSessionId,
  isScenarioName,
  probeScenario,
  type ScenarioContext,
  type ScenarioName,
  type Target,
} from './scenarios';
import {
  addRun,
  concurrentRuns,
  emptyMeasurement,
  latencyCells,
  progressLine,
  summarise,
  type Measurement,
  type Summary,
} from './stats';

/** All connections to the first gateway, or half to each of two gateway processes. */
type Gateways = 'one' | 'two';

const MODES = ['closed', 'open', 'roster'] as const;
type Mode = (typeof MODES)[number];

interface ScenarioResult {
  scenario: ScenarioName;
  probe: string;
  byTarget: Record<Target, Measurement>;
  /** Where the CPU went during the measured runs (not the warm-ups), per target. */
  cpu: Record<Target, CpuUsage>;
  /** Booking only: what the database holds afterwards. */
  bookingCheck?: BookingCheck;
}

interface ComparisonResult {
  scenario: ScenarioName;
  connections: number;
  byGateways: Record<Gateways, Measurement>;
  bookingCheck?: BookingCheck;
}

interface ClosedLoopKnobs {
  scenarios: ScenarioName[];
  seconds: number;
  rounds: number;
  connections: number;
}

interface ClosedLoopRun {
  knobs: ClosedLoopKnobs;
  results: ScenarioResult[];
  comparisons: ComparisonResult[];
  plans: { scenario: ScenarioName; plan: string }[];
}

/** What each scenario must reach: p95 in ms, and booking throughput. */
const GOALS: Record<ScenarioName, { p95Ms: number; minRps?: number }> = {
  'doctor-day': { p95Ms: 25 },
  'admin-search': { p95Ms: 25 },
  'student-own': { p95Ms: 25 },
  'dashboard-counts': { p95Ms: 50 },
  'book-appointment': { p95Ms: Number.POSITIVE_INFINITY, minRps: 300 },
  'slots-doctor-week': { p95Ms: 50 },
  'slots-any-week': { p95Ms: 100 },
  // A doctor opens a chart between patients: it must feel instant even for a student with 50 visits.
  'patient-chart': { p95Ms: 50 },
  // The admins' overview of a university of 100,000 students, read committed (the issue's goal).
  'immunization-compliance': { p95Ms: 100 },
};
/**
 * The booking form's slot lookups are measured at a realistic offered load, not at saturation: a student opens the
 * form once per booking, so 10 concurrent lookups stand for far more than the bookings measured above.
 */
const SCENARIO_CONNECTIONS: Partial<Record<ScenarioName, number>> = {
  'slots-doctor-week': 10,
  'slots-any-week': 10,
  // Forty doctors each opening a chart between patients: 10 at once is already a busy clinic.
  'patient-chart': 10,
  // Registrars and deans opening the overview: 10 at once is already the start of a term.
  'immunization-compliance': 10,
};
const MIN_GATEWAY_RATIO = 0.9;
/**
 * Measured through one and two gateways: a read served at a high rate, where the gateway's share of the CPU
 * is large, and booking, where the database's is.
 */
const COMPARED_SCENARIOS: readonly ScenarioName[] = ['student-own', 'book-appointment'];
const WARM_UP_SECONDS = 2;

const env = (name: string, fallback: number, { allowZero = false } = {}) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
};

function modesFromEnv(): Set<Mode> {
  const names = (process.env.BENCH_MODES ?? MODES.join(',')).split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(MODES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_MODES: unknown ${JSON.stringify(unknown)}; known: ${MODES.join(', ')}`);
  return new Set(names as Mode[]);
}

function mailFromEnv(): boolean {
  const value = process.env.BENCH_MAIL ?? 'off';
  if (value !== 'on' && value !== 'off') throw new Error('BENCH_MAIL must be on or off');
  return value === 'on';
}

async function main(): Promise<void> {
  const dataDir = benchDataDir();
  if (!existsSync(join(dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`No benchmark database in ${dataDir}: run \`npm run bench:data\` first.`);
  }
  const modes = modesFromEnv();
  const mailOn = mailFromEnv();
  const seconds = env('BENCH_SECONDS', 10);
  const rounds = env('BENCH_ROUNDS', 2);
  const connections = env('BENCH_CONNECTIONS', 50);
  const scenarios = process.env.BENCH_SCENARIOS
    ? process.env.BENCH_SCENARIOS.split(',').map((name) => {
        if (!isScenarioName(name)) throw new Error(`Unknown scenario ${name}; known: ${SCENARIOS.join(', ')}`);
        return name;
      })
    : [...SCENARIOS];
  const openLoopOptions: OpenLoopOptions = {
    ratePerSecond: env('BENCH_OPEN_RATE', OPEN_LOOP_GOAL.ratePerSecond),
    seconds: env('BENCH_OPEN_SECONDS', 10),
    rounds,
    mix: parseMix(process.env.BENCH_OPEN_MIX ?? DEFAULT_MIX),
    connections: env('BENCH_OPEN_CONNECTIONS', 100),
    stepSeconds: env('BENCH_OPEN_STEP_SECONDS', 5),
    maxSteps: env('BENCH_OPEN_STEPS', 5, { allowZero: true }),
  };
  const resultsFile = resolve(process.env.BENCH_RESULTS ?? join(REPO_ROOT, 'bench', 'results', 'latest.md'));
  // What else the machine is doing, before anything of the benchmark runs: part of how to read its numbers.
  const loadBefore = loadavg();
  const systemCallMicros = systemCallMicroseconds();
  const warmUp = await readIntoPageCache(join(dataDir, 'pg'));
  console.log(
    `the database's ${warmUp.files} files (${(warmUp.bytes / 2 ** 30).toFixed(1)} GiB) read into the page cache in ${warmUp.seconds.toFixed(1)} s`,
  );

  const port = await freePort();
  // Chosen here so the second gateway can be given the cluster's address as its DATABASE_URL.
  const pgPort = await freePort();
  const stack = await startStack({
    dataDir,
    port,
    pgPort,
    host: '127.0.0.1',
    seed: false,
    // Off by default, as with `npm run worker` beside the gateways: the mail worker's CPU would be charged to whichever
    // target was measured while it delivered. The bench's emails are deleted with its bookings either way.
    deliverEmail: mailOn,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    ...(process.env.BENCH_POSTGREST_POOL ? { postgrestPoolSize: env('BENCH_POSTGREST_POOL', 20) } : {}),
  });
  try {
    const loaded = await stack.adminPool.query('select 1 from public.universities where id = $1', [BIG_UNIVERSITY.id]);
    if (loaded.rows.length === 0)
      throw new Error(`${dataDir} holds no benchmark data: run \`npm run bench:data\` first.`);
    // The loader writes rows with triggers off, so the universities' default clinics may be missing.
    await stack.adminPool.query('select private.create_default_clinic(u.id) from public.universities u');
    if (mailOn)
      console.log(`mail on: ${await settleReminderBacklog(stack.adminPool)} reminders queued and marked delivered`);
    const { rows } = await stack.adminPool.query<{
      today: Date;
      window_start: Date;
      week_from: string;
      week_to: string;
    }>(
      `select date_trunc('day', now() at time zone 'utc') at time zone 'utc' as today,
              date_trunc('week', (now() at time zone 'utc') + make_interval(days => $1)) at time zone 'utc' as window_start,
              to_char(date_trunc('week', now() + interval '7 days'), 'YYYY-MM-DD') as week_from,
              to_char(date_trunc('week', now() + interval '7 days') + interval '6 days', 'YYYY-MM-DD') as week_to`,
      [BOOKING_WINDOW_START_DAYS],
    );
    const context: ScenarioContext = {
      jwtSecret: stack.jwtSecret,
      issuer: `${stack.url}/auth/v1`,
      todayIso: rows[0].today.toISOString(),
      bookingWindowStartIso: rows[0].window_start.toISOString(),
      slotWeek: { from: rows[0].week_from, to: rows[0].week_to },
    };
    await deleteBenchBookings(stack.adminPool, context);
    await createBenchSessions(stack.adminPool);
    const gateCost = await measureRequestGate(stack.adminPool);
    console.log(`request gate (gate.check_request): ${gateCost}`);

    const targets: Record<Target, string> = { direct: stack.postgrestUrl, gateway: `${stack.url}/rest/v1` };
    const closedLoop = modes.has('closed')
      ? await runClosedLoop({
          stack,
          context,
          dataDir,
          pgPort,
          targets,
          knobs: { scenarios, seconds, rounds, connections },
        })
      : undefined;
    const openLoop = modes.has('open')
      ? await runOpenLoop({
          pool: stack.adminPool,
          restUrls: targets,
          apiKey: stack.anonKey,
          context,
          options: openLoopOptions,
        })
      : undefined;

    const roster = modes.has('roster')
      ? await runRosterBench({ pool: stack.adminPool, baseUrl: stack.url, apiKey: stack.anonKey, context })
      : undefined;

    const machine = await describeMachine(stack, loadBefore, systemCallMicros, warmUp, mailOn);
    const report = `${renderReport({ closedLoop, openLoop, machine, gateCost })}${roster ? renderRosterSection(roster) : ''}`;
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, report);
    const tables = [
      ...(closedLoop ? [renderTable(closedLoop.results)] : []),
      ...(closedLoop && closedLoop.comparisons.length > 0 ? [renderComparisonTable(closedLoop.comparisons)] : []),
      ...(openLoop ? [renderOpenLoopTables(openLoop)] : []),
    ];
    console.log(`\n${tables.join('\n\n')}\n\nFull report: ${resultsFile}`);
  } finally {
    await deleteBenchBookings(stack.adminPool, undefined).catch((error: unknown) =>
      console.error('cleanup failed', error),
    );
    await stack.stop();
  }
}

/** The closed loop: every scenario at a fixed number of connections, then one gateway or two, then the query plans. */
async function runClosedLoop(input: {
  stack: Stack;
  context: ScenarioContext;
  dataDir: string;
  pgPort: number;
  targets: Record<Target, string>;
  knobs: ClosedLoopKnobs;
}): Promise<ClosedLoopRun> {
  const { stack, context, dataDir, pgPort, targets, knobs } = input;
  const { scenarios, seconds, rounds, connections } = knobs;
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    // Numbered per scenario: booking n's slot depends on n, and must stay inside the one-year booking window.
    const nextRequest = { value: 0 };
    console.log(`\n▶ ${scenario}`);
    const probe = await probeScenario(targets.gateway, stack.anonKey, scenario, context);
    console.log(`  probe: ${probe}`);
    const cpu: Record<Target, CpuUsage> = { direct: emptyCpuUsage(), gateway: emptyCpuUsage() };
    const run = async (target: Target, durationSeconds: number, measured: boolean): Promise<LoadResult[]> => {
      const before = sampleCpu();
      const result = await runLoad({
        scenario,
        baseUrl: targets[target],
        apiKey: stack.anonKey,
        connections: SCENARIO_CONNECTIONS[scenario] ?? connections,
        durationSeconds,
        firstRequest: nextRequest.value,
        context,
      });
      if (measured) addCpuSpan(cpu[target], before, sampleCpu());
      nextRequest.value += result.requestsBuilt;
      return [result];
    };
    const byTarget = await warmUpThenAlternate(['direct', 'gateway'], { rounds, seconds, indent: '  ' }, run);
    const result: ScenarioResult = { scenario, probe, byTarget, cpu };
    if (scenario === 'book-appointment') {
      result.bookingCheck = await checkBookings(stack.adminPool, context);
      console.log(`  ${result.bookingCheck.summary}`);
    }
    results.push(result);
  }

  const comparisons: ComparisonResult[] = [];
  const compared = scenarios.filter((scenario) => COMPARED_SCENARIOS.includes(scenario));
  if (compared.length > 0) {
    console.log('\n▶ one gateway or two on the same database');
    const second = await startSecondGateway(dataDir, pgPort, stack.url);
    try {
      const gatewayUrls: Record<Gateways, string[]> = { one: [stack.url], two: [stack.url, second.url] };
      for (const scenario of compared) {
        console.log(`  ${scenario}`);
        // Booking starts again from an empty window, as in its own measurement above: the same slots, well inside the
        // one-year limit however fast the two runs book.
        if (scenario === 'book-appointment') await deleteBenchBookings(stack.adminPool, context);
        const nextRequest = { value: 0 };
        const total = SCENARIO_CONNECTIONS[scenario] ?? connections;
        // One load generator per gateway, at once, sharing the total connections and taking turns at request numbers.
        const run = async (gateways: Gateways, durationSeconds: number): Promise<LoadResult[]> => {
          const urls = gatewayUrls[gateways];
          const first = nextRequest.value;
          const loads = await Promise.all(
            urls.map((url, i) =>
              runLoad({
                scenario,
                baseUrl: `${url}/rest/v1`,
                apiKey: stack.anonKey,
                connections: Math.ceil((total - i) / urls.length),
                durationSeconds,
                firstRequest: first + i,
                stride: urls.length,
                context,
              }),
            ),
          );
          nextRequest.value = first + urls.length * Math.max(...loads.map((load) => load.requestsBuilt));
          return loads;
        };
        const byGateways = await warmUpThenAlternate(['one', 'two'], { rounds, seconds, indent: '    ' }, run);
        const comparison: ComparisonResult = { scenario, connections: total, byGateways };
        if (scenario === 'book-appointment') {
          comparison.bookingCheck = await checkBookings(stack.adminPool, context);
          console.log(`    ${comparison.bookingCheck.summary}`);
        }
        comparisons.push(comparison);
      }
    } finally {
      await second.stop();
    }
  }

  console.log('\nQuery plans (as each request’s user)…');
  const plans: { scenario: ScenarioName; plan: string }[] = [];
  for (const scenario of scenarios)
    plans.push({ scenario, plan: await explainScenario(stack.adminPool, scenario, context) });
  return { knobs, results, comparisons, plans };
}

/**
 * Adds one measurement to `into`: the results of the load generators that ran at the same time (one, or one per
 * gateway), so their requests add up over the same seconds. Returns a line for the console.
 */
/**
 * A warm-up of each side, then `rounds` × every side in turn, each run recorded under its side and printed. A run is
 * one or more loads sent at once.
 */
async function warmUpThenAlternate<Side extends string>(
  sides: readonly Side[],
  { rounds, seconds, indent }: { rounds: number; seconds: number; indent: string },
  run: (side: Side, durationSeconds: number, measured: boolean) => Promise<LoadResult[]>,
): Promise<Record<Side, Measurement>> {
  for (const side of sides) await run(side, WARM_UP_SECONDS, false);
  const bySide = Object.fromEntries(sides.map((side) => [side, emptyMeasurement()])) as Record<Side, Measurement>;
  for (let round = 0; round < rounds; round++) {
    for (const side of sides)
      console.log(`${indent}${side.padEnd(7)} ${record(bySide[side], await run(side, seconds, true))}`);
  }
  return bySide;
}

function record(into: Measurement, loads: LoadResult[]): string {
  const together = concurrentRuns(
    loads.map((load) => ({
      requests: load.latenciesMs.length,
      seconds: load.seconds,
      latenciesMs: load.latenciesMs,
      errors: load.errors,
      errorSamples: load.errorSamples,
    })),
  );
  addRun(into, together);
  return progressLine(summarise(together));
}

interface SecondGateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second gateway as docs/deploy.md deploys one: `server/src/main.ts` in its own process with its own PostgREST, on
 * the bench cluster through DATABASE_URL, with the stack's secrets so it accepts the same tokens. Like the first, it
 * sends no mail (EMAIL_DELIVERY=worker), and it shares the first's storage directory.
 */
async function startSecondGateway(dataDir: string, pgPort: number, publicUrl: string): Promise<SecondGateway> {
  const secrets = loadOrCreateSecrets(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Not detached: Ctrl-C on the benchmark reaches it (and its PostgREST) too, and main.ts shuts down on it.
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: `postgresql://postgres:${encodeURIComponent(secrets.superuserPassword)}@127.0.0.1:${pgPort}/postgres`,
      JWT_SECRET: secrets.jwtSecret,
      ANON_KEY: secrets.anonKey,
      SERVICE_ROLE_KEY: secrets.serviceRoleKey,
      AUTHENTICATOR_PASSWORD: secrets.authenticatorPassword,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Every gateway of a deployment has the same origin: it is the tokens' issuer and the database's site URL.
      PUBLIC_URL: publicUrl,
      // Nothing is kept there on an external database; set so that start-up does not create .data in the repository.
      CAMPUSCARE_DATA_DIR: dataDir,
      STORAGE_DIR: dataDir,
      EMAIL_DELIVERY: 'worker',
      SEED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The second gateway exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/auth/v1/health`, { headers: { apikey: secrets.anonKey } })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, stop };
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
  }
  await stop();
  throw new Error(`The second gateway did not answer within 120 s:\n${output}`);
}

/** One closed-loop measurement: autocannon in its own process (load.ts). */
function runLoad(job: LoadJob): Promise<LoadResult> {
  return runGeneratorProcess<LoadResult>(join(__dirname, 'load.ts'), job);
}

/**
 * The request gate refuses tokens without a live session: one per benchmark user, ids as scenarios.ts mints them.
 * Made afresh on every run: a session ends after its idle limit (staff 15 minutes by default) counted from its
 * creation, so one left by an earlier run on the same data would be refused.
 */
async function createBenchSessions(pool: Pool): Promise<void> {
  const benchSessions = `select md5('bench-session:' || u.id::text)::uuid as id, u.id as user_id from auth.users u`;
  await pool.query(`delete from auth.sessions where id in (select id from (${benchSessions}) bench)`);
  await pool.query(`insert into auth.sessions (id, user_id) ${benchSessions}`);
}

/**
 * What the request gate adds to every API request, measured inside PostgreSQL as a doctor with a live session: the
 * mean time of the pre-request call PostgREST makes, against the same loop doing nothing.
 */
async function measureRequestGate(pool: Pool): Promise<string> {
  const doctor = doctorId(BIG_UNIVERSITY, 1);
  const claims = JSON.stringify({
    role: 'authenticated',
    aud: 'authenticated',
    sub: doctor,
    session_id: benchSessionId(doctor),
  });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.method', 'GET', true),
                               set_config('request.path', '/appointments', true)`,
      [claims],
    );
    await client.query('set local role authenticated');
    const calls = 20_000;
    // The DO block runs as the doctor and hands its result back through transaction-local settings.
    await client.query(`do $$
      declare t0 timestamptz; t1 timestamptz; t2 timestamptz;
      begin
        t0 := clock_timestamp();
        for i in 1..${calls} loop perform gate.check_request(); end loop;
        t1 := clock_timestamp();
        for i in 1..${calls} loop perform 1; end loop;
        t2 := clock_timestamp();
        perform set_config('bench.gate_us', (extract(epoch from t1 - t0) * 1e6 / ${calls})::text, true);
        perform set_config('bench.empty_us', (extract(epoch from t2 - t1) * 1e6 / ${calls})::text, true);
      end $$`);
    const measured = await client.query<{ gate_us: number; empty_us: number }>(
      `select current_setting('bench.gate_us')::float8 as gate_us, current_setting('bench.empty_us')::float8 as empty_us`,
    );
    await client.query('rollback');
    const { gate_us: gateUs, empty_us: emptyUs } = measured.rows[0];
    return `${(gateUs - emptyUs).toFixed(1)} µs of database time per request (mean of ${calls.toLocaleString('en')} calls)`;
  } finally {
    client.release();
  }
}

function verdict(result: ScenarioResult): string {
  const goal = GOALS[result.scenario];
  const gateway = summarise(result.byTarget.gateway);
  const direct = summarise(result.byTarget.direct);
  const misses: string[] = [];
  if (gateway.p95 > goal.p95Ms) misses.push(`p95 > ${goal.p95Ms} ms`);
  if (goal.minRps !== undefined && gateway.rps < goal.minRps) misses.push(`< ${goal.minRps} req/s`);
  if (gateway.rps < MIN_GATEWAY_RATIO * direct.rps) misses.push(`gateway < ${MIN_GATEWAY_RATIO} × direct`);
  if (gateway.errors + direct.errors > 0) misses.push('errors');
  if (result.bookingCheck !== undefined && !result.bookingCheck.clean) misses.push('double booking');
  return misses.length === 0 ? 'meets' : `misses: ${misses.join(', ')}`;
}

function renderTable(results: ScenarioResult[]): string {
  const lines = [
    '| scenario | target | req/s | p50 ms | p95 ms | p99 ms | errors | gateway/direct | goal |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const result of results) {
    const direct = summarise(result.byTarget.direct);
    const gateway = summarise(result.byTarget.gateway);
    const row = (target: Target, s: Summary, ratio: string, goal: string) =>
      `| ${result.scenario} | ${target} | ${s.rps.toFixed(0)} | ${latencyCells(s)} | ${s.errors} | ${ratio} | ${goal} |`;
    lines.push(row('direct', direct, '', ''));
    lines.push(row('gateway', gateway, (gateway.rps / direct.rps).toFixed(2), verdict(result)));
  }
  return lines.join('\n');
}

/**
 * Cores kept busy during each scenario's measured runs, from /proc (cpu.ts): the benchmark's processes by kind, and
 * everything else the machine ran at the time; then each of the stack's parts in CPU milliseconds per answered request.
 */
function renderCpuTable(results: ScenarioResult[]): string {
  const lines = [
    `| scenario | target | ${CPU_GROUPS.join(' | ')} | other processes | steal | ms per request: ${CPU_GROUPS.slice(0, 3).join(' / ')} |`,
    `|---|---|${CPU_GROUPS.map(() => '---:').join('|')}|---:|---:|---:|`,
  ];
  for (const result of results) {
    for (const target of ['direct', 'gateway'] as const) {
      const usage = result.cpu[target];
      const cores = cpuCores(usage);
      const requests = result.byTarget[target].requests;
      const perRequest = CPU_GROUPS.slice(0, 3)
        .map((group) =>
          target === 'direct' && group === 'gateway' ? '–' : cpuMsPerRequest(usage, group, requests).toFixed(2),
        )
        .join(' / ');
      lines.push(
        `| ${result.scenario} | ${target} | ${CPU_GROUPS.map((g) => cores.groups[g].toFixed(2)).join(' | ')} | ${cores.others.toFixed(2)} | ${cores.steal.toFixed(2)} | ${perRequest} |`,
      );
    }
  }
  return lines.join('\n');
}

function renderComparisonTable(comparisons: ComparisonResult[]): string {
  const lines = [
    '| scenario | gateways | connections | req/s | p50 ms | p95 ms | p99 ms | errors | two/one |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const comparison of comparisons) {
    const one = summarise(comparison.byGateways.one);
    const two = summarise(comparison.byGateways.two);
    const half = (i: number) => Math.ceil((comparison.connections - i) / 2);
    const row = (gateways: Gateways, connections: string, s: Summary, ratio: string) =>
      `| ${comparison.scenario} | ${gateways} | ${connections} | ${s.rps.toFixed(0)} | ${latencyCells(s)} | ${s.errors} | ${ratio} |`;
    lines.push(row('one', String(comparison.connections), one, ''));
    lines.push(row('two', `${half(0)} + ${half(1)}`, two, (two.rps / one.rps).toFixed(2)));
  }
  return lines.join('\n');
}

function renderComparison(comparisons: ComparisonResult[], seconds: number, rounds: number): string {
  if (comparisons.length === 0) return '';
  const checks = comparisons
    .filter((c) => c.bookingCheck !== undefined)
    .map((c) => `After ${c.scenario}, through one gateway and two: ${c.bookingCheck?.summary}.\n\n`);
  return `
## One gateway or two on the same database (scale-out)

The second gateway is \`server/src/main.ts\` as its own process in scale-out mode: \`DATABASE_URL\` on this run's
PostgreSQL, the same JWT secret and keys, \`EMAIL_DELIVERY=worker\`, the same storage directory, and its own PostgREST
(pool 20, so "two" also has twice the PostgREST connections). "one" sends every connection to the first gateway; "two"
runs two load generators at once, one per gateway, with half the connections each.
Per scenario a ${WARM_UP_SECONDS} s warm-up of each, then ${rounds} × (one ${seconds} s, two ${seconds} s), alternating.

${renderComparisonTable(comparisons)}

${checks.join('')}On this ${cpus().length}-core machine the second gateway brings no CPU of its own: both gateways, both PostgRESTs,
PostgreSQL and the load generators share the same cores, so "two" shows what the gateway process costs and what
splitting it does to latency, not the horizontal scale that gateways on separate machines would add.
`;
}

/**
 * What one system call costs on this machine (getppid, which Node makes on every read of process.ppid), in µs. Every
 * request crosses the kernel many times (sockets, PostgreSQL's latches and pipes), and on some virtual machines a
 * system call costs several times what it does on others: with the request gate's cost, this tells whether two runs'
 * machines can be compared.
 */
function systemCallMicroseconds(): number {
  const calls = 200_000;
  const startedAt = process.hrtime.bigint();
  for (let call = 0; call < calls; call += 1) if (process.ppid < 0) throw new Error('no parent process');
  return Number(process.hrtime.bigint() - startedAt) / calls / 1000;
}

async function describeMachine(
  stack: Stack,
  loadBefore: number[],
  systemCallMicros: number,
  warmUp: PageCacheWarmUp,
  mailOn: boolean,
): Promise<string> {
  const cores = cpus();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  const { rows } = await stack.adminPool.query<{ version: string; shared_buffers: string }>(
    `select version() as version, current_setting('shared_buffers') as shared_buffers`,
  );
  const server = (await fetch(stack.postgrestUrl)).headers.get('server') ?? 'PostgREST';
  return [
    `- CPU: ${cores.length} × ${cores[0]?.model ?? 'unknown'}; memory ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Linux ${release()}`,
    `- Node ${process.version}; ${rows[0].version.split(',')[0]} (shared_buffers ${rows[0].shared_buffers}); ${server}`,
    `- Load average (1, 5, 15 min): ${load(loadBefore)} before the benchmark started (other work on the machine), ${load(loadavg())}`,
    `  at its end (the benchmark included), on ${cores.length} cores.`,
    `- A system call (getppid) took ${systemCallMicros.toFixed(2)} µs, measured before the benchmark started.`,
    '- Everything on the same machine: PostgreSQL, PostgREST, the gateway (this process) and the load generator (a',
    '  child process per measurement: autocannon in the closed loop, open-loop-generator.ts in the open loop). They',
    '  compete for the same cores, so absolute numbers are lower than on separate machines, and the gateway runs are',
    '  additionally charged for the gateway’s own CPU.',
    `- The database’s files (${(warmUp.bytes / 2 ** 30).toFixed(1)} GiB) were read once before the first measurement, so that none pays`,
    '  for reading them from disk (right after `npm run bench:data` a run spent about twice the CPU a request).',
    mailOn
      ? '- Mail on (BENCH_MAIL=on), as in `npm start`: the gateway’s mail worker, its child process, delivers the emails the bookings queue (to the local mailbox) and runs its reminder passes while the requests are measured; in the closed loop’s CPU table its CPU is counted with the load generator’s (both are node processes under this one). The reminders already due when the bench starts (every student due for an immunization) are marked delivered first, as in a clinic that has been running. Every email is deleted with the bookings.'
      : '- Mail off: the gateway sends no email here (as beside `npm run worker`); the bookings’ emails stay queued and are deleted with the bookings.',
  ].join('\n');
}

function renderReport(input: {
  closedLoop?: ClosedLoopRun;
  openLoop?: OpenLoopRun;
  machine: string;
  gateCost: string;
}): string {
  const { closedLoop, openLoop } = input;
  return `# API benchmark results

Generated by \`npm run bench:api\` on ${new Date().toISOString()} against the \`npm run bench:data\` database
(${BIG_UNIVERSITY.students.toLocaleString('en')} students, ${BIG_UNIVERSITY.doctors} doctors,
${BIG_UNIVERSITY.appointments.toLocaleString('en')} appointments in the measured university, plus a second university).
${closedLoop ? `\n${closedLoopIntro(closedLoop.knobs)}` : ''}
"direct" is PostgREST's own port, "gateway" is \`/rest/v1\` on the public port; both get the same requests and JWTs.

## Machine

${input.machine}
${closedLoop ? renderClosedLoopResults(closedLoop, input.gateCost) : ''}${openLoop ? renderOpenLoopSection(openLoop) : ''}${closedLoop ? renderClosedLoopDetails(closedLoop) : ''}`;
}

function closedLoopIntro({ scenarios, connections, rounds, seconds }: ClosedLoopKnobs): string {
  const own = scenarios.filter(
    (scenario) => SCENARIO_CONNECTIONS[scenario] !== undefined && SCENARIO_CONNECTIONS[scenario] !== connections,
  );
  const exceptions =
    own.length > 0 ? ` (${own.map((scenario) => `${scenario} ${SCENARIO_CONNECTIONS[scenario]}`).join(', ')})` : '';
  return `Closed loop: ${connections} connections${exceptions}; per scenario a ${WARM_UP_SECONDS} s warm-up on each target, then ${rounds} × (direct ${seconds} s, gateway ${seconds} s), alternating.`;
}

function renderClosedLoopResults({ knobs, results, comparisons }: ClosedLoopRun, gateCost: string): string {
  return `
## Results

${renderTable(results)}

Goals: reads p95 ≤ 25 ms, dashboard p95 ≤ 50 ms, booking ≥ 300/s without double booking, slots p95 ≤ 50 ms (one
doctor) and ≤ 100 ms (any doctor), the patient chart of a student with 50 visits p95 ≤ 50 ms at 10 connections, the
immunization compliance overview of 100,000 students p95 ≤ 100 ms at 10 connections, gateway ≥ ${MIN_GATEWAY_RATIO} × direct.

### Where the CPU went

Cores kept busy on average during the measured runs (warm-ups excluded), from /proc: the benchmark's own processes,
and everything else this ${cpus().length}-core machine ran meanwhile ("other processes"; "steal" is time the hypervisor
gave to other machines). The last column is CPU time per answered request; direct requests do not pass the gateway.

${renderCpuTable(results)}

Every request above passes the request gate (\`gate.check_request\`, PostgREST's \`db-pre-request\`: the token's
session must be live, and an account that must change its password may only read its own row). Its cost, as a
doctor with a live session: ${gateCost}.
${renderComparison(comparisons, knobs.seconds, knobs.rounds)}`;
}

/** What each scenario sent, the errors seen, and the query plans: the closed loop's appendix. */
function renderClosedLoopDetails({ results, comparisons, plans }: ClosedLoopRun): string {
  const probes = results
    .map((r) => `- **${r.scenario}**: ${r.probe}${r.bookingCheck ? `; afterwards: ${r.bookingCheck.summary}` : ''}`)
    .join('\n');
  const errors = results
    .flatMap((r) => (['direct', 'gateway'] as const).map((t) => ({ r, t, samples: r.byTarget[t].errorSamples })))
    .filter(({ samples }) => samples.length > 0)
    .map(({ r, t, samples }) => `- ${r.scenario} (${t}): ${samples.join(', ')}`)
    .concat(
      comparisons.flatMap((c) =>
        (['one', 'two'] as const)
          .filter((g) => c.byGateways[g].errorSamples.length > 0)
          .map(
            (g) =>
              `- ${c.scenario} (${g} gateway${g === 'two' ? 's' : ''}): ${c.byGateways[g].errorSamples.join(', ')}`,
          ),
      ),
    );
  const planSections = plans.map(({ scenario, plan }) => `### ${scenario}\n\n\`\`\`\n${plan}\n\`\`\``).join('\n\n');
  return `
## What each scenario sent (one probe through the gateway)

${probes}
${errors.length > 0 ? `\n## Error samples\n\n${errors.join('\n')}\n` : ''}
## Query plans

Each scenario's SQL run as its user (role \`authenticated\`, the same JWT claims), so RLS is part of the plan. Table
reads: \`EXPLAIN (ANALYZE, BUFFERS)\` of the statement PostgREST runs. RPCs: every statement inside the function, as
executed (auto_explain with ANALYZE and BUFFERS, nested statements); where statements repeat (a helper called per row),
how often each ran and for how long, then the plan of each one's slowest run. Booking and the chart are rolled back.

${planSections}
`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
