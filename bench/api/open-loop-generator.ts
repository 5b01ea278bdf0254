/**
 * One open-loop measurement, in its own process so it never shares an event loop with the gateway:
 * `node --import tsx bench/api/open-loop-generator.ts '<OpenLoopJob JSON>'` prints an OpenLoopResult as JSON on stdout.
 *
 * In a closed loop (load.ts, autocannon) each connection waits for its answer before it sends again, so a slow server is
 * simply sent less, and the time a request would have waited to be sent is never counted (coordinated omission). Here
 * the whole run is fixed before the first request: random arrivals at the offered rate (buildSchedule), the kinds in
 * the mix's shares, each sent when due whether or not earlier ones have been answered. A request's latency runs from its
 * *scheduled* send time to the end of its answer, so any wait before it left — for a free connection in the pool, for
 * a timer on a busy machine — is counted as the person using the screen would feel it.
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { requestBuilder, type ScenarioContext, type ScenarioName, type ScenarioRequest } from './scenarios';
import { emptyMeasurement, percentile, type Measurement } from './stats';

/** One kind of request in the mix and its share (weights are relative: 50 and 25 mean two thirds and one third). */
export interface MixEntry {
  scenario: ScenarioName;
  weight: number;
}

export interface OpenLoopJob {
  /** PostgREST root: `<gateway>/rest/v1` or PostgREST's own URL. Loopback only. */
  baseUrl: string;
  apiKey: string;
  ratePerSecond: number;
  durationSeconds: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one, and that wait is counted. */
  connections: number;
  mix: MixEntry[];
  /** Number of each kind's first request: booking continues where the previous run stopped, so every slot is new. */
  firstRequest: Partial<Record<ScenarioName, number>>;
  /** Seeds arrival times and kinds: the same seed sends direct and gateway the same schedule. */
  seed: number;
  context: ScenarioContext;
}

export interface OpenLoopResult {
  /** Per kind in the mix, all over the same seconds: from the first scheduled send to the last answer. */
  byScenario: Partial<Record<ScenarioName, Measurement>>;
  /** Request numbers used per kind, so the next run continues after them. */
  requestsBuilt: Partial<Record<ScenarioName, number>>;
  /** How late requests left against their schedule: the generator's own health (timer resolution, a busy machine). */
  sendLagMs: { p99: number; max: number };
  /** Most requests outstanding at once; above the pool's size some waited for a free connection. */
  peakInFlight: number;
}

/** A request not answered by then counts as an error (its latency is the time until it was given up). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Past the schedule and the last request's timeout the pool is destroyed, so the process always ends by itself. */
const WATCHDOG_GRACE_MS = 5_000;
/** The load generator only ever talks to this machine. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MAX_ERROR_SAMPLES = 5;
const ERROR_BODY_CHARS = 160;

interface Arrival {
  /** Scheduled send time, ms after the start. */
  atMs: number;
  scenario: ScenarioName;
  request: ScenarioRequest;
}

/** How a request ended: an HTTP status with (for errors) the start of the body, or a transport failure. */
type Outcome = { status: number; errorBody: string } | { failure: string };

/** mulberry32: a small seeded generator, so a schedule can be replayed exactly against the other target. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * How many requests of each kind a run of `count` sends: the mix's shares exactly (largest remainders), so a run's mix
 * is the one asked for rather than a draw that strays from it.
 */
function kindCounts(mix: readonly MixEntry[], count: number): number[] {
  const totalWeight = mix.reduce((sum, entry) => sum + entry.weight, 0);
  const quotas = mix.map((entry) => (count * entry.weight) / totalWeight);
  const counts = quotas.map(Math.floor);
  const shortfall = count - counts.reduce((sum, n) => sum + n, 0);
  // What rounding down left over goes to the kinds it shortchanged most.
  quotas
    .map((quota, i) => ({ i, remainder: quota - counts[i] }))
    .sort((a, b) => b.remainder - a.remainder)
    .slice(0, shortfall)
    .forEach(({ i }) => counts[i]++);
  return counts;
}

/**
 * The whole run, decided before the first request: exactly rate × duration requests at times drawn uniformly over the
 * run and sorted, which is a Poisson process held to its expected count (the bursts and lulls of many independent
 * users, which evenly spaced requests would hide, while the offered rate is exactly the one asked for: a free Poisson
 * count strays by a few percent in a 10 s run). The kinds, in their exact shares, are shuffled over those times.
 * Requests are built here, so signing tokens costs nothing while sending.
 */
