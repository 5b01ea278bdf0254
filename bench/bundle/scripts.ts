import type { CDPSession } from 'playwright-core';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import { PRERENDERED_PATH_ATTRIBUTE } from '../../shell/src/app/prerenderedPath';
import { SESSION_STORAGE_KEY } from '../../shared/src/supabase/client';
import type { BenchRoute } from './routes';
import { sessionFor } from './session';

/** Only React's core module defines createContext; every build carries one as a fallback, so copies show up here. */
const REACT_CORE_MARKER = '.createContext=function';

export interface ScriptMeasurement {
  readonly scripts: number;
  readonly gzipBytes: number;
  readonly reactCopies: number;
}

function collectScripts(cdp: CDPSession) {
  const scriptRequests = new Set<string>();
  const finished: Array<{ requestId: string; bytes: number }> = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    scriptRequests.add(event.requestId);
    const encoding = Object.entries(event.response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1];
    if (encoding !== 'gzip' && Number(event.response.headers['content-length'] ?? Infinity) > 1024) {
      console.warn(`warning: ${event.response.url} arrived with content-encoding ${encoding ?? 'none'}`);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scriptRequests.has(event.requestId))
      finished.push({ requestId: event.requestId, bytes: event.encodedDataLength });
  });
  return finished;
}

/**
 * First-load JavaScript of one route, as Chromium fetches it through the gateway: gzip bytes on the wire and how many
 * copies of React arrived. A fresh browser profile per route (cold cache).
 */
export async function measureScripts(origin: string, route: BenchRoute): Promise<ScriptMeasurement> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'campuscare-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (route.account) {
      await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
        SESSION_STORAGE_KEY,
        await sessionFor(origin, route.account),
      ] as const);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // The budget is in gzip bytes; Chromium would otherwise negotiate brotli or zstd.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    const scripts = collectScripts(cdp);

    await page.goto(`${origin}${route.path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    // A prerendered dashboard shows its heading before the page's code is here: the page is whole once it is live.
    await page.locator(`#root[${PRERENDERED_PATH_ATTRIBUTE}]`).waitFor({ state: 'detached' });
    const landedOn = new URL(page.url()).pathname;
    if (landedOn !== route.path) throw new Error(`${route.path} redirected to ${landedOn}`);
    await page.waitForLoadState('networkidle');

    let reactCopies = 0;
    for (const script of scripts) {
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: script.requestId });
      const source = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (source.includes(REACT_CORE_MARKER)) reactCopies += 1;
    }
    return { scripts: scripts.length, gzipBytes: scripts.reduce((sum, script) => sum + script.bytes, 0), reactCopies };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
