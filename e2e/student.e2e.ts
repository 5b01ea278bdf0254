import type { Locator, Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import type { BrowserSession } from './support/browser';
import { DEMO_PASSWORD, openSignedIn, signIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { clinicDay, clinicMoment, memberId, TINY_PNG, unexpectedErrors } from './support/doctor-data';
import { apiUser, clinicTimeText, passwordGrant } from './support/student-api';

const ADAMS = 'dr.adams@northfield.edu';
const NORTHFIELD_ZONE = 'America/New_York';
const WEEKDAYS = [1, 2, 3, 4, 5];
const BOOKED = 'Appointment booked successfully';
const FILL_ALL = 'Please fill in all the fields correctly';
const SUBMIT_FAILED = 'Could not reach CampusCare. Check your connection and try again.';
const NOT_FREE = 'That time is not free: choose one of the free times';
// The seeded clinic's phone: every "call the clinic" a student sees names it.
const CUTOFF =
  'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic on +1 555 010 0110 to change this one.';

let browser: BrowserSession | undefined;

const suite = useE2eSuite();

async function openAs(email: string, path: string): Promise<BrowserSession> {
  browser = await suite.openBrowser();
  await openSignedIn(browser.page, suite.stack, { signInPath: '/signin', email, path });
  return browser;
}

async function studentName(email: string): Promise<string> {
  const { rows } = await suite.stack.adminPool.query<{ name: string }>(
    "select first_name || ' ' || last_name as name from public.members where email = $1",
    [email],
  );
  return rows[0]?.name ?? '';
}

async function openBookingForm(page: Page) {
  await page.getByRole('button', { name: 'Book an Appointment' }).click();
  const form = page.getByRole('form', { name: 'Book an appointment' });
  await expectPage.visible(form);
  return form;
}

/** "15:00 (America/New_York)": a free time as the picker offers it. */
function slotOption(time: string): string {
  return `${time} (${NORTHFIELD_ZONE})`;
}

/** The times the picker offers once it has read them for the chosen day and doctor. */
async function offeredTimes(scope: Locator): Promise<string[]> {
  const time = scope.getByLabel('Time');
  await expectPage.visible(scope.getByRole('status').filter({ hasText: /free time/ }));
  return (await time.locator('option').allTextContents()).slice(1);
}

async function isInvalid(field: Locator): Promise<boolean> {
  return (await field.getAttribute('aria-invalid')) === 'true';
}

async function bookingAlert(page: Page, message: string) {
  await expectPage.visible(
    page.getByRole('form', { name: 'Book an appointment' }).getByRole('alert').filter({ hasText: message }),
  );
}

async function toastCount(page: Page, text: string): Promise<number> {
  return page.locator('.Toastify').getByText(text, { exact: true }).count();
}

describe('booking an appointment from /studentdashboard', () => {
  it('validates each field, books from the free times of the chosen doctor on the clinic clock, and reports refusals and failures without a success toast', async () => {
    const student = 'student01@northfield.edu';
    // A weekday at least four days ahead on the clinic's calendar: clear of the notice, the closure 17 days ahead and
    // Dr Bello's day off (the booking is with Dr Adams, who works whenever the clinic is open).
    const day = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 4, WEEKDAYS);
    const { page, errors } = await openAs(student, '/studentdashboard');
    await expectPage.visible(page.getByRole('heading', { name: 'Upcoming Programs' }));
    await expectPage.visible(page.getByRole('article', { name: 'Malaria Awareness Week' }));
    await expectPage.visible(page.getByRole('region', { name: 'Your information' }).getByText('NFU/2024/001'));

    const form = await openBookingForm(page);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe(await studentName(student));
    expect(await form.getByLabel('Doctor').inputValue()).toBe('');

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/book_appointment')) requests.push(request.url());
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await bookingAlert(page, FILL_ALL);
    expect(await isInvalid(form.getByLabel('Date'))).toBe(true);
    expect(await isInvalid(form.getByLabel('Time'))).toBe(true);
    expect(await isInvalid(form.getByLabel('Reason', { exact: true }))).toBe(true);
    expect(await isInvalid(form.getByLabel('Name'))).toBe(false);
    await expectPage.visible(form.getByText('Choose a date', { exact: true }));

    // The reason is one of the clinic's types the student may book, with its length; "Other" asks what it is about.
    const reasons = await form.getByLabel('Reason', { exact: true }).locator('option').allTextContents();
    expect(reasons).toEqual([
      'Choose a reason',
      'Check-up · 30 min',
      'Consultation · 30 min',
      'Follow-up · 30 min',
      'Malaria · 30 min',
      'Vaccination · 15 min',
      'Other · 30 min',
    ]);
    await form.getByLabel('Reason', { exact: true }).selectOption({ label: 'Other · 30 min' });
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Doctor').selectOption({ label: 'Dr Amelia Adams' });
    const offered = await offeredTimes(form);
    expect(offered).toContain(slotOption('15:00'));
    expect(offered.every((label) => label.endsWith(` (${NORTHFIELD_ZONE})`))).toBe(true);
    await form.getByLabel('Time').selectOption({ label: slotOption('15:00') });
    await form.getByLabel('Department').fill('');
    await form.getByRole('button', { name: 'Submit' }).click();
    await bookingAlert(page, FILL_ALL);
    expect(await isInvalid(form.getByLabel('Department'))).toBe(true);
    expect(await isInvalid(form.getByLabel('What is the visit about?'))).toBe(true);
    expect(await isInvalid(form.getByLabel('Time'))).toBe(false);
    expect(requests).toEqual([]);

    await form.getByLabel('Department').fill('Computer Science');
    await form.getByLabel('What is the visit about?').fill('Sports injury');
    await page.route('**/rest/v1/rpc/book_appointment', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'P0001',
          message: 'The clinic is closed for a staff day',
          details: null,
          hint: null,
        }),
      }),
    );
    await form.getByRole('button', { name: 'Submit' }).click();
    await bookingAlert(page, 'The clinic is closed for a staff day');
    expect(await toastCount(page, BOOKED)).toBe(0);

    await page.unroute('**/rest/v1/rpc/book_appointment');
    let releaseAbort: () => void = () => undefined;
    const abortReleased = new Promise<void>((resolve) => (releaseAbort = resolve));
    await page.route('**/rest/v1/rpc/book_appointment', async (route) => {
      await abortReleased;
      await route.abort('connectionrefused');
    });
    // The refusal read the free times again; 15:00 is still free, so it is still chosen.
    await offeredTimes(form);
    expect(await form.getByLabel('Time').locator('option:checked').textContent()).toBe(slotOption('15:00'));
    await form.getByRole('button', { name: 'Submit' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expectPage.visible(sending);
    expect(await sending.isDisabled()).toBe(true);
    releaseAbort();
    await bookingAlert(page, SUBMIT_FAILED);
    expect(await toastCount(page, BOOKED)).toBe(0);
    await page.unroute('**/rest/v1/rpc/book_appointment');

    // Another student takes 15:00 with Dr Adams meanwhile: the database refuses, and the picker stops offering it.
    const other = await apiUser(suite.stack, 'student09@northfield.edu');
    const taken = await other.rest('rpc/book_appointment', {
      method: 'POST',
      body: {
        date: (await clinicMoment(suite.stack.adminPool, NORTHFIELD_ZONE, day, '15:00')).toISOString(),
        reason: 'Check-up',
        provider_id: await memberId(suite.stack.adminPool, ADAMS),
      },
    });
    expect(taken.status).toBe(200);
    await form.getByRole('button', { name: 'Submit' }).click();
    await bookingAlert(page, NOT_FREE);
    expect(await toastCount(page, BOOKED)).toBe(0);
    // The refused time is no longer chosen once the free times were read again.
    await form.getByLabel('Time').locator('option:checked[value=""]').waitFor({ state: 'attached' });
    expect(await offeredTimes(form)).not.toContain(slotOption('15:00'));

    await form.getByLabel('Time').selectOption({ label: slotOption('15:30') });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText(BOOKED, { exact: true }));
    expect(await form.getByLabel('Date').inputValue()).toBe('');
    expect(await form.getByLabel('Reason', { exact: true }).inputValue()).toBe('');

    const upcoming = page.getByRole('table', { name: 'Upcoming appointments' });
    await expectPage.visible(
      upcoming
        .getByRole('row')
        .filter({ hasText: 'Other: Sports injury' })
        .filter({ hasText: 'Dr Amelia Adams' })
        .filter({ hasText: clinicTimeText(day, '15:30', NORTHFIELD_ZONE) }),
    );

    const start = await clinicMoment(suite.stack.adminPool, NORTHFIELD_ZONE, day, '15:30');
    const { rows } = await suite.stack.adminPool.query(
      'select reason, status, provider_id, duration_minutes from public.appointments where student_id = $1 and date = $2',
      [await memberId(suite.stack.adminPool, student), start],
    );
    expect(rows).toEqual([
      {
        reason: 'Other: Sports injury',
        status: 'scheduled',
        provider_id: await memberId(suite.stack.adminPool, ADAMS),
        duration_minutes: 30,
      },
    ]);

    // The student's own visit blocks that time with any doctor: the first available is not offered it again.
    await form.getByLabel('Date').fill(day);
    expect(await offeredTimes(form)).not.toContain(slotOption('15:30'));
    expect(unexpectedErrors(errors)).toEqual([]);

    // The doctor sees it in their own list, through the API and on their dashboard.
    const doctor = await apiUser(suite.stack, ADAMS);
    const own = await doctor.rest(
      `appointments?select=name,reason&provider_id=eq.${doctor.id}&date=eq.${encodeURIComponent(start.toISOString())}`,
    );
    expect(own.body).toEqual([{ name: await studentName(student), reason: 'Other: Sports injury' }]);
    await browser?.close();
    browser = await suite.openBrowser();
    await browser.page.goto(`${suite.stack.url}/adminsignin`);
    await expectPage.mainHeading(browser.page);
    await signIn(browser.page, suite.stack.url, suite.stack.anonKey, ADAMS);
    await browser.page.goto(`${suite.stack.url}/dashboarrd`);
    await expectPage.visible(
      browser.page
        .getByRole('row')
        .filter({ hasText: await studentName(student) })
        .filter({ hasText: 'Other: Sports injury' }),
    );
  });
});

