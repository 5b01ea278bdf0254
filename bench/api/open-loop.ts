/**
 * The open-loop part of `npm run bench:api` (its knobs are read and documented in run.ts). The closed loop
 * measures each screen at 50 connections, which on two cores is mostly time spent queueing behind the other 49. Here
 * the screens' requests, mixed as people use them, are offered at a fixed rate on a schedule (open-loop-generator.ts),
 * through the gateway and straight to PostgREST with the same JWTs:
 *
 * 1. At the offered rate (default 200 req/s): p50/p95/p99 overall and per kind, achieved rate and errors. A warm-up,
 *    then rounds of (direct, gateway), every other round in the other order, each round's schedule the same for both targets.
 * 2. Capacity: the highest offered rate whose p95 stays within 50 ms without errors, per target, by a bounded step
 *    search that starts from the measurement above (see nextCapacityRate). Direct and gateway take turns step by step,
 *    so a busy moment on the shared machine falls on both alike.
 *
 * Booking in the mix books fresh slots in the reserved window (emptied first, so the double-booking check at the end
 * counts this part's bookings only); run.ts deletes the rows when it finishes, as after the closed-loop booking.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { checkBookings, deleteBenchBookings, type BookingCheck } from './bookings';
import { runGeneratorProcess } from './generator-process';
import type { MixEntry, OpenLoopJob, OpenLoopResult } from './open-loop-generator';
import { isScenarioName, probeScenario, type ScenarioContext, type ScenarioName, type Target } from './scenarios';
import {
  addRun,
  concurrentRuns,
  emptyMeasurement,
  latencyCells,
  progressLine,
  summarise,
  type Measurement,
} from './stats';

/** The goal: p95 of the mix through the gateway at this offered rate. */
export const OPEN_LOOP_GOAL = { ratePerSecond: 200, p95Ms: 25 } as const;
/** Capacity is the highest offered rate whose p95 stays within this, without errors. */
const CAPACITY_P95_MS = 50;
/** The step search stops once the highest rate that held and the lowest that missed are this close (req/s). */
const CAPACITY_RESOLUTION = 25;
/** No step offers more than this however fast the machine, which bounds the requests one step can send. */
const MAX_OFFERED_RATE = 3200;
/**
 * Long enough for the gateway's JIT to settle: after 2 s its event loop still stalled for up to ~45 ms while V8 compiled
 * (p95 ~20 ms worse than the next run of the same build); a gateway in service has long been past that.
 */
const WARM_UP_SECONDS = 10;
const TARGETS: readonly Target[] = ['direct', 'gateway'];
const GENERATOR_SCRIPT = join(__dirname, 'open-loop-generator.ts');

/** The default mix, weights as shares of requests. Why these shares goes into the report with it. */
export const DEFAULT_MIX = 'student-own:50,doctor-day:30,book-appointment:15,admin-search:5';
const DEFAULT_MIX_REASON =
  'students are most of the users and look at their appointments around every booking; the forty doctors reload their day between patients; admins search the overview now and then';

export interface OpenLoopOptions {
  /** Offered rate of the main measurement, req/s. */
  ratePerSecond: number;
  /** Length of each main measurement. */
  seconds: number;
  /** (direct, gateway) pairs of main measurements. */
  rounds: number;
  mix: MixEntry[];
  /** Keep-alive connections per load generator, at most. */
  connections: number;
  /** Length of each capacity step. */
  stepSeconds: number;
  /** Capacity steps per target after the main measurement, at most. */
  maxSteps: number;
}

export interface CapacityStep {
  ratePerSecond: number;
  p95Ms: number;
  errors: number;
  /** p95 within CAPACITY_P95_MS and no errors. */
  held: boolean;
}

interface KindResult {
  scenario: ScenarioName;
  weight: number;
  measurement: Measurement;
}

