import type { Locator, Page } from 'playwright-core';
import { PRERENDERED_PATH_ATTRIBUTE } from '../../shell/src/app/prerenderedPath';

/** playwright-core has no test runner assertions: these wait for the element the way a person would look for it. */
async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

/**
 * A prerendered page (/, the sign-in pages) shows its heading before any script has run, and its buttons and links do
 * the app's work only once it has hydrated: tests wait until the shell marks the page live. (What is typed into it
 * before then is kept; e2e/hydration.e2e.ts types from the first paint on.)
 */
async function live(page: Page): Promise<void> {
  await page.locator(`#root[${PRERENDERED_PATH_ATTRIBUTE}]`).waitFor({ state: 'detached' });
}

async function heading(page: Page, name: string): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
  await live(page);
}

/** Every contract page has one level-1 heading once its remote has rendered it. */
async function mainHeading(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1 }));
  await live(page);
  const fallback = page.getByRole('heading', { name: /is unavailable right now/ });
  if ((await fallback.count()) > 0) throw new Error(`${page.url()} shows the remote fallback`);
}

export const expect = { visible, heading, mainHeading };
