import type { Flags, Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import { PRERENDERED_PATH_ATTRIBUTE } from '../../shell/src/app/prerenderedPath';
import { SESSION_STORAGE_KEY } from '../../shared/src/supabase/client';
import { routeName, type BenchRoute } from './routes';
import { sessionFor } from './session';

/**
 * Lighthouse's defaults made explicit: the goals are for Lighthouse 12 mobile with simulated throttling, so
 * a change of defaults in a later Lighthouse must not silently change what is measured.
 */
const FLAGS: Flags = {
  onlyCategories: ['performance'],
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  output: 'json',
  logLevel: 'error',
};

export interface LighthouseFigures {
  /** Of the median run (Lighthouse's computeMedianRun). */
  readonly performance: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /**
   * Every run in run order, to show the spread the median hides: its performance score and Lighthouse's benchmark
   * index of the machine at that moment (lower when the machine is slower or busier).
   */
  readonly runs: ReadonlyArray<{ readonly performance: number; readonly benchmarkIndex: number }>;
  readonly lighthouseVersion: string;
  readonly settings: Result['configSettings'];
}

function numericAudit(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined || !Number.isFinite(value))
    throw new Error(`Lighthouse on ${lhr.finalDisplayedUrl} produced no ${id}`);
  return value;
}

function performanceScore(lhr: Result): number {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined)
    throw new Error(`Lighthouse on ${lhr.finalDisplayedUrl} produced no performance score`);
  return Math.round(score * 100);
}

/** Lighthouse itself could not record the run (e.g. NO_NAVSTART, a trace it lost): worth one more try. */
class LighthouseRunError extends Error {}
const ATTEMPTS_PER_RUN = 2;

async function lighthouseWithRetry(origin: string, route: BenchRoute, log: (message: string) => void): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(origin, route);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= ATTEMPTS_PER_RUN) throw error;
      log(`${error.message}; trying that run again`);
    }
  }
}

/**
 * One Lighthouse navigation in its own Chromium and profile, so no run inherits a warm HTTP or code cache, a
 * connection or a service worker from the one before (Lighthouse also clears the origin's caches before it loads).
 */
async function lighthouseOnce(origin: string, route: BenchRoute): Promise<Result> {
  // Lighthouse is ESM only; this bench runs as CommonJS under tsx, and a dynamic import loads ESM from CommonJS.
  const { default: lighthouse } = await import('lighthouse');
  const userDataDir = mkdtempSync(join(tmpdir(), 'campuscare-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir,
    // puppeteer adds its own --headless; Lighthouse sets the mobile viewport itself, so no puppeteer default viewport.
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
    defaultViewport: null,
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error instanceof Error ? error.message : String(error)));
    if (route.account) {
      // Lighthouse navigates the page itself, so the session cannot be set after a first visit the way the e2e
      // tests do: a script that runs in every new document, before the app's own, puts it where the app's Supabase
      // client looks. Lighthouse passes through about:blank first, whose opaque origin has no sessionStorage.
      const session = await sessionFor(origin, route.account);
      await page.evaluateOnNewDocument(
        (appOrigin, key, value) => {
          if (window.location.origin === appOrigin) window.sessionStorage.setItem(key, value);
        },
        new URL(origin).origin,
        SESSION_STORAGE_KEY,
        session,
      );
    }

    const result = await lighthouse(`${origin}${route.path}`, FLAGS, undefined, page);
    if (!result) throw new Error(`Lighthouse on ${route.path} returned no result`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRunError(
        `Lighthouse on ${route.path} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    for (const warning of lhr.runWarnings)
      console.warn(
        `warning: Lighthouse on ${route.path}: ${typeof warning === 'string' ? warning : JSON.stringify(warning)}`,
      );

    // A guard that sends a visitor without a valid session to the sign-in page would otherwise be measured as the
    // dashboard: the figures would be the sign-in page's. Lighthouse's final URL follows client-side navigation.
    const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
    if (landedOn !== route.path) {
      throw new Error(
        `Lighthouse on ${route.path} ended on ${landedOn}, not the route itself${route.account ? ': the session did not reach the app' : ''}`,
      );
    }
    // And the page the browser shows now: rendered (an h1 on a live page, as the first-load measurement waits for: a
    // prerendered dashboard has its heading before its code) and still on the route. Lighthouse's back-forward-cache
    // check leaves and comes back at the end, possibly reloading the app, hence the wait.
    const rendered = await page
      .waitForSelector(`#root:not([${PRERENDERED_PATH_ATTRIBUTE}]) h1`, { timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    const pageNowOn = new URL(page.url()).pathname;
    if (!rendered || pageNowOn !== route.path) {
      const errors = pageErrors.length > 0 ? ` (page errors: ${pageErrors.join('; ')})` : '';
      throw new Error(
        `Lighthouse on ${route.path}: the page is now at ${pageNowOn}${rendered ? '' : ' and shows no h1'}, so the route did not render as measured${errors}`,
      );
    }
    for (const message of pageErrors) console.warn(`warning: ${route.path} page error during Lighthouse: ${message}`);
    return lhr;
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * `runs` Lighthouse navigations of one route; the figures are the median run's. Lighthouse's own computeMedianRun
 * picks the run closest to the median FCP and TTI, i.e. one coherent run, rather than mixing medians of each metric
 * from different runs.
 */
export async function lighthouseRoute(
  origin: string,
  route: BenchRoute,
  runs: number,
  log: (message: string) => void,
): Promise<LighthouseFigures> {
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const results: Result[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const lhr = await lighthouseWithRetry(origin, route, log);
    results.push(lhr);
    log(
      `lighthouse ${routeName(route)} run ${run}/${runs}: perf ${performanceScore(lhr)}, LCP ${Math.round(numericAudit(lhr, 'largest-contentful-paint'))} ms, ` +
        `TBT ${Math.round(numericAudit(lhr, 'total-blocking-time'))} ms, CLS ${numericAudit(lhr, 'cumulative-layout-shift').toFixed(3)}`,
    );
  }
  const median: Result = computeMedianRun(results);
  return {
    performance: performanceScore(median),
    lcpMs: numericAudit(median, 'largest-contentful-paint'),
    tbtMs: numericAudit(median, 'total-blocking-time'),
    cls: numericAudit(median, 'cumulative-layout-shift'),
    runs: results.map((lhr) => ({
      performance: performanceScore(lhr),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    })),
    lighthouseVersion: median.lighthouseVersion,
    settings: median.configSettings,
  };
}
