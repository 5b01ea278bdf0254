/**
 * First-load JavaScript per route, as Chromium fetches it through the gateway: gzip bytes on the wire and
 * how many copies of React arrived. Each route is loaded in a fresh browser profile (cold cache).
 *
 *   npm run bench:bundle                     starts the stack on a free port with a temporary data dir
 *   npm run bench:bundle -- --url <origin>   measures an already running gateway
 */
import type { CDPSession } from 'playwright-core';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../e2e/support/session';
import { SESSION_STORAGE_KEY } from '../shared/src/supabase/client';
import { buildApps } from '../build/build-apps';

const BUDGET_FIRST_LOAD_BYTES = 220 * 1024;

const ROUTES: ReadonlyArray<{ readonly path: string; readonly account?: string }> = [
  { path: '/' },
  { path: '/signin' },
  { path: '/dashboardd', account: DEMO_ACCOUNTS.admin },
  { path: '/dashboarrd', account: DEMO_ACCOUNTS.doctor },
  { path: '/studentdashboard', account: DEMO_ACCOUNTS.student },
];

/** Only React's core module defines createContext; every build carries one as a fallback, so copies show up here. */
const REACT_CORE_MARKER = '.createContext=function';

interface RouteMeasurement {
  readonly path: string;
  readonly scripts: number;
  readonly gzipBytes: number;
  readonly reactCopies: number;
}

async function sessionFor(origin: string, email: string): Promise<string> {
  const config = (await (await fetch(`${origin}/config.json`)).json()) as { supabaseAnonKey: string };
  const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: HTTP ${response.status}`);
  return JSON.stringify(await response.json());
}

function collectScripts(cdp: CDPSession) {
  const scriptRequests = new Set<string>();
  const finished: Array<{ requestId: string; bytes: number }> = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    scriptRequests.add(event.requestId);
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    if (encoding !== 'gzip' && Number(event.response.headers['content-length'] ?? Infinity) > 1024) {
      console.warn(`warning: ${event.response.url} arrived with content-encoding ${encoding ?? 'none'}`);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scriptRequests.has(event.requestId)) finished.push({ requestId: event.requestId, bytes: event.encodedDataLength });
  });
  return finished;
}

async function measure(origin: string, path: string, account?: string): Promise<RouteMeasurement> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'campuscare-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (account) {
      await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_STORAGE_KEY, await sessionFor(origin, account)] as const);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // The budget is in gzip bytes; Chromium would otherwise negotiate brotli or zstd.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    const scripts = collectScripts(cdp);

    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    const landedOn = new URL(page.url()).pathname;
    if (landedOn !== path) throw new Error(`${path} redirected to ${landedOn}`);
    await page.waitForLoadState('networkidle');

    let reactCopies = 0;
    for (const script of scripts) {
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: script.requestId });
      const source = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (source.includes(REACT_CORE_MARKER)) reactCopies += 1;
    }
    return { path, scripts: scripts.length, gzipBytes: scripts.reduce((sum, script) => sum + script.bytes, 0), reactCopies };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function withGateway<T>(run: (origin: string) => Promise<T>): Promise<T> {
  const urlFlag = process.argv.indexOf('--url');
  if (urlFlag !== -1 && process.argv[urlFlag + 1]) return run(process.argv[urlFlag + 1] as string);

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

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const results = await withGateway(async (origin) => {
    const measured: RouteMeasurement[] = [];
    for (const route of ROUTES) measured.push(await measure(origin, route.path, route.account));
    return measured;
  });

  console.log('\nFirst-load JavaScript per route (gzip, bytes on the wire, cold cache)');
  console.log('route'.padEnd(20) + 'scripts'.padStart(8) + 'gzip JS'.padStart(12) + 'React copies'.padStart(14));
  for (const result of results) {
    console.log(result.path.padEnd(20) + String(result.scripts).padStart(8) + kilobytes(result.gzipBytes).padStart(12) + String(result.reactCopies).padStart(14));
  }

  const landing = results.find((result) => result.path === '/');
  const problems = [
    ...results.filter((result) => result.reactCopies !== 1).map((result) => `${result.path} loaded React ${result.reactCopies} times`),
    ...(landing && landing.gzipBytes > BUDGET_FIRST_LOAD_BYTES ? [`/ is over the ${kilobytes(BUDGET_FIRST_LOAD_BYTES)} budget`] : []),
  ];
  console.log(problems.length === 0 ? `\nReact loaded once on every route; / is within the ${kilobytes(BUDGET_FIRST_LOAD_BYTES)} budget.` : `\n${problems.join('\n')}`);
  if (problems.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
