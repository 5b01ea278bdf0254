import type { Locator, Page } from 'playwright-core';
import type { TestStack } from '../../server/test/support/stack';

/** A 1×1 PNG, for logo uploads. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The seed's user ids: md5(email)::uuid. */
export async function memberIdOf(stack: TestStack, email: string): Promise<string> {
  const { rows } = await stack.adminPool.query<{ id: string }>('select id from public.members where email = $1', [
    email,
  ]);
  if (!rows[0]) throw new Error(`no member ${email}`);
  return rows[0].id;
}

/** Whether the auth API accepts this email and password (what every sign-in form does first). */
export async function canSignIn(stack: TestStack, email: string, password: string): Promise<boolean> {
  const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.ok;
}

/**
 * Waits until the local mailbox (its URL carries the secret token the stack printed) shows a message to `email` with
 * `subject`; returns the message text.
 */
export async function mailboxMessage(
  page: Page,
  mailboxUrl: string | null,
  email: string,
  subject: string,
): Promise<string> {
  if (!mailboxUrl) throw new Error('this stack serves no local mailbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(mailboxUrl);
    const message = page
      .getByRole('article')
      .filter({ hasText: `To ${email}` })
      .filter({ has: page.getByRole('heading', { name: subject }) });
    if ((await message.count()) > 0) return message.first().innerText();
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${email} in the mailbox`);
    await page.waitForTimeout(500);
  }
}

/** Opens a row's "⋮" menu (the first one named so within `scope`) and picks an item. */
export async function chooseRowAction(
  scope: Page | Locator,
  rowMenuName: string | RegExp,
  item: string,
): Promise<void> {
  await scope.getByRole('button', { name: rowMenuName }).first().click();
  // The menu opens over the page, outside the row or card that holds its button.
  const page = 'page' in scope ? scope.page() : scope;
  await page
    .getByRole('menu', { name: rowMenuName })
    .getByRole('menuitem', { name: item, exact: true })
    .first()
    .click();
}

export async function waitForText(scope: Page | Locator, text: string | RegExp): Promise<void> {
  await scope.getByText(text).first().waitFor({ state: 'visible' });
}

/** The dialog that lists the booked visits a change would affect, before it is saved. */
export function affectedVisitsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^This change affects \d+ booked visits?$/ });
}

/**
 * Clicks `save` and waits for `done`; when the change affects booked visits (which seeded visits do depending on the
 * day the suite runs), goes on past their list with `proceed` ("Save the hours anyway").
 */
export async function saveThroughAffectedVisits(
  page: Page,
  save: Locator,
  proceed: string,
  done: string,
): Promise<void> {
  await save.click();
  const affected = affectedVisitsDialog(page);
  const listed = await Promise.race([
    affected.waitFor().then(() => true),
    page
      .getByText(done)
      .first()
      .waitFor()
      .then(() => false),
  ]);
  if (listed) await affected.getByRole('button', { name: proceed }).click();
  await waitForText(page, done);
}

/** Resource errors the browser logs for requests the API refused on purpose (the UI shows the message). */
export function unexpectedConsoleErrors(errors: readonly string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}
