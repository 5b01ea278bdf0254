/**
 * First-load JavaScript and Lighthouse per route, against the goals of "First load and perceived speed".
 *
 * For each route: the scripts Chromium fetches through the gateway on a cold load (count, gzip bytes on the wire,
 * copies of React), then BENCH_LIGHTHOUSE_RUNS Lighthouse 12 mobile runs (performance only, simulated throttling),
 * reporting the median run. The size and Lighthouse goals are reported, not enforced (they depend on the machine);
 * only React arriving more than once, a correctness problem, makes the bench exit non-zero.
 *
 *   npm run bench:bundle                     builds stale apps, starts the stack on a free port with a temporary data dir
 *   npm run bench:bundle -- --url <origin>   measures an already running gateway
 *
 * Env: BENCH_LIGHTHOUSE_RUNS (per route, default 3; 0 skips Lighthouse), BENCH_BUNDLE_RESULTS (markdown report,
 * default bench/results/bundle.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApps } from '../build/build-apps';
import { lighthouseRoute } from './bundle/lighthouse';
import { buildReport, consoleTable, goalsText, kilobytes, type RouteResult } from './bundle/report';
import { writeResults } from './bundle/results';
import { routeName, ROUTES } from './bundle/routes';
import { measureScripts } from './bundle/scripts';

const RESULTS_FILE = resolve(process.env.BENCH_BUNDLE_RESULTS ?? join(__dirname, 'results', 'bundle.md'));

function lighthouseRuns(): number {
  const raw = process.env.BENCH_LIGHTHOUSE_RUNS ?? '3';
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 0)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 0, not ${JSON.stringify(raw)}`);
  return runs;
}

function urlFlag(): string | undefined {
  const index = process.argv.indexOf('--url');
  if (index === -1) return undefined;
  const value = process.argv[index + 1];
  if (!value) throw new Error('--url needs an origin, e.g. --url http://localhost:8080');
  return new URL(value).origin;
}

async function withGateway<T>(origin: string | undefined, run: (origin: string) => Promise<T>): Promise<T> {
  if (origin) return run(origin);

  await buildApps({ onlyStale: true });
  const { startStack } = await import('../server/src/stack');
  const { freePort } = await import('../server/src/ports');
  const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-bench-data-'));
  const stack = await startStack({ dataDir, port: await freePort(), seed: true, logLevel: 'warn' });
  try {
    return await run(stack.url);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = lighthouseRuns();
  const givenOrigin = urlFlag();
  const log = (message: string) => console.log(`  ${message}`);

  const results = await withGateway(givenOrigin, async (origin) => {
    console.log(`Measuring ${origin}`);
    const scripts = [];
    // Script sizes first, for every route, so a Lighthouse failure later still leaves them on screen.
    for (const route of ROUTES) {
      const measured = await measureScripts(origin, route);
      log(
        `scripts ${routeName(route)}: ${measured.scripts} scripts, ${kilobytes(measured.gzipBytes)} gzip, React ×${measured.reactCopies}`,
      );
      scripts.push({ route, scripts: measured });
    }
    const measured: RouteResult[] = [];
    for (const result of scripts) {
      measured.push(
        runs > 0 ? { ...result, lighthouse: await lighthouseRoute(origin, result.route, runs, log) } : result,
      );
    }
    return measured;
  });

  const report = buildReport(results);
  console.log(
    `\nFirst-load JavaScript (gzip on the wire, cold cache) and Lighthouse mobile (median of ${runs} run${runs === 1 ? '' : 's'}) per route\n`,
  );
  console.log(consoleTable(report));
  console.log(`\n${goalsText()}`);
  console.log(
    report.missed.length === 0
      ? '\nEvery goal is met.'
      : `\nMissed goals:\n${report.missed.map((line) => `  - ${line}`).join('\n')}`,
  );
  if (report.failures.length > 0)
    console.log(`\nFailures:\n${report.failures.map((line) => `  - ${line}`).join('\n')}`);

  writeResults(RESULTS_FILE, {
    results,
    report,
    target: givenOrigin ? `the gateway at ${givenOrigin}` : 'its own stack (a fresh seeded database)',
    runs,
  });
  console.log(`\nReport: ${RESULTS_FILE}`);
  if (report.failures.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
