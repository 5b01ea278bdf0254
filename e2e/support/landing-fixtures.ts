import type { Page } from 'playwright-core';

/**
 * A password that meets the sign-up policy (10+ characters, upper, lower, digit, hard to guess): nothing of the
 * universities ("Lakeside University …") or people the tests register.
 */
export const NEW_PASSWORD = 'Harbor2026Kite';

let counter = 0;
/** An address no other test (or earlier run on the same stack) has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@lakeside.test`;
}

/** The keys the tab keeps in session storage (the auth session lives there while signed in). */
/**
 * Whether the tab holds no stored session within a few seconds: a refused sign-in removes it, but on a loaded machine
 * the client's own bookkeeping can still be settling when the refusal message appears.
 */
export async function sessionGone(page: Page, key: string): Promise<boolean> {
  return page
    .waitForFunction((storageKey) => window.sessionStorage.getItem(storageKey) === null, key, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Resolves once the page has had no request in flight for `quietMs`. */
export function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  return new Promise((resolve) => {
    const inFlight = new Set<unknown>();
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (inFlight.size > 0) return;
      timer = setTimeout(() => {
        page.off('request', started);
        page.off('requestfinished', finished);
        page.off('requestfailed', finished);
        resolve();
      }, quietMs);
    };
    const started = (request: unknown) => {
      inFlight.add(request);
      settle();
    };
    const finished = (request: unknown) => {
      inFlight.delete(request);
      settle();
    };
    page.on('request', started);
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);
    settle();
  });
}