interface TargetResult {
  /** The main measurement per kind, in mix order, rounds added up. */
  kinds: KindResult[];
  /** The load generator's own health over the main measurement: the worst of its runs. */
  generator: { sendLagP99Ms: number; sendLagMaxMs: number; peakInFlight: number };
  /** The capacity search, empty when it is skipped; the first step is the main measurement. */
  steps: CapacityStep[];
}

export interface OpenLoopRun {
  options: OpenLoopOptions;
  byTarget: Record<Target, TargetResult>;
  /** When the mix books: what the database holds afterwards. */
  bookingCheck?: BookingCheck;
}

/** `student-own:50,doctor-day:30`: scenario names from scenarios.ts with relative weights. */
export function parseMix(text: string): MixEntry[] {
  const mix = text.split(',').map((part): MixEntry => {
    const [name = '', weightText, ...rest] = part.trim().split(':');
    const weight = Number(weightText);
    if (!isScenarioName(name) || rest.length > 0 || !(weight > 0)) {
      throw new Error(
        `BENCH_OPEN_MIX: "${part}" is not <scenario>:<positive weight> with a scenario from scenarios.ts`,
      );
    }
    return { scenario: name, weight };
  });
  const names = mix.map((entry) => entry.scenario);
  if (new Set(names).size !== names.length) throw new Error(`BENCH_OPEN_MIX names a scenario twice: ${text}`);
  return mix;
}

/**
 * The next offered rate to try, or undefined when the search is done: double the highest rate that held until one
 * misses, then try halfway between the highest that held and the lowest that missed until they are
 * CAPACITY_RESOLUTION apart. This assumes p95 grows with the rate; on a noisy machine one unlucky step can end the
 * search low, which is why the report lists every step next to the result.
 */
export function nextCapacityRate(steps: readonly CapacityStep[]): number | undefined {
  const highestHeld = Math.max(0, ...steps.filter((step) => step.held).map((step) => step.ratePerSecond));
  const missed = steps.filter((step) => !step.held).map((step) => step.ratePerSecond);
  if (missed.length === 0) {
    const doubled = Math.min(2 * highestHeld, MAX_OFFERED_RATE);
    return doubled > highestHeld ? doubled : undefined;
  }
  const lowestMissed = Math.min(...missed);
  if (lowestMissed - highestHeld <= CAPACITY_RESOLUTION) return undefined;
  const halfway = (highestHeld + lowestMissed) / 2;
  const roundHalfway = Math.round(halfway / CAPACITY_RESOLUTION) * CAPACITY_RESOLUTION;
  return roundHalfway > highestHeld && roundHalfway < lowestMissed ? roundHalfway : Math.round(halfway);
}

function capacityStep(ratePerSecond: number, measurement: Measurement): CapacityStep {
  const { p95, errors } = summarise(measurement);
  return { ratePerSecond, p95Ms: p95, errors, held: p95 <= CAPACITY_P95_MS && errors === 0 };
}

/** The whole mix as one measurement: its kinds ran at the same time. */
function mixed(kinds: readonly KindResult[]): Measurement {
  return concurrentRuns(kinds.map((kind) => kind.measurement));
}

function resultKinds(mix: readonly MixEntry[], result: OpenLoopResult): KindResult[] {
  return mix.map(({ scenario, weight }) => ({
    scenario,
    weight,
    measurement: result.byScenario[scenario] ?? emptyMeasurement(),
  }));
}

