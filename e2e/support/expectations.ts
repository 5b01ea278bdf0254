import type { Locator, Page } from 'playwright-core';

/** playwright-core has no test runner assertions: these wait for the element the way a person would look for it. */
async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

async function heading(page: Page, name: string): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
}

/** Every contract page has one level-1 heading once its remote has rendered it. */
async function mainHeading(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1 }));
  const fallback = page.getByRole('heading', { name: /is unavailable right now/ });
  if ((await fallback.count()) > 0) throw new Error(`${page.url()} shows the remote fallback`);
}

export const expect = { visible, heading, mainHeading };
