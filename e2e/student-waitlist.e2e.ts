import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import { openSignedIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { clinicDay, clinicMoment, dayText, memberId, unexpectedErrors } from './support/doctor-data';
import { apiUser } from './support/student-api';

const NORTHFIELD_ZONE = 'America/New_York';
const WEEKDAYS = [1, 2, 3, 4, 5];
const ADAMS = 'dr.adams@northfield.edu';
const CHEN = 'dr.chen@northfield.edu';
/** The seeded clinic's phone, as every "call the clinic" names it. */
const CALL_THE_CLINIC = /Please call the clinic on \+1 555 010 0110 to change this one\.$/;
const WAITLIST_FORM = 'Tell me if an earlier time frees up';

const suite = useE2eSuite();

async function openDashboard(email: string): Promise<{ readonly page: Page; readonly errors: string[] }> {
  const browser = await suite.openBrowser();
  await openSignedIn(browser.page, suite.stack, { signInPath: '/signin', email, path: '/studentdashboard' });
  return browser;
}

async function doctorOptions(page: Page, formName: string): Promise<string[]> {
  return page.getByRole('form', { name: formName }).getByLabel('Doctor').locator('option').allTextContents();
}

/** Books a visit with Dr Adams through the API, as the student's own client would, and returns its id. */
async function bookAs(email: string, day: string, time: string, reason: string): Promise<string> {
  const pool = suite.stack.adminPool;
  const student = await apiUser(suite.stack, email);
  const booked = await student.rest('rpc/book_appointment', {
    method: 'POST',
    body: {
      date: (await clinicMoment(pool, NORTHFIELD_ZONE, day, time)).toISOString(),
      reason,
      provider_id: await memberId(pool, ADAMS),
    },
  });
  expect(booked.status).toBe(200);
  return (booked.body as { id: string }).id;
}

async function setNorthfieldCutoff(minutes: number): Promise<void> {
  await suite.stack.adminPool.query(
    'update public.clinic_settings set student_change_cutoff_minutes = $1 where university_id = (select university_id from public.members where email = $2)',
    [minutes, ADAMS],
  );
}

describe('the doctors a student is offered', () => {
  it('lists only doctors ready to see students, in the booking form and the waitlist alike', async () => {
    const pool = suite.stack.adminPool;
    // An operator asked Dr Chen to choose a new password: until then, students are not offered her.
    await pool.query('update public.members set must_change_password = true where email = $1', [CHEN]);
    try {
      const { page, errors } = await openDashboard('student12@northfield.edu');
      await page.getByRole('button', { name: 'Book an Appointment' }).click();
      const booking = page.getByRole('form', { name: 'Book an appointment' });
      await booking.getByRole('option', { name: 'Dr Amelia Adams' }).waitFor({ state: 'attached' });
      expect(await doctorOptions(page, 'Book an appointment')).toEqual([
        'First available doctor',
        'Dr Amelia Adams',
        'Dr Tunde Bello',
      ]);
      expect(await doctorOptions(page, WAITLIST_FORM)).toEqual(['Any doctor', 'Dr Amelia Adams', 'Dr Tunde Bello']);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await pool.query('update public.members set must_change_password = false where email = $1', [CHEN]);
    }
  });
});

describe('the grace period', () => {
  it('lets a student cancel a booking just made inside the cutoff, not move it, and names the clinic’s phone', async () => {
    const pool = suite.stack.adminPool;
    // A cutoff of 14 days puts any visit of the coming days inside it, whatever the hour.
    await setNorthfieldCutoff(20160);
    try {
      const day = await clinicDay(pool, NORTHFIELD_ZONE, 3, WEEKDAYS);
      const id = await bookAs('student11@northfield.edu', day, '14:00', 'Other: E2E booked by mistake');
      const { page, errors } = await openDashboard('student11@northfield.edu');
      const row = page
        .getByRole('table', { name: 'Upcoming appointments' })
        .getByRole('row')
        .filter({ hasText: 'Other: E2E booked by mistake' });

      await row.getByRole('button', { name: /^Actions for the appointment/ }).click();
      await page.getByRole('menuitem', { name: 'Reschedule', exact: true }).click();
      const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
      await expectPage.visible(reschedule.getByText(CALL_THE_CLINIC));
      expect(await reschedule.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
      await reschedule.getByRole('button', { name: 'Keep current time' }).click();

      await row.getByRole('button', { name: /^Actions for the appointment/ }).click();
      await page.getByRole('menuitem', { name: 'Cancel', exact: true }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel appointment' });
      await cancel.getByLabel('Reason for cancelling').fill('Booked the wrong day');
      await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
      await expectPage.visible(page.locator('.Toastify').getByText('Appointment cancelled', { exact: true }));
      const { rows } = await pool.query<{ status: string }>('select status from public.appointments where id = $1', [
        id,
      ]);
      expect(rows).toEqual([{ status: 'cancelled' }]);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await setNorthfieldCutoff(720);
    }
  });
});

describe('the waitlist', () => {
  it('emails a waiting student when a visit on their day is cancelled, lets them book it, and ends their request', async () => {
    const pool = suite.stack.adminPool;
    const waiting = 'student13@northfield.edu';
    const day = await clinicDay(pool, NORTHFIELD_ZONE, 6, WEEKDAYS);
    const othersVisit = await bookAs('student14@northfield.edu', day, '15:30', 'Check-up');

    const { page, errors } = await openDashboard(waiting);
    const request = page.getByRole('form', { name: WAITLIST_FORM });
    await request.getByLabel('First day').fill(day);
    await request.getByLabel('Last day').fill(day);
    await request.getByRole('button', { name: 'Tell me' }).click();
    const waitlist = page.getByRole('region', { name: WAITLIST_FORM });
    await expectPage.visible(waitlist.getByText(`${dayText(day)}, with any doctor`));
    await expectPage.visible(waitlist.getByRole('button', { name: 'Leave the waitlist' }));

    // The other student cancels: the time is offered to those waiting for that day.
    const other = await apiUser(suite.stack, 'student14@northfield.edu');
    const cancelled = await other.rest('rpc/update_appointment', {
      method: 'POST',
      body: { id: othersVisit, status: 'cancelled', cancel_reason: 'Feeling better' },
    });
    expect(cancelled.status).toBe(200);
    const offers = await pool.query<{ body: string }>(
      "select body from public.email_outbox where to_email = $1 and kind = 'waitlist_offer'",
      [waiting],
    );
    expect(offers.rows).toHaveLength(1);
    expect(offers.rows[0]!.body).toContain('Doctor: Dr Amelia Adams');

    await page.getByRole('button', { name: 'Book an Appointment' }).click();
    const form = page.getByRole('form', { name: 'Book an appointment' });
    // The type of visit first: the free times offered are as long as it.
    await form.getByLabel('Reason', { exact: true }).selectOption({ label: 'Check-up · 30 min' });
    await form.getByLabel('Doctor').selectOption({ label: 'Dr Amelia Adams' });
    await form.getByLabel('Date').fill(day);
    const time = `15:30 (${NORTHFIELD_ZONE})`;
    await form.getByLabel('Time').getByRole('option', { name: time }).waitFor({ state: 'attached' });
    await form.getByLabel('Time').selectOption({ label: time });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectPage.visible(page.locator('.Toastify').getByText('Appointment booked successfully', { exact: true }));

    await expectPage.visible(waitlist.getByText('Your last request ended when you booked a visit on those days.'));
    expect(await waitlist.getByRole('button', { name: 'Leave the waitlist' }).count()).toBe(0);
    const entries = await pool.query<{ end_reason: string | null }>(
      'select end_reason from public.waitlist_entries where student_id = $1',
      [await memberId(pool, waiting)],
    );
    expect(entries.rows).toEqual([{ end_reason: 'booked' }]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