export async function runOpenLoop(input: {
  pool: Pool;
  /** PostgREST roots: PostgREST's own URL and the gateway's `/rest/v1`. */
  restUrls: Record<Target, string>;
  apiKey: string;
  context: ScenarioContext;
  options: OpenLoopOptions;
}): Promise<OpenLoopRun> {
  const { pool, restUrls, apiKey, context, options } = input;
  console.log(`\n▶ open loop: ${options.ratePerSecond} req/s of ${describeMix(options.mix)}`);
  const books = options.mix.some((entry) => entry.scenario === 'book-appointment');
  if (books) await deleteBenchBookings(pool, context);
  for (const { scenario } of options.mix) {
    console.log(`  probe ${scenario}: ${await probeScenario(restUrls.gateway, apiKey, scenario, context)}`);
  }

  // Request numbers continue from run to run, so every booking takes a slot no earlier run took.
  const nextRequest: Partial<Record<ScenarioName, number>> = {};
  const measure = async (target: Target, ratePerSecond: number, durationSeconds: number, seed: number) => {
    const job: OpenLoopJob = {
      baseUrl: restUrls[target],
      apiKey,
      ratePerSecond,
      durationSeconds,
      connections: options.connections,
      mix: options.mix,
      firstRequest: { ...nextRequest },
      seed,
      context,
    };
    const result = await runGeneratorProcess<OpenLoopResult>(GENERATOR_SCRIPT, job);
    for (const { scenario } of options.mix)
      nextRequest[scenario] = (nextRequest[scenario] ?? 0) + (result.requestsBuilt[scenario] ?? 0);
    return result;
  };

  for (const target of TARGETS) await measure(target, options.ratePerSecond, WARM_UP_SECONDS, 0);
  const emptyTarget = (): TargetResult => ({
    kinds: options.mix.map(({ scenario, weight }) => ({ scenario, weight, measurement: emptyMeasurement() })),
    generator: { sendLagP99Ms: 0, sendLagMaxMs: 0, peakInFlight: 0 },
    steps: [],
  });
  const byTarget: Record<Target, TargetResult> = { direct: emptyTarget(), gateway: emptyTarget() };
  for (let round = 0; round < options.rounds; round++) {
    // Bookings accumulate over the runs (rows, index entries, autovacuum work): every other round goes gateway first,
    // so neither target is always measured on the fuller database.
    for (const target of round % 2 === 0 ? TARGETS : [...TARGETS].reverse()) {
      // Seeded by round: both targets get the same arrivals and kinds.
      const result = await measure(target, options.ratePerSecond, options.seconds, round + 1);
      const kinds = resultKinds(options.mix, result);
      const into = byTarget[target];
      kinds.forEach((kind, i) => addRun(into.kinds[i].measurement, kind.measurement));
      into.generator = {
        sendLagP99Ms: Math.max(into.generator.sendLagP99Ms, result.sendLagMs.p99),
        sendLagMaxMs: Math.max(into.generator.sendLagMaxMs, result.sendLagMs.max),
        peakInFlight: Math.max(into.generator.peakInFlight, result.peakInFlight),
      };
      console.log(`  ${target.padEnd(7)} ${progressLine(summarise(mixed(kinds)))}`);
    }
  }

  if (options.maxSteps > 0) {
    console.log(`  capacity: highest offered rate with p95 ≤ ${CAPACITY_P95_MS} ms`);
    for (const target of TARGETS)
      byTarget[target].steps.push(capacityStep(options.ratePerSecond, mixed(byTarget[target].kinds)));
  }
  for (let step = 1; step <= options.maxSteps; step++) {
    let measured = false;
    for (const target of TARGETS) {
      const ratePerSecond = nextCapacityRate(byTarget[target].steps);
      if (ratePerSecond === undefined) continue;
      const result = await measure(target, ratePerSecond, options.stepSeconds, options.rounds + step);
      const outcome = capacityStep(ratePerSecond, mixed(resultKinds(options.mix, result)));
      byTarget[target].steps.push(outcome);
      console.log(`    ${target.padEnd(7)} ${describeStep(outcome)}`);
      measured = true;
    }
    if (!measured) break;
  }

  const run: OpenLoopRun = { options, byTarget };
  if (books) {
    run.bookingCheck = await checkBookings(pool, context);
    console.log(`  ${run.bookingCheck.summary}`);
  }
  return run;
}

function describeMix(mix: readonly MixEntry[]): string {
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  return mix.map((entry) => `${entry.scenario} ${((100 * entry.weight) / total).toFixed(0)}%`).join(' · ');
}