function buildSchedule(job: OpenLoopJob): {
  arrivals: Arrival[];
  requestsBuilt: Partial<Record<ScenarioName, number>>;
} {
  const random = seededRandom(job.seed);
  const count = Math.round(job.ratePerSecond * job.durationSeconds);
  const times = Array.from({ length: count }, () => random() * job.durationSeconds * 1000).sort((a, b) => a - b);
  const counts = kindCounts(job.mix, count);
  const kinds = job.mix.flatMap((entry, i) => Array.from({ length: counts[i] }, () => entry.scenario));
  // Fisher–Yates with the seeded generator: the same seed gives the same order on the other target.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }

  const builders = new Map(job.mix.map((entry) => [entry.scenario, requestBuilder(entry.scenario, job.context)]));
  const requestsBuilt: Partial<Record<ScenarioName, number>> = {};
  const arrivals = times.map((atMs, i): Arrival => {
    const scenario = kinds[i];
    const built = requestsBuilt[scenario] ?? 0;
    requestsBuilt[scenario] = built + 1;
    const build = builders.get(scenario);
    if (build === undefined) throw new Error(`${scenario} is not in the mix`);
    return { atMs, scenario, request: build((job.firstRequest[scenario] ?? 0) + built) };
  });
  return { arrivals, requestsBuilt };
}

/** Sends one request through the pool; resolves (never rejects) once the answer has been read to the end or failed. */
function send(agent: Agent, target: URL, basePath: string, apiKey: string, request: ScenarioRequest): Promise<Outcome> {
  return new Promise((resolvePromise) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolvePromise(outcome);
    };
    const outgoing = httpRequest(
      {
        agent,
        hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port,
        method: request.method,
        path: basePath + request.path,
        headers: {
          apikey: apiKey,
          ...request.headers,
          // A known length instead of chunked encoding, as a browser sends these small JSON bodies.
          ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let errorBody = '';
        if (status >= 300) {
          response.on('data', (chunk: Buffer) => {
            if (errorBody.length < ERROR_BODY_CHARS) errorBody += chunk.toString();
          });
        } else {
          // The body of a success is read and dropped: the time to its last byte is what is measured.
          response.resume();
        }
        response.on('end', () => settle({ status, errorBody }));
        response.on('error', (error) => settle({ failure: error.message }));
        response.on('close', () => settle({ failure: 'connection closed before the answer ended' }));
      },
    );
    outgoing.on('error', (error) => settle({ failure: error.message }));
    if (request.body === undefined) outgoing.end();
    else outgoing.end(request.body);
  });
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as OpenLoopJob;
  const target = new URL(job.baseUrl);
  if (!LOOPBACK_HOSTS.has(target.hostname))
    throw new Error(`Refusing to load ${target.host}: the benchmark only targets loopback`);
  const basePath = target.pathname.replace(/\/$/, '');
  const { arrivals, requestsBuilt } = buildSchedule(job);
  const byScenario: Partial<Record<ScenarioName, Measurement>> = {};
  for (const { scenario } of job.mix) byScenario[scenario] = emptyMeasurement();

  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const watchdog = setTimeout(
    () => agent.destroy(),
    job.durationSeconds * 1000 + REQUEST_TIMEOUT_MS + WATCHDOG_GRACE_MS,
  );
  const sendLagsMs: number[] = [];
  let inFlight = 0;
  let peakInFlight = 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;

  const answered: Promise<void>[] = [];
  for (const arrival of arrivals) {
    const dueInMs = arrival.atMs - (performance.now() - startedAt);
    if (dueInMs > 0) await sleep(dueInMs);
    const scheduledAt = startedAt + arrival.atMs;
    sendLagsMs.push(performance.now() - scheduledAt);
    peakInFlight = Math.max(peakInFlight, ++inFlight);
    answered.push(
      send(agent, target, basePath, job.apiKey, arrival.request).then((outcome) => {
        const finishedAt = performance.now();
        inFlight--;
        lastAnswerAt = Math.max(lastAnswerAt, finishedAt);
        const measurement = byScenario[arrival.scenario] ?? emptyMeasurement();
        measurement.latenciesMs.push(Math.round((finishedAt - scheduledAt) * 100) / 100);
        if ('status' in outcome) measurement.requests++;
        const error =
          'failure' in outcome
            ? outcome.failure
            : outcome.status >= 300
              ? `HTTP ${outcome.status} ${outcome.errorBody}`
              : undefined;
        if (error === undefined) return;
        measurement.errors++;
        const sample = error.slice(0, ERROR_BODY_CHARS);
        if (measurement.errorSamples.length < MAX_ERROR_SAMPLES && !measurement.errorSamples.includes(sample)) {
          measurement.errorSamples.push(sample);
        }
      }),
    );
  }
  await Promise.all(answered);
  clearTimeout(watchdog);
  agent.destroy();

  const seconds = (lastAnswerAt - startedAt) / 1000;
  for (const measurement of Object.values(byScenario)) measurement.seconds = seconds;
  const sortedLags = Float64Array.from(sendLagsMs).sort();
  const result: OpenLoopResult = {
    byScenario,
    requestsBuilt,
    sendLagMs:
      sortedLags.length === 0
        ? { p99: 0, max: 0 }
        : { p99: percentile(sortedLags, 0.99), max: sortedLags[sortedLags.length - 1] },
    peakInFlight,
  };
  process.stdout.write(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
