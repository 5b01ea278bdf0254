import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import { unexpectedErrors } from './support/doctor-data';
import { DEMO_PASSWORD, fillSignIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { networkQuiet, pathOf } from './support/landing-fixtures';
import { SESSION_STORAGE_KEY } from '../shared/src/supabase/client';

const suite = useE2eSuite();

const LINK_SENT = /If an account exists for that address, we have sent a link/;
const RECOVERED_PASSWORD = 'Recovered2026Pass';

async function goto(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.stack.url}${path}`);
  await expectPage.mainHeading(page);
}

/** The /verify link of the newest email to an address, read from the local outbox. */
async function emailedLink(email: string): Promise<string> {
  const { rows } = await suite.stack.adminPool.query<{ body: string }>(
    'select body from public.email_outbox where to_email = $1 order by id desc limit 1',
    [email],
  );
  const match = rows[0] && /(http\S+\/auth\/v1\/verify\S+)/.exec(rows[0].body);
  if (!match?.[1]) throw new Error(`no link was mailed to ${email}`);
  return match[1];
}

/** A session signed in elsewhere (another device) before the reset, by the auth API's password grant. */
async function sessionElsewhere(email: string): Promise<{ refresh_token: string }> {
  const response = await fetch(`${suite.stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: suite.stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: HTTP ${response.status}`);
  return (await response.json()) as { refresh_token: string };
}

async function refreshStatus(refreshToken: string): Promise<number> {
  const response = await fetch(`${suite.stack.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: suite.stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return response.status;
}

async function signInAsStudent(page: Page, email: string, password: string): Promise<void> {
  await fillSignIn(page, email, password, 'student');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/studentdashboard');
  await expectPage.mainHeading(page);
}

describe('forgot password', () => {
  it('mails a link that sets a new password once, ends the other sessions and is refused the second time', async () => {
    const email = 'student17@northfield.edu';
    const { page, errors } = await suite.openBrowser();
    const other = await sessionElsewhere(email);

    await goto(page, '/adminsignin');
    await expectPage.visible(page.getByRole('link', { name: 'Forgot password?' }));
    await goto(page, '/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPage.heading(page, 'Forgot password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectPage.visible(page.getByRole('status').filter({ hasText: LINK_SENT }));
    const link = await emailedLink(email);

    await page.goto(link);
    await page.waitForURL('**/resetpassword');
    await expectPage.visible(page.getByText(`Choose a new password for ${email}.`));
    // The session the link carried is in the tab, not in the address bar.
    await page.waitForFunction(() => window.location.hash === '');
    await page.getByLabel('New password', { exact: true }).fill('tooweak');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectPage.visible(page.getByText('Password must be at least 10 characters long'));
    await page.getByLabel('New password', { exact: true }).fill(RECOVERED_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(RECOVERED_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/signin');
    await expectPage.visible(page.getByRole('status').filter({ hasText: 'Your password has been changed' }));
    await page.waitForFunction((key) => window.sessionStorage.getItem(key) === null, SESSION_STORAGE_KEY);

    expect(await refreshStatus(other.refresh_token)).toBe(400);
    const { rows } = await suite.stack.adminPool.query<{ count: string }>(
      'select count(*) from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(Number(rows[0]?.count)).toBe(0);

    await fillSignIn(page, email, DEMO_PASSWORD, 'student');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPage.visible(page.getByText('Incorrect email or password'));
    await signInAsStudent(page, email, RECOVERED_PASSWORD);

    await page.goto(link);
    await page.waitForURL('**/resetpassword');
    await expectPage.visible(
      page.getByText('This password reset link has expired or has already been used. Ask for a new one.'),
    );
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expectPage.heading(page, 'Forgot password');

    // An address without an account gets the same answer.
    await page.getByLabel('Email', { exact: true }).fill('nobody.here@northfield.edu');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectPage.visible(page.getByRole('status').filter({ hasText: LINK_SENT }));
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('one session for the tabs of a browser', () => {
  it('keeps a page opened in a new tab signed in, and signs every tab out with one Log Out', async () => {
    const email = 'student18@northfield.edu';
    const { context, page: first } = await suite.openBrowser();
    await goto(first, '/signin');
    await signInAsStudent(first, email, DEMO_PASSWORD);

    const second = await context.newPage();
    await goto(second, '/studentprofile');
    expect(pathOf(second)).toBe('/studentprofile');
    expect(await second.evaluate((key) => window.sessionStorage.getItem(key) !== null, SESSION_STORAGE_KEY)).toBe(true);

    await networkQuiet(second);
    await second.getByRole('button', { name: 'Log Out' }).click();
    await second.waitForURL(`${suite.stack.url}/`);
    await first.waitForURL('**/signin');
    await expectPage.visible(first.getByRole('status').filter({ hasText: 'Your session has ended' }));
    expect(await first.evaluate((key) => window.sessionStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('email change', () => {
  it('opens the emailed link on a page that says the new address, keeps its tokens out of the address bar and history, and refuses it the second time', async () => {
    const email = 'student16@northfield.edu';
    const newEmail = 'student16.mail@northfield.edu';
    const { page } = await suite.openBrowser();
    await goto(page, '/signin');
    await signInAsStudent(page, email, DEMO_PASSWORD);
    await goto(page, '/studentprofile');
    const details = page.getByRole('form', { name: 'Personal details' });
    await details.getByLabel('Email', { exact: true }).fill(newEmail);
    await details.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expectPage.visible(page.getByText(`We sent a confirmation link to ${newEmail}.`));
    const link = await emailedLink(newEmail);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${suite.stack.url}/email-changed`);

    // Opened from the mailbox, in a browser without a session.
    const { page: opened, errors } = await suite.openBrowser();
    await opened.goto(link);
    await opened.waitForURL('**/email-changed');
    await expectPage.heading(opened, 'Email address changed');
    await expectPage.visible(opened.getByRole('status').filter({ hasText: `Your email address is now ${newEmail}.` }));
    expect(opened.url()).toBe(`${suite.stack.url}/email-changed`);
    const { rows } = await suite.stack.adminPool.query<{ auth_email: string; member_email: string }>(
      'select u.email as auth_email, m.email as member_email from auth.users u join public.members m on m.id = u.id where u.id = md5($1)::uuid',
      [email],
    );
    expect(rows).toEqual([{ auth_email: newEmail, member_email: newEmail }]);

    // The link's session signed the tab in with the new address.
    await opened.getByRole('link', { name: 'Continue to your dashboard' }).click();
    await opened.waitForURL('**/studentdashboard');
    await expectPage.visible(opened.getByText(newEmail, { exact: true }));
    // Back in the history, the page is the one without the tokens.
    await opened.goBack();
    await opened.waitForURL('**/email-changed');
    expect(opened.url()).toBe(`${suite.stack.url}/email-changed`);
    expect(unexpectedErrors(errors)).toEqual([]);

    // Opened a second time, the link says in plain words that it changed nothing.
    await opened.goto(link);
    await opened.waitForURL('**/email-changed');
    await expectPage.heading(opened, 'Email address not changed');
    await expectPage.visible(
      opened
        .getByRole('alert')
        .filter({ hasText: 'This link has expired or has already been used, so your email address has not changed.' }),
    );
    expect(opened.url()).toBe(`${suite.stack.url}/email-changed`);
  });
});
