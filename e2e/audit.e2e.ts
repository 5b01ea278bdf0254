import { readFileSync } from 'node:fs';
import { unexpectedConsoleErrors } from './support/admin-helpers';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, openSignedIn } from './support/session';
import { useE2eSuite } from './support/suite';

const SUPER_ADMIN = 'admin@northfield.edu';
const PLAIN_ADMIN_NAME = 'Mrs Grace Okafor';

const suite = useE2eSuite();

async function openAs(email: string, path: string) {
  const browser = await suite.openBrowser();
  await openSignedIn(browser.page, suite.stack, { signInPath: '/adminsignin', email, path });
  return browser;
}

/** A wrong password for an account, through the auth API as the sign-in page sends it. */
async function failSignIn(email: string): Promise<void> {
  const response = await fetch(`${suite.stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: suite.stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Wrong-password-2026' }),
  });
  if (response.status !== 400) throw new Error(`expected a refused sign-in, got HTTP ${response.status}`);
}

describe('the audit log', () => {
  it('lets the super admin open it from the sidebar, filter it and export the filtered entries as CSV', async () => {
    await failSignIn(DEMO_ACCOUNTS.registrar);
    const { page, errors } = await openAs(SUPER_ADMIN, '/dashboardd');
    await page
      .getByRole('navigation', { name: 'University account navigation' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expectPage.heading(page, 'Audit log');
    expect(new URL(page.url()).pathname).toBe('/adminaudit');
    const table = page.getByRole('table', { name: 'Audit log' });
    // The super admin's own sign-in is the newest entry.
    await expectPage.visible(table.getByRole('row').filter({ hasText: 'Signed in from' }));

    await page.getByLabel('Event').selectOption({ label: 'Failed sign-in' });
    await page.getByLabel('Person').fill('okafor');
    const failed = table.getByRole('row').filter({ hasText: 'Wrong password' });
    await expectPage.visible(failed);
    await expectPage.visible(page.getByText('Page 1 of 1'));
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(2);
    expect(await failed.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      'Unknown (not signed in)',
      'Failed sign-in',
      `Sign-in${PLAIN_ADMIN_NAME}`,
      expect.stringMatching(/^Wrong password/),
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"When (UTC)","Person","Email","Role","Event","What","About","Details"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"\\d{4}-\\d{2}-\\d{2}T[^"]+","Unknown \\(not signed in\\)","","","Failed sign-in","Sign-in","${PLAIN_ADMIN_NAME}","Wrong password`,
      ),
    );
    await expectPage.visible(page.getByText('Exported 1 entry'));
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('is not offered to an admin who is not super admin, and its address leads back to the dashboard', async () => {
    const { page, errors } = await openAs(DEMO_ACCOUNTS.registrar, '/dashboardd');
    const navigation = page.getByRole('navigation', { name: 'University account navigation' });
    await expectPage.visible(navigation.getByRole('link', { name: 'Students' }));
    expect(await navigation.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await page.goto(`${suite.stack.url}/adminaudit`);
    await expectPage.heading(page, 'Dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboardd');
    expect(await page.getByRole('table', { name: 'Audit log' }).count()).toBe(0);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});
