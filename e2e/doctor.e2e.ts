import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import type { BrowserSession } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { appointmentRow, dateTimeLocal, memberId, scheduledAppointmentsOf, TINY_PNG, unexpectedErrors } from './support/doctor-data';

const ADAMS = 'dr.adams@northfield.edu';
const CHEN = 'dr.chen@northfield.edu';
const SOUTHBANK_DOCTOR = 'dr.adams@southbank.edu';
const NEW_PROGRAM_TITLE = 'Night-shift sleep clinic';

let browser: BrowserSession | undefined;

const suite = useE2eSuite();

async function openAs(email: string, path: string): Promise<BrowserSession> {
  browser = await suite.openBrowser();
  await browser.page.goto(`${suite.stack.url}/adminsignin`);
  await expectPage.mainHeading(browser.page);
  await signIn(browser.page, suite.stack.url, suite.stack.anonKey, email);
  await browser.page.goto(`${suite.stack.url}${path}`);
  await expectPage.mainHeading(browser.page);
  return browser;
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Opens the row menu of the first "My Appointments" row of `name` and picks `action`. */
async function rowAction(page: Page, name: string, action: string, rowText?: string): Promise<void> {
  const table = page.getByRole('table', { name: 'My Appointments' });
  let rows = table.getByRole('row').filter({ hasText: name });
  if (rowText) rows = rows.filter({ hasText: rowText });
  await rows.first().getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('doctor dashboard: My Appointments', () => {
  it('shows live counts and starts, then completes, an appointment', async () => {
    const [target] = await scheduledAppointmentsOf(suite.stack.adminPool, ADAMS);
    if (!target) throw new Error('the seed gives dr.adams scheduled appointments');
    const { page, errors } = await openAs(ADAMS, '/dashboarrd');

    const { rows } = await suite.stack.adminPool.query<{ count: string }>(
      'select count(*) from public.appointments where provider_id = $1',
      [await memberId(suite.stack.adminPool, ADAMS)],
    );
    await expectPage.visible(page.getByRole('region', { name: 'Your work at a glance' }).getByText(Number(rows[0]?.count).toLocaleString('en-US'), { exact: true }));
    await expectPage.visible(page.getByRole('columnheader', { name: 'Contact Information' }));

    await rowAction(page, target.name, 'Start', 'Scheduled');
    await expectPage.visible(page.getByText('Appointment started'));
    await waitFor(() => appointmentRow(suite.stack.adminPool, target.id), (row) => row.status === 'ongoing', 'ongoing');

    await rowAction(page, target.name, 'Complete', 'Ongoing');
    await expectPage.visible(page.getByText('Appointment completed'));
    await waitFor(() => appointmentRow(suite.stack.adminPool, target.id), (row) => row.status === 'completed', 'completed');
    expect(errors).toEqual([]);
  });

  it('reschedules an appointment and refuses a time the doctor is already booked', async () => {
    const scheduled = await scheduledAppointmentsOf(suite.stack.adminPool, ADAMS);
    const moving = scheduled[0];
    const booked = scheduled.find((appointment) => appointment.name !== moving?.name);
    if (!moving || !booked) throw new Error('the seed gives dr.adams several scheduled appointments');
    const { page, errors } = await openAs(ADAMS, '/dashboarrd');

    await rowAction(page, moving.name, 'Reschedule', 'Scheduled');
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.getByLabel('New date and time').fill(dateTimeLocal(booked.date));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expectPage.visible(dialog.getByRole('alert').filter({ hasText: 'That doctor is already booked at that time' }));
    expect((await appointmentRow(suite.stack.adminPool, moving.id)).date.getTime()).toBe(moving.date.getTime());

    const freeTime = new Date(moving.date.getTime() - 24 * 60 * 60 * 1000);
    freeTime.setHours(6, 15, 0, 0);
    await dialog.getByLabel('New date and time').fill(dateTimeLocal(freeTime));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expectPage.visible(page.getByText('Appointment rescheduled'));
    await waitFor(() => appointmentRow(suite.stack.adminPool, moving.id), (row) => row.date.getTime() === freeTime.getTime(), 'the new time');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('cancels an appointment with a reason', async () => {
    const [target] = await scheduledAppointmentsOf(suite.stack.adminPool, ADAMS);
    if (!target) throw new Error('the seed gives dr.adams scheduled appointments');
    const { page, errors } = await openAs(ADAMS, '/dashboarrd');

    await rowAction(page, target.name, 'Cancel', 'Scheduled');
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expectPage.visible(dialog.getByText('Give a reason for cancelling the appointment'));
    await dialog.getByLabel('Reason for cancelling').fill('Doctor called away to an emergency');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expectPage.visible(page.getByText('Appointment cancelled'));
    const row = await waitFor(() => appointmentRow(suite.stack.adminPool, target.id), (value) => value.status === 'cancelled', 'cancelled');
    expect(row.cancel_reason).toBe('Doctor called away to an emergency');
    expect(errors).toEqual([]);
  });
});

describe('doctor patients', () => {
  it("opens a patient's record from the overview and the health profile read is audited", async () => {
    const adamsId = await memberId(suite.stack.adminPool, ADAMS);
    const studentId = await memberId(suite.stack.adminPool, 'student18@northfield.edu');
    const { rows: student } = await suite.stack.adminPool.query<{ reg_number: string }>('select reg_number from public.members where id = $1', [studentId]);
    const reg = student[0]?.reg_number ?? '';
    const auditedReads = () =>
      suite.stack.adminPool
        .query<{ count: string }>(
          "select count(*) from public.audit_log where action = 'read' and table_name = 'health_profiles' and actor_id = $1 and record_id = $2",
          [adamsId, studentId],
        )
        .then(({ rows }) => Number(rows[0]?.count));
    const before = await auditedReads();
    const { page, errors } = await openAs(ADAMS, '/patients');

    await page.getByLabel('Search appointments').fill(reg);
    const table = page.getByRole('table', { name: 'Appointments' });
    await expectPage.visible(table.getByRole('row').filter({ hasText: reg }));
    await table.getByRole('button', { name: 'Rosa Garcia' }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Patient: Rosa Garcia' });
    await expectPage.visible(dialog.getByText('Genotype'));
    await expectPage.visible(dialog.getByRole('table', { name: /^Appointment history/ }));
    await waitFor(auditedReads, (count) => count === before + 1, 'an audit row');
    expect(errors).toEqual([]);
  });
});

describe('doctor programs', () => {
  it('creates a program and shows it on /programm', async () => {
    const { page, errors } = await openAs(ADAMS, '/programm');
    await page.getByRole('link', { name: 'New program' }).first().click();
    await expectPage.heading(page, 'New program');
    await page.getByRole('button', { name: 'Create a program' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(NEW_PROGRAM_TITLE);
    await dialog.getByLabel('Description').fill('Sleep hygiene advice for students who work nights.');
    await dialog.getByLabel('Date', { exact: true }).fill('2027-03-15');
    await dialog.getByLabel('Time', { exact: true }).fill('18:30');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Location').fill('Health Centre, Room 4');
    await dialog.getByLabel('Program Type').fill('Workshop');
    await dialog.getByLabel('Target Audience').fill('Students working night shifts');
    await dialog.getByLabel('Activities').fill('Talk, questions, sleep diary');
    await dialog.getByRole('button', { name: 'Create program' }).click();

    await expectPage.visible(page.getByRole('article', { name: NEW_PROGRAM_TITLE }));
    expect(pathOf(page)).toBe('/programm');
    const { rows } = await suite.stack.adminPool.query('select created_by from public.programs where title = $1', [NEW_PROGRAM_TITLE]);
    expect(rows).toEqual([{ created_by: await memberId(suite.stack.adminPool, ADAMS) }]);
    expect(errors).toEqual([]);
  });
});

describe('doctor settings', () => {
  it('uploads a profile photo and saves the profile, shown in the top bar', async () => {
    const { page, errors } = await openAs(ADAMS, '/adminprofile');
    const adamsId = await memberId(suite.stack.adminPool, ADAMS);

    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expectPage.visible(page.getByRole('img', { name: 'Profile photo preview' }));
    await page.getByRole('button', { name: 'Change Profile photo' }).click();
    await expectPage.visible(page.getByText('Profile photo updated'));
    const { rows: avatar } = await suite.stack.adminPool.query('select avatar_path from public.members where id = $1', [adamsId]);
    expect(avatar).toEqual([{ avatar_path: `${adamsId}/avatar.png` }]);
    await expectPage.visible(page.getByRole('img', { name: 'Profile photo', exact: true }));

    await page.getByLabel('First Name').fill('Amelie');
    await page.getByLabel('Phone Number').fill('not a phone');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectPage.visible(page.getByText('Enter a valid phone number'));
    await page.getByLabel('Phone Number').fill('+1 555 010 0999');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectPage.visible(page.getByText('Profile saved'));
    await expectPage.visible(page.getByLabel('Signed in as').getByText('Dr Amelie Adams', { exact: true }));
    const { rows } = await suite.stack.adminPool.query('select first_name, phone from public.members where id = $1', [adamsId]);
    expect(rows).toEqual([{ first_name: 'Amelie', phone: '+1 555 010 0999' }]);
    expect(errors).toEqual([]);
  });

  it('makes a doctor replace their first password before anything else, with clear refusals', async () => {
    await suite.stack.adminPool.query('update public.members set must_change_password = true where email = $1', [CHEN]);
    browser = await suite.openBrowser();
    const { page, errors } = browser;
    await page.goto(`${suite.stack.url}/adminsignin`);
    await expectPage.mainHeading(page);
    await signIn(page, suite.stack.url, suite.stack.anonKey, CHEN);
    await page.goto(`${suite.stack.url}/dashboarrd`);
    await expectPage.visible(page.getByText(/Choose a new password before you continue/));
    expect(pathOf(page)).toBe('/adminpassword');

    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel('Current Password', { exact: true }).fill(current);
      await page.getByLabel('New Password', { exact: true }).fill(next);
      await page.getByLabel('Confirm New Password', { exact: true }).fill(confirm);
      await page.getByRole('button', { name: 'Save Changes' }).click();
    };
    await fill(DEMO_PASSWORD, 'Clinic2027Night', 'Clinic2027Nite');
    await expectPage.visible(page.getByText('New passwords do not match.'));
    await fill('NotMyPassword1', 'Clinic2027Night', 'Clinic2027Night');
    await expectPage.visible(page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }));
    await fill(DEMO_PASSWORD, 'Clinic2027Night', 'Clinic2027Night');
    await expectPage.visible(page.getByText('Password changed successfully!'));
    await expectPage.heading(page, 'Dashboard');
    expect(pathOf(page)).toBe('/dashboarrd');

    const { rows } = await suite.stack.adminPool.query('select must_change_password from public.members where email = $1', [CHEN]);
    expect(rows).toEqual([{ must_change_password: false }]);
    const signInWith = (password: string) =>
      fetch(`${suite.stack.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: suite.stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: CHEN, password }),
      }).then((response) => response.status);
    expect(await signInWith('Clinic2027Night')).toBe(200);
    expect(await signInWith(DEMO_PASSWORD)).toBe(400);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it("shows a doctor of another university none of Northfield's data", async () => {
    const { page, errors } = await openAs(SOUTHBANK_DOCTOR, '/dashboarrd');
    const myTable = page.getByRole('table', { name: 'My Appointments' });
    await expectPage.visible(myTable.getByRole('row').nth(1));
    expect(await myTable.textContent()).not.toMatch(/NFU\/|northfield/i);

    await page.goto(`${suite.stack.url}/patients`);
    const overview = page.getByRole('table', { name: 'Appointments' });
    await expectPage.visible(overview.getByRole('row').nth(1));
    expect(await overview.textContent()).not.toMatch(/NFU\/|northfield/i);
    await page.getByLabel('Search appointments').fill('NFU/');
    await expectPage.visible(page.getByText('No appointments match your search'));

    await page.goto(`${suite.stack.url}/programm`);
    await expectPage.visible(page.getByRole('list', { name: 'Programs' }));
    expect(await page.getByRole('list', { name: 'Programs' }).textContent()).not.toContain(NEW_PROGRAM_TITLE);
    expect(errors).toEqual([]);
  });
});
