import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught page errors seen so far. */
  readonly errors: string[];
  /** Where the page is, what it shows and what went wrong in it: printed when a test fails. */
  report(): Promise<string>;
  close(): Promise<void>;
}

const REPORTED_REQUESTS = 20;
const REPORTED_TEXT = 4000;

export interface BrowserOptions {
  /** The computer's time zone as the page sees it (IANA name); the machine's when absent. */
  readonly timezoneId?: string;
}

/** A fresh Chromium profile per session, so no state leaks between tests. */
export async function openBrowser({ timezoneId }: BrowserOptions = {}): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'campuscare-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timezoneId,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const refusedRequests: string[] = [];
  const noteRequest = (line: string) => {
    refusedRequests.push(line);
    if (refusedRequests.length > REPORTED_REQUESTS) refusedRequests.shift();
  };
  page.on('response', (response) => {
    if (response.status() >= 400) noteRequest(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) =>
    noteRequest(`${request.failure()?.errorText ?? 'failed'} ${request.method()} ${request.url()}`),
  );
  return {
    context,
    page,
    errors,
    async report() {
      const text = await page
        .locator('body')
        .innerText({ timeout: 5_000 })
        .catch((error: Error) => `(not readable: ${error.message})`);
      return [
        `URL: ${page.url()}`,
        `Console errors: ${errors.length === 0 ? 'none' : errors.join('\n  ')}`,
        `Requests refused or failed (the last ${REPORTED_REQUESTS}): ${refusedRequests.length === 0 ? 'none' : refusedRequests.join('\n  ')}`,
        `Text on screen:\n${text.slice(0, REPORTED_TEXT)}`,
      ].join('\n');
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