describe('my appointments', () => {
  it('lists upcoming and past visits on the clinic clock, reschedules to a free time, cancels with a reason, and locks changes past the cutoff', async () => {
    const student = 'student02@northfield.edu';
    const pool = suite.stack.adminPool;
    const id = await memberId(pool, student);
    const adams = await memberId(pool, ADAMS);
    const bookedDay = await clinicDay(pool, NORTHFIELD_ZONE, 2, WEEKDAYS);
    const api = await apiUser(suite.stack, student);
    const booked = await api.rest('rpc/book_appointment', {
      method: 'POST',
      body: {
        date: (await clinicMoment(pool, NORTHFIELD_ZONE, bookedDay, '13:00')).toISOString(),
        reason: 'Other: E2E knee check',
        provider_id: adams,
      },
    });
    expect(booked.status).toBe(200);
    // A visit six hours from now: inside the 12-hour cutoff.
    const soon = await pool.query(
      `update public.appointments set date = date_trunc('minute', now()) + interval '6 hours', reason = 'Other: E2E soon visit'
        where id = (select id from public.appointments where student_id = $1 and status = 'scheduled' and date > now() + interval '9 days' order by date limit 1)`,
      [id],
    );
    expect(soon.rowCount).toBe(1);

    const { page, errors } = await openAs(student, '/studentdashboard');
    const upcoming = page.getByRole('table', { name: 'Upcoming appointments' });
    const past = page.getByRole('table', { name: 'Past appointments' });
    const row = upcoming.getByRole('row').filter({ hasText: 'Other: E2E knee check' });
    await expectPage.visible(row.filter({ hasText: clinicTimeText(bookedDay, '13:00', NORTHFIELD_ZONE) }));
    // The visit going on now is upcoming; completed ones are past, and nothing past is upcoming.
    await expectPage.visible(upcoming.getByText('Ongoing'));
    await expectPage.visible(past.getByText('Completed').first());
    expect(await upcoming.getByText(/^(Completed|Cancelled)$/).count()).toBe(0);

    const locked = upcoming.getByRole('row').filter({ hasText: 'Other: E2E soon visit' });
    await locked.getByRole('button', { name: /^Actions for the appointment/ }).click();
    await page.getByRole('menuitem', { name: 'Reschedule', exact: true }).click();
    const lockedDialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await expectPage.visible(lockedDialog.getByText(CUTOFF));
    expect(await lockedDialog.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
    await lockedDialog.getByRole('button', { name: 'Keep current time' }).click();
    await locked.getByRole('button', { name: /^Actions for the appointment/ }).click();
    await page.getByRole('menuitem', { name: 'Cancel', exact: true }).click();
    const lockedCancel = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expectPage.visible(lockedCancel.getByText(CUTOFF));
    expect(await lockedCancel.getByRole('button', { name: 'Cancel appointment' }).isDisabled()).toBe(true);
    await lockedCancel.getByRole('button', { name: 'Keep appointment' }).click();

    await row.getByRole('button', { name: /^Actions for the appointment/ }).click();
    await page.getByRole('menuitem', { name: 'Reschedule', exact: true }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
    expect(await reschedule.getByLabel('Date').inputValue()).toBe(bookedDay);
    const newDay = await clinicDay(pool, NORTHFIELD_ZONE, 4, WEEKDAYS);
    await reschedule.getByLabel('Date').fill(newDay);
    expect(await offeredTimes(reschedule)).toContain(slotOption('14:30'));
    await reschedule.getByLabel('Time').selectOption({ label: slotOption('14:30') });
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Appointment rescheduled', { exact: true }));
    const moved = await pool.query(
      'select date, provider_id from public.appointments where student_id = $1 and reason = $2',
      [id, 'Other: E2E knee check'],
    );
    expect(moved.rows).toEqual([
      { date: await clinicMoment(pool, NORTHFIELD_ZONE, newDay, '14:30'), provider_id: adams },
    ]);
    await expectPage.visible(row.filter({ hasText: clinicTimeText(newDay, '14:30', NORTHFIELD_ZONE) }));

    await row.getByRole('button', { name: /^Actions for the appointment/ }).click();
    await page.getByRole('menuitem', { name: 'Cancel', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel appointment' });
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await expectPage.visible(cancel.getByText('Give a reason for cancelling the appointment'));
    await cancel.getByLabel('Reason for cancelling').fill('Feeling better');
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Appointment cancelled', { exact: true }));
    // Cancelled, it is no longer upcoming: it is listed under Past, with its reason and no actions.
    const cancelled = past.getByRole('row').filter({ hasText: 'Other: E2E knee check' });
    await expectPage.visible(cancelled.getByText('Cancelled'));
    await expectPage.visible(cancelled.getByText('Feeling better'));
    expect(await cancelled.getByRole('button', { name: /^Actions for the appointment/ }).count()).toBe(0);
    expect(await row.count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('settings', () => {
  it('edits personal details, photo and health information, persisted after signing in again', async () => {
    const student = 'student03@northfield.edu';
    const { page, errors } = await openAs(student, '/studentprofile');
    const details = page.getByRole('form', { name: 'Personal details' });
    await expectPage.visible(details.getByLabel('Matric number'));
    const stored = await suite.stack.adminPool.query<{ reg_number: string }>(
      'select reg_number from public.members where email = $1',
      [student],
    );
    expect(await details.getByLabel('Matric number').inputValue()).toBe(stored.rows[0]?.reg_number);
    await details.getByLabel('Phone').fill('+234 803 555 0199');
    await details.getByLabel('Department').fill('Pharmacy');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Profile saved', { exact: true }));

    await page
      .getByRole('region', { name: 'Profile photo' })
      .getByLabel('Profile photo', { exact: true })
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Change Profile photo' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Profile photo updated', { exact: true }));

    const health = page.getByRole('form', { name: 'Health information' });
    await health.getByLabel('Genotype', { exact: true }).selectOption('SC');
    await health.getByLabel('Blood group', { exact: true }).selectOption('AB-');
    await health.getByRole('radio', { name: 'Yes' }).check();
    await health.getByLabel('Allergies', { exact: true }).fill('Sulfa drugs');
    await health.getByLabel('BMI', { exact: true }).fill('5');
    await health.getByRole('button', { name: 'Save health information' }).click();
    await expectPage.visible(health.getByText('BMI must be a number between 10 and 80'));
    await health.getByLabel('BMI', { exact: true }).fill('23.4');
    await health.getByRole('button', { name: 'Save health information' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Health information saved', { exact: true }));
    expect(unexpectedErrors(errors)).toEqual([]);

    await browser?.close();
    const again = await openAs(student, '/studentprofile');
    const reloaded = again.page.getByRole('form', { name: 'Health information' });
    await expectPage.visible(reloaded.getByLabel('Genotype', { exact: true }));
    expect(await reloaded.getByLabel('Genotype', { exact: true }).inputValue()).toBe('SC');
    expect(await reloaded.getByLabel('Blood group', { exact: true }).inputValue()).toBe('AB-');
    expect(await reloaded.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    expect(await reloaded.getByLabel('Allergies', { exact: true }).inputValue()).toBe('Sulfa drugs');
    expect(await reloaded.getByLabel('BMI', { exact: true }).inputValue()).toBe('23.4');
    await expectPage.visible(again.page.getByRole('img', { name: 'Profile photo' }));

    await again.page.getByRole('link', { name: 'Dashboard' }).click();
    const info = again.page.getByRole('region', { name: 'Your information' });
    await expectPage.visible(info.getByText('+234 803 555 0199'));
    await expectPage.visible(info.getByText('Pharmacy'));
  });

  it('changes the password only with the right current password', async () => {
    const student = 'student04@northfield.edu';
    const newPassword = 'BetterPass2027';
    const { page, errors } = await openAs(student, '/studentpassword');
    const form = page.getByRole('form', { name: 'Change password' });
    expect(await form.getByLabel('Current Password', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Current Password', { exact: true }).getAttribute('type')).toBe('password');

    await form.getByLabel('Current Password', { exact: true }).fill('WrongPass2026');
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm New Password', { exact: true }).fill('Different2027');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectPage.visible(form.getByText('New passwords do not match.'));

    await form.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectPage.visible(form.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }));

    await form.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Password changed successfully!', { exact: true }));
    expect(unexpectedErrors(errors)).toEqual([]);

    expect((await passwordGrant(suite.stack, student, DEMO_PASSWORD)).status).toBe(400);
    expect((await passwordGrant(suite.stack, student, newPassword)).ok).toBe(true);
  });
});

describe('programs', () => {
  it('lists the university programs, upcoming first, beside the sidebar whose Log Out leads to /', async () => {
    const { page, errors } = await openAs('student05@northfield.edu', '/studentprogram');
    const cards = page.getByRole('list', { name: 'Programs' }).getByRole('article');
    await expectPage.visible(cards.first());
    const titles = await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
    expect(titles).toEqual([
      'Malaria Awareness Week',
      'Blood Donation Drive',
      'Mental Health Check-in',
      'Fitness and Nutrition Fair',
      'Vaccination Clinic',
    ]);

    const sidebar = page.getByRole('navigation', { name: 'Student navigation' });
    const links = await sidebar.getByRole('link').allTextContents();
    expect(links).toEqual(['Dashboard', 'My visits', 'Immunizations', 'Programs', 'Settings']);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${suite.stack.url}/`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('isolation', () => {
  it("never gives a student another student's appointments or health data through the API", async () => {
    const me = await apiUser(suite.stack, 'student06@northfield.edu');
    const other = await memberId(suite.stack.adminPool, 'student07@northfield.edu');
    const southbank = await memberId(suite.stack.adminPool, 'student06@southbank.edu');

    const appointments = await me.rest('appointments?select=student_id');
    expect((appointments.body as { student_id: string }[]).length).toBeGreaterThan(0);
    expect(new Set((appointments.body as { student_id: string }[]).map((row) => row.student_id))).toEqual(
      new Set([me.id]),
    );
    expect((await me.rest(`appointments?student_id=eq.${other}`)).body).toEqual([]);
    expect((await me.rest(`appointments?student_id=eq.${southbank}`)).body).toEqual([]);

    const health = await me.rest('health_profiles?select=student_id');
    expect(health.body).toEqual([{ student_id: me.id }]);
    expect((await me.rest(`health_profiles?student_id=eq.${other}`)).body).toEqual([]);
    const audited = await me.rest('rpc/get_health_profile', { method: 'POST', body: { student_id: other } });
    expect(audited.status).toBeGreaterThanOrEqual(400);
    expect(audited.body).toEqual(
      expect.objectContaining({ message: "Only doctors of the student's university can read health profiles" }),
    );

    const theirs = await suite.stack.adminPool.query<{ id: string }>(
      "select id from public.appointments where student_id = $1 and status = 'scheduled' limit 1",
      [other],
    );
    const change = await me.rest('rpc/update_appointment', {
      method: 'POST',
      body: { id: theirs.rows[0]?.id, status: 'cancelled', cancel_reason: 'Not mine' },
    });
    expect(change.status).toBeGreaterThanOrEqual(400);
    const after = await suite.stack.adminPool.query('select status from public.appointments where id = $1', [
      theirs.rows[0]?.id,
    ]);
    expect(after.rows[0].status).toBe('scheduled');

    const members = await me.rest('members?select=id');
    expect(members.body).toEqual([{ id: me.id }]);
  });
});

// The shared RoleLayout keeps its sidebar beside the content at every width, so this measures the student's
// content in a 360 px wide content column; stacking the sidebar on phones belongs to RoleLayout.
describe('on a 360 px wide phone', () => {
  it.each(['/studentdashboard', '/studentprogram', '/studentprofile', '/studentpassword'])(
    '%s fits a 360 px column',
    async (path) => {
      const { page, errors } = await openAs('student08@northfield.edu', path);
      const sidebarWidth = await page.evaluate(() =>
        parseInt(getComputedStyle(document.documentElement).getPropertyValue('--cc-sidebar-width'), 10),
      );
      await page.setViewportSize({ width: 360 + sidebarWidth, height: 740 });
      if (path === '/studentdashboard') {
        await openBookingForm(page);
        await expectPage.visible(page.getByRole('table', { name: 'Upcoming appointments' }));
      }
      const overflow = await page.getByRole('main').evaluate((main) => main.scrollWidth - main.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});