function describeStep(step: CapacityStep): string {
  const errors = step.errors > 0 ? `, ${step.errors} errors` : '';
  return `${step.ratePerSecond} → ${step.p95Ms.toFixed(1)} ms${errors} ${step.held ? '✓' : '✗'}`;
}

function goalVerdict(run: OpenLoopRun): string {
  if (run.options.ratePerSecond !== OPEN_LOOP_GOAL.ratePerSecond) {
    return `not evaluated (this run offered ${run.options.ratePerSecond} req/s)`;
  }
  const gateway = summarise(mixed(run.byTarget.gateway.kinds));
  const misses: string[] = [];
  if (!(gateway.p95 <= OPEN_LOOP_GOAL.p95Ms)) misses.push(`p95 ${gateway.p95.toFixed(1)} ms`);
  if (gateway.errors > 0) misses.push(`${gateway.errors} errors`);
  if (run.bookingCheck !== undefined && !run.bookingCheck.clean) misses.push('double booking');
  return misses.length === 0 ? `met (p95 ${gateway.p95.toFixed(1)} ms)` : `not met (${misses.join(', ')})`;
}

const GOAL_TEXT = `p95 ≤ ${OPEN_LOOP_GOAL.p95Ms} ms at ${OPEN_LOOP_GOAL.ratePerSecond} req/s of the mix through the gateway`;

