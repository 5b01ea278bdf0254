import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, signIn } from './support/session';
import { useE2eSuite } from './support/suite';

/**
 * Idle logoff in Chromium: a super admin sets the staff limit to its shortest, 5 minutes; a doctor's
 * session is then made to look idle by moving it back in the database (minutes cannot be waited for), so the shell's
 * warning comes up at once, "Stay signed in" keeps the session, and after the last minute the sign-in page says why.
 */
const suite = useE2eSuite();

/** The last minute and a bit: the warning is due at once, the sign-out two seconds after the minute. */
const SECONDS_LEFT = 62;

async function query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await suite.stack.adminPool.query(sql, params)).rows as Row[];
}

async function openAs(email: string, path: string): Promise<Page> {
  const { page } = await suite.openBrowser();
  await page.goto(`${suite.stack.url}/adminsignin`);
  await expectPage.mainHeading(page);
  await signIn(page, suite.stack.url, suite.stack.anonKey, email);
  await page.goto(`${suite.stack.url}${path}`);
  await expectPage.mainHeading(page);
  return page;
}

/** The doctor's sessions were created and last active so long ago that `SECONDS_LEFT` of the 5 minutes remain. */
async function almostIdle(email: string): Promise<void> {
  const back = `(interval '5 minutes' - make_interval(secs => ${SECONDS_LEFT}))`;
  const sessions = `select s.id from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`;
  await query(`update auth.sessions set created_at = now() - ${back} where id in (${sessions})`, [email]);
  await query(
    `update private.session_activity set last_active_at = now() - ${back} where session_id in (${sessions})`,
    [email],
  );
}

describe('idle logoff', () => {
  it('lets the super admin set the staff limit within 5 to 60 minutes', async () => {
    const page = await openAs(DEMO_ACCOUNTS.admin, '/clinicpage');
    const form = page.getByRole('form', { name: 'Idle sign-out' });
    const minutes = form.getByLabel('Sign staff out after (minutes without activity)');
    await minutes.fill('4');
    await form.getByRole('button', { name: 'Save idle sign-out' }).click();
    await expectPage.visible(form.getByText('Staff are signed out after 5 to 60 minutes without activity'));
    await minutes.fill('5');
    await form.getByRole('button', { name: 'Save idle sign-out' }).click();
    await expectPage.visible(page.getByText('Idle sign-out saved'));
    const [settings] = await query<{ staff_idle_minutes: number }>(
      `select c.staff_idle_minutes from public.clinic_settings c join public.members m on m.university_id = c.university_id where m.email = $1`,
      [DEMO_ACCOUNTS.admin],
    );
    expect(settings?.staff_idle_minutes).toBe(5);
  });

  it('warns a doctor a minute before, keeps the session on "Stay signed in", then signs out and says why', async () => {
    const page = await openAs(DEMO_ACCOUNTS.doctor, '/dashboarrd');
    await almostIdle(DEMO_ACCOUNTS.doctor);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expectPage.visible(dialog.getByText(/You will be signed out in \d+ s/));
    const touched = page.waitForResponse(
      (response) => response.url().endsWith('/rest/v1/rpc/touch_session') && response.ok(),
    );
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The server heard of it: the session has its whole limit again.
    await touched;
    const [active] = await query<{ seconds: number }>(
      `select extract(epoch from now() - a.last_active_at)::float8 as seconds from private.session_activity a
       join auth.sessions s on s.id = a.session_id join auth.users u on u.id = s.user_id where u.email = $1`,
      [DEMO_ACCOUNTS.doctor],
    );
    expect(active?.seconds).toBeLessThan(30);

    await almostIdle(DEMO_ACCOUNTS.doctor);
    await page.reload();
    await expectPage.visible(dialog);
    // Nothing happens for the last minute, as when nobody is at the screen.
    await page
      .getByText('You were signed out after 5 minutes without activity. Sign in again to continue.')
      .waitFor({ state: 'visible', timeout: (SECONDS_LEFT + 30) * 1000 });
    expect(new URL(page.url()).pathname).toBe('/adminsignin');
    const [left] = await query<{ n: number }>(
      `select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`,
      [DEMO_ACCOUNTS.doctor],
    );
    expect(left?.n).toBe(0);
  }, 180_000);
});
