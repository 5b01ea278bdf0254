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
  close(): Promise<void>;
}

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
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