function latencyTable(run: OpenLoopRun): string {
  const lines = [
    '| target | requests | share | offered req/s | achieved req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const totalWeight = run.options.mix.reduce((sum, entry) => sum + entry.weight, 0);
  for (const target of TARGETS) {
    const row = (requests: string, share: number, measurement: Measurement) => {
      const summary = summarise(measurement);
      const offered = run.options.ratePerSecond * share;
      return `| ${target} | ${requests} | ${(100 * share).toFixed(0)}% | ${offered.toFixed(0)} | ${summary.rps.toFixed(0)} | ${latencyCells(summary)} | ${summary.errors} |`;
    };
    const { kinds } = run.byTarget[target];
    lines.push(row('**mixed**', 1, mixed(kinds)));
    for (const kind of kinds) lines.push(row(kind.scenario, kind.weight / totalWeight, kind.measurement));
  }
  return lines.join('\n');
}

/** What a target's search found: the highest rate that held, the lowest that missed, and every step. */
function searchOutcome(steps: readonly CapacityStep[]): {
  capacity: number | undefined;
  held: string;
  missed: string;
  trail: string;
} {
  const held = steps.filter((step) => step.held);
  const capacity = held.length > 0 ? Math.max(...held.map((step) => step.ratePerSecond)) : undefined;
  const lowestMissed = steps.filter((step) => !step.held).sort((a, b) => a.ratePerSecond - b.ratePerSecond)[0];
  const stoppedEarly = nextCapacityRate(steps) !== undefined ? ' (step limit reached)' : '';
  return {
    capacity,
    held: `${capacity === undefined ? 'none' : `**${capacity}**`}${stoppedEarly}`,
    missed: lowestMissed === undefined ? `none up to ${capacity ?? 0}` : describeStep(lowestMissed),
    trail: steps.map(describeStep).join(', '),
  };
}

function capacityTable(run: OpenLoopRun): string {
  if (run.options.maxSteps === 0) return 'Capacity: not searched (BENCH_OPEN_STEPS=0).';
  const direct = searchOutcome(run.byTarget.direct.steps);
  const gateway = searchOutcome(run.byTarget.gateway.steps);
  const ratio = direct.capacity && gateway.capacity ? (gateway.capacity / direct.capacity).toFixed(2) : '';
  return [
    `| capacity (mix, p95 ≤ ${CAPACITY_P95_MS} ms, no errors) | direct | gateway | gateway/direct |`,
    '|---|---|---|---:|',
    `| highest offered req/s that held | ${direct.held} | ${gateway.held} | ${ratio} |`,
    `| lowest offered req/s that missed → p95 | ${direct.missed} | ${gateway.missed} | |`,
    `| steps: offered req/s → p95 | ${direct.trail} | ${gateway.trail} | |`,
  ].join('\n');
}

/** The tables as the console prints them at the end. */
export function renderOpenLoopTables(run: OpenLoopRun): string {
  return `${latencyTable(run)}\n\nGoal: ${GOAL_TEXT}: ${goalVerdict(run)}.\n\n${capacityTable(run)}`;
}

/** How the capacity was searched, as a paragraph of the report; nothing when it was not. */
function capacityMethod(options: OpenLoopOptions): string {
  if (options.maxSteps === 0) return '';
  return `Capacity: the highest offered rate of the same mix whose p95 stays within ${CAPACITY_P95_MS} ms without errors. A
step search per target starting from the measurement above: the rate doubles until a step misses, then halves the gap
between the highest rate that held and the lowest that missed down to ${CAPACITY_RESOLUTION} req/s; ${options.stepSeconds} s a step, at
most ${options.maxSteps} steps after the first, direct and gateway taking turns.

`;
}

/** The "Open loop" section of bench/results/latest.md. */
export function renderOpenLoopSection(run: OpenLoopRun): string {
  const { options } = run;
  const isDefaultMix = describeMix(options.mix) === describeMix(parseMix(DEFAULT_MIX));
  const errorSamples = TARGETS.flatMap((target) =>
    run.byTarget[target].kinds
      .filter((kind) => kind.measurement.errorSamples.length > 0)
      .map((kind) => `- ${kind.scenario} (${target}): ${kind.measurement.errorSamples.join(', ')}`),
  );
  const generators = TARGETS.map((target) => {
    const { sendLagP99Ms, sendLagMaxMs, peakInFlight } = run.byTarget[target].generator;
    // Outstanding beyond the pool's size means some requests waited for a connection (counted in their latency).
    const waited = peakInFlight > options.connections ? ', so some waited for a free connection' : '';
    return `${target}: sent p99 ${sendLagP99Ms.toFixed(1)} ms (at worst ${sendLagMaxMs.toFixed(1)} ms) after the scheduled time, at most ${peakInFlight} requests outstanding${waited}`;
  });
  return `
## Open loop

Requests on a schedule instead of connections that each wait for their answer (\`open-loop-generator.ts\`, a child
process):

- offered: exactly ${options.ratePerSecond} req/s over each run, at random times (a Poisson process held to its expected
  count: the bursts and lulls of independent users), each sent when due whether or not earlier ones were answered, over
  at most ${options.connections} keep-alive connections per target;
- mix: ${describeMix(options.mix)}${isDefaultMix ? ` (${DEFAULT_MIX_REASON})` : ''};
- latency: from each request's *scheduled* send time to the end of its answer, so any wait before it left counts too
  (no coordinated omission); a request that fails counts as an error, with the time until it failed;
- runs: a ${WARM_UP_SECONDS} s warm-up on each target, then ${options.rounds} × (direct ${options.seconds} s, gateway ${options.seconds} s), every other round gateway first, each round the
  same schedule for both.

${latencyTable(run)}

Goal: ${GOAL_TEXT}: **${goalVerdict(run)}**.

${capacityMethod(options)}${capacityTable(run)}
${run.bookingCheck === undefined ? '' : `\nBookings in the mix, after every run above: ${run.bookingCheck.summary}.\n`}
Load generator (main measurement, worst run): ${generators.join('; ')}. Lateness is counted in
the latencies above; when it is large, the machine rather than the server under test was short of CPU at that moment.
${errorSamples.length > 0 ? `\nError samples:\n\n${errorSamples.join('\n')}\n` : ''}
Machine: everything — PostgreSQL, PostgREST, the gateway and the load generator — shares the same ${cpus().length} cores. The
offered requests compete with the generator's own work and, through the gateway, with the gateway's, so these latencies
and capacities are what this one machine gives, not what separate machines would.
`;
}
