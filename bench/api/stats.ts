/**
 * Latency statistics and their formatting, shared by the closed-loop measurements (run.ts, autocannon) and the open-loop
 * ones (open-loop.ts), so both tables compute and print p50/p95/p99 the same way.
 */

/** What one or more runs of a load generator against one target saw. */
export interface Measurement {
  /** Requests answered (any HTTP status). */
  requests: number;
  /** Wall time those answers took, summed over runs, so `requests / seconds` is the achieved rate. */
  seconds: number;
  /** One entry per request, in ms. */
  latenciesMs: number[];
  /** Transport errors and timeouts plus non-2xx answers. */
  errors: number;
  /** A few distinct error statuses and bodies, to say what went wrong. */
  errorSamples: string[];
}

export interface Summary {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export function emptyMeasurement(): Measurement {
  return { requests: 0, seconds: 0, latenciesMs: [], errors: 0, errorSamples: [] };
}

/** Adds a later run (another round, or the next step) to `into`: its seconds come after the ones already there. */
export function addRun(into: Measurement, run: Measurement): void {
  into.requests += run.requests;
  into.seconds += run.seconds;
  // One by one: spreading a long run into push() would exceed the engine's argument limit.
  for (const latencyMs of run.latenciesMs) into.latenciesMs.push(latencyMs);
  into.errors += run.errors;
  for (const sample of run.errorSamples) {
    if (!into.errorSamples.includes(sample)) into.errorSamples.push(sample);
  }
}

/**
 * Runs that went on at the same time (one load generator per gateway, or one per request kind): their requests add up
 * over the same seconds.
 */
export function concurrentRuns(runs: readonly Measurement[]): Measurement {
  const together = emptyMeasurement();
  for (const run of runs) addRun(together, { ...run, seconds: 0 });
  together.seconds = Math.max(0, ...runs.map((run) => run.seconds));
  return together;
}

/** The nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, quantile: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)];
}

export function summarise(measurement: Measurement): Summary {
  const sorted = Float64Array.from(measurement.latenciesMs).sort();
  return {
    rps: measurement.seconds > 0 ? measurement.requests / measurement.seconds : 0,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    errors: measurement.errors,
  };
}

/** `p50 | p95 | p99`: the latency cells of a markdown table row, in ms. */
export function latencyCells(summary: Summary): string {
  return [summary.p50, summary.p95, summary.p99].map((ms) => ms.toFixed(1)).join(' | ');
}

/** One console line per measurement while the benchmark runs. */
export function progressLine(summary: Summary): string {
  return `${summary.rps.toFixed(0).padStart(6)} req/s  p95 ${summary.p95.toFixed(1)} ms  errors ${summary.errors}`;
}
