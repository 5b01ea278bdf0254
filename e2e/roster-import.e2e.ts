import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { mailboxMessage, unexpectedConsoleErrors, waitForText } from './support/admin-helpers';
import { expect as expectPage } from './support/expectations';
import { NEW_PASSWORD } from './support/landing-fixtures';
import { useE2eSuite } from './support/suite';
import { DEMO_ACCOUNTS } from './support/session';

const suite = useE2eSuite();

const HEADER = 'Surname;Given name;E-mail;Matric no;Faculty;Level';
const CHIDI = 'Okeke;Chidi;chidi.okeke@example.edu;NFU/2026/501;Law;1';
const ADA = 'Okoro;Ada;student01@northfield.edu;NFU/2024/001;Medicine;2';
const file = (...rows: string[]) => ({
  name: 'roster.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`),
});

async function choose(page: Page, rows: string[]): Promise<void> {
  await page.getByLabel('Roster file (CSV)').setInputFiles(file(...rows));
  await waitForText(page, `roster.csv: ${rows.length} rows, UTF-8, separated by ";"`);
  await page.getByRole('button', { name: `Check ${rows.length} rows` }).click();
}

describe('importing a roster', () => {
  it('previews a file with errors, takes the corrected one, emails the invitations, and an invited student joins', async () => {
    const { page, errors } = await suite.openAsStaff(DEMO_ACCOUNTS.registrar, '/student');
    await expectPage.heading(page, 'Students');

    await choose(page, [CHIDI, 'Lin;Mei;mei.lin@example;NFU/2026/502;Law;9', ADA]);
    const summary = page.getByRole('region', { name: 'What the file holds' });
    await waitForText(summary, 'Rows with errors');
    await expectPage.visible(summary.getByText('Already members'));
    const problems = page.getByRole('table', { name: 'Rows with errors' });
    await waitForText(problems, 'Email: Enter a valid email address');
    await waitForText(problems, 'Year of study: Year of study must be a whole number from 1 to 8');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the error report (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('import-errors-roster.csv');
    const report = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(report).toEqual([
      '"Row","Field","Problem","First name","Last name","Email","Registration number","Department","Year of study","Phone"',
      '"3","Email","Enter a valid email address","Mei","Lin","mei.lin@example","NFU/2026/502","Law","9",""',
      '"3","Year of study","Year of study must be a whole number from 1 to 8","Mei","Lin","mei.lin@example","NFU/2026/502","Law","9",""',
    ]);
    // Nothing is invited before the import is confirmed.
    expect(
      await suite.query(
        `select 1 from public.student_roster where email in ('chidi.okeke@example.edu', 'mei.lin@example.edu')`,
      ),
    ).toHaveLength(0);

    // The registrar fixes the row in the spreadsheet and loads the file again.
    await page.getByRole('button', { name: 'Start again with another file' }).click();
    await choose(page, [CHIDI, 'Lin;Mei;mei.lin@example.edu;NFU/2026/502;Law;2', ADA]);
    await waitForText(summary, 'New invitations');
    await expectPage.visible(page.getByRole('button', { name: 'Invite 2 students' }));
    expect(await page.getByRole('table', { name: 'Rows with errors' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Invite 2 students' }).click();
    await page
      .getByRole('dialog', { name: 'Invite 2 students' })
      .getByRole('button', { name: 'Send the invitations' })
      .click();
    await waitForText(page, '2 students invited');

    // The result is the database's: it is there after a reload, and the invitations go out.
    await page.reload();
    await waitForText(page, '2 students invited');
    await waitForText(page, 'All 2 invitations have been sent.');
    const table = page.getByRole('table', { name: 'Students' });
    await page.getByLabel('Search students').fill('mei.lin');
    await expectPage.visible(table.getByRole('row').filter({ hasText: 'Invited, not joined' }));
    expect(unexpectedConsoleErrors(errors)).toEqual([]);

    // The invited student follows the emailed link and joins.
    const student = await suite.openBrowser();
    const mail = await mailboxMessage(
      student.page,
      suite.stack.mailboxUrl,
      'mei.lin@example.edu',
      'Join Northfield University on CampusCare',
    );
    const link = /(http\S+\/register\?join=\S+)/.exec(mail)?.[1];
    if (!link) throw new Error(`no join link in: ${mail}`);
    await student.page.goto(link);
    await waitForText(student.page, 'You are joining Northfield University');
    await student.page.getByLabel('First name').fill('Mei');
    await student.page.getByLabel('Last name').fill('Lin');
    await student.page.getByLabel('Email', { exact: true }).fill('mei.lin@example.edu');
    await student.page.getByLabel('Phone').fill('+1 555 030 0501');
    await student.page.getByLabel('Registration number').fill('NFU/2026/502');
    await student.page.getByLabel('Department').fill('Law');
    await student.page.getByLabel('Year of study').selectOption('2');
    await student.page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await student.page.getByRole('button', { name: 'Create account' }).click();
    await expectPage.visible(student.page.getByRole('heading', { name: 'Check your email' }));
    const confirmation = await mailboxMessage(
      student.page,
      suite.stack.mailboxUrl,
      'mei.lin@example.edu',
      'Confirm your CampusCare email address',
    );
    const confirmLink = /(http\S+\/auth\/v1\/verify\?\S+)/.exec(confirmation)?.[1];
    if (!confirmLink) throw new Error(`no confirmation link in: ${confirmation}`);
    await student.page.goto(confirmLink);
    await student.page.waitForURL('**/questions');

    // On the registrar's list she is a member now, joined after her invitation.
    await page.reload();
    await page.getByLabel('Search students').fill('mei.lin');
    await expectPage.visible(table.getByRole('row').filter({ hasText: 'Joined' }).filter({ hasText: 'NFU/2026/502' }));
    const [roster] = await suite.query<{ joined: boolean }>(
      `select member_id is not null as joined from public.student_roster where email = 'mei.lin@example.edu'`,
    );
    expect(roster).toEqual({ joined: true });
  });
});
