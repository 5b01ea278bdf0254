import type { Locator, Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import type { BrowserSession } from './support/browser';
import { DEMO_PASSWORD, openSignedIn, signIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { saveThroughAffectedVisits } from './support/admin-helpers';
import {
  appointmentRow,
  clinicDateTimeInput,
  clinicDay,
  dayText,
  memberId,
  moveToClinicToday,
  scheduledAppointmentsOf,
  TINY_PNG,
  unexpectedErrors,
} from './support/doctor-data';

const ADAMS = 'dr.adams@northfield.edu';
const CHEN = 'dr.chen@northfield.edu';
const SOUTHBANK_DOCTOR = 'dr.adams@southbank.edu';
const NEW_PROGRAM_TITLE = 'Night-shift sleep clinic';
const NORTHFIELD_ZONE = 'America/New_York';
const STATUS_LABEL: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

let browser: BrowserSession | undefined;

const suite = useE2eSuite();

async function openAs(email: string, path: string): Promise<BrowserSession> {
  browser = await suite.openBrowser();
  await openSignedIn(browser.page, suite.stack, { signInPath: '/adminsignin', email, path });
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
  await rows
    .first()
    .getByRole('button', { name: /^Actions for / })
    .click();
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
  it('shows live counts and starts a visit of today, records its note and signs it, which completes the appointment', async () => {
    const [target] = await scheduledAppointmentsOf(suite.stack.adminPool, ADAMS);
    if (!target) throw new Error('the seed gives dr.adams scheduled appointments');
    // A visit is started on its day: bring one of the later ones to today on the clinic's calendar.
    await moveToClinicToday(suite.stack.adminPool, target.id, NORTHFIELD_ZONE);
    const { page, errors } = await openAs(ADAMS, '/dashboarrd');

    const { rows } = await suite.stack.adminPool.query<{ count: string }>(
      'select count(*) from public.appointments where provider_id = $1',
      [await memberId(suite.stack.adminPool, ADAMS)],
    );
    await expectPage.visible(
      page
        .getByRole('region', { name: 'Your work at a glance' })
        .getByText(Number(rows[0]?.count).toLocaleString('en-US'), { exact: true }),
    );
    await expectPage.visible(page.getByRole('columnheader', { name: 'Contact Information' }));

    // Start opens the visit the database drafted for the appointment.
    await rowAction(page, target.name, 'Start', 'Scheduled');
    await page.waitForURL(/\/visit\?id=/);
    await expectPage.heading(page, 'Visit');
    await expectPage.visible(page.getByText('Visit started'));
    await waitFor(
      () => appointmentRow(suite.stack.adminPool, target.id),
      (row) => row.status === 'ongoing',
      'ongoing',
    );
    const visitId = new URL(page.url()).searchParams.get('id');
    const { rows: drafted } = await suite.stack.adminPool.query(
      'select appointment_id, status::text from public.visits where id = $1',
      [visitId],
    );
    expect(drafted).toEqual([{ appointment_id: target.id, status: 'draft' }]);
    await expectPage.visible(page.getByRole('region', { name: 'Patient' }).getByText(target.name, { exact: true }));

    const note = page.getByRole('form', { name: 'Visit note' });
    await note.getByLabel('Chief complaint').fill('Headache for two days');
    await note.getByLabel('Assessment').fill('Tension-type headache');
    await note.getByRole('button', { name: 'Save note' }).click();
    await expectPage.visible(note.getByText(/^All changes saved/));

    await page.getByRole('region', { name: 'Sign' }).getByRole('button', { name: 'Sign visit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign this visit?' });
    await expectPage.visible(confirm.getByText('Signing is final.'));
    await confirm.getByRole('button', { name: 'Sign visit' }).click();
    await expectPage.visible(page.getByText('Visit signed'));
    await expectPage.visible(page.getByRole('region', { name: 'Signed visit' }).getByText('Tension-type headache'));
    await expectPage.visible(page.getByRole('form', { name: 'Add an addendum' }));

    // Signing, and nothing else, completed the appointment.
    await waitFor(
      () => appointmentRow(suite.stack.adminPool, target.id),
      (row) => row.status === 'completed',
      'completed',
    );
    const { rows: signed } = await suite.stack.adminPool.query(
      'select status::text, chief_complaint, assessment, signed_at is not null as signed from public.visits where id = $1',
      [visitId],
    );
    expect(signed).toEqual([
      { status: 'signed', chief_complaint: 'Headache for two days', assessment: 'Tension-type headache', signed: true },
    ]);
    expect(errors).toEqual([]);
  });

  it("reschedules to one of the doctor's free times, as a student picks them, and offers no time already booked", async () => {
    const [moving, other] = await scheduledAppointmentsOf(suite.stack.adminPool, ADAMS);
    if (!moving || !other) throw new Error('the seed gives dr.adams several scheduled appointments');
    const adams = await memberId(suite.stack.adminPool, ADAMS);
    const freeTimes = (from: string, to: string, studentId: string) =>
      suite.stack.adminPool
        .query<{ starts_at: Date }>(
          `select f.starts_at from public.members m, private.free_slots(m.university_id, $2::date, $3::date, m.id, $4, null) f
            where m.id = $1 order by f.starts_at`,
          [adams, from, to, studentId],
        )
        .then(({ rows }) => rows.map((row) => row.starts_at));
    // Dr Adams's first free time from four days on (free for the patient too), and another of that day that his other
    // visit is moved to: taken now, so it must not be offered.
    const [slot] = await freeTimes(
      await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 4),
      await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 11),
      moving.studentId,
    );
    if (!slot) throw new Error('dr.adams has free slots next week');
    const day = clinicDateTimeInput(slot, NORTHFIELD_ZONE).slice(0, 10);
    const booked = (await freeTimes(day, day, other.studentId)).find((moment) => moment.getTime() !== slot.getTime());
    if (!booked) throw new Error('dr.adams has two free slots that day');
    await suite.stack.adminPool.query('update public.appointments set date = $1 where id = $2', [booked, other.id]);
    const timeLabel = (moment: Date) =>
      `${clinicDateTimeInput(moment, NORTHFIELD_ZONE).slice(11)} (${NORTHFIELD_ZONE})`;
    const { page, errors } = await openAs(ADAMS, '/dashboarrd');

    await rowAction(page, moving.name, 'Reschedule', 'Scheduled');
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    expect(await dialog.getByLabel('New date and time').count()).toBe(0);
    await dialog.getByLabel('Date').fill(day);
    const time = dialog.getByLabel('Time');
    await time.locator('option', { hasText: timeLabel(slot) }).waitFor({ state: 'attached' });
    const offered = await time.locator('option').allTextContents();
    expect(offered).not.toContain(timeLabel(booked));
    await expectPage.visible(dialog.getByText(`Free times only, on the clinic's clock (${NORTHFIELD_ZONE})`));

    await time.selectOption({ label: timeLabel(slot) });
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expectPage.visible(page.getByText('Appointment rescheduled'));
    await waitFor(
      () => appointmentRow(suite.stack.adminPool, moving.id),
      (row) => row.date.getTime() === slot.getTime(),
      'the free slot',
    );
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
    const row = await waitFor(
      () => appointmentRow(suite.stack.adminPool, target.id),
      (value) => value.status === 'cancelled',
      'cancelled',
    );
    expect(row.cancel_reason).toBe('Doctor called away to an emergency');
    expect(errors).toEqual([]);
  });
});

describe('doctor dashboard: My schedule', () => {
  it("shows the doctor's day and week on the clinic's calendar, each visit with its time and status", async () => {
    const adams = await memberId(suite.stack.adminPool, ADAMS);
    const visitsOn = async (day: string) =>
      (
        await suite.stack.adminPool.query<{ time: string; name: string; status: string }>(
          `select to_char(date at time zone $2, 'HH24:MI') as time, name, status::text from public.appointments
            where provider_id = $1 and (date at time zone $2)::date = $3::date order by date, id`,
          [adams, NORTHFIELD_ZONE, day],
        )
      ).rows;
    const expectVisits = async (list: Locator, day: string) => {
      const expected = await visitsOn(day);
      const shown = expected.length === 0 ? [] : await list.getByRole('listitem').allInnerTexts();
      expect(shown).toHaveLength(expected.length);
      expected.forEach((visit, index) => {
        for (const text of [visit.time, visit.name, STATUS_LABEL[visit.status] ?? visit.status])
          expect(shown[index]).toContain(text);
      });
    };
    // The next clinic day (after tomorrow) with visits of Dr Adams, and how many days ahead it is.
    const { rows: ahead } = await suite.stack.adminPool.query<{ today: string; day: string; days: number }>(
      `select to_char((now() at time zone $2)::date, 'YYYY-MM-DD') as today, to_char((date at time zone $2)::date, 'YYYY-MM-DD') as day,
              (date at time zone $2)::date - (now() at time zone $2)::date as days
         from public.appointments where provider_id = $1 and (date at time zone $2)::date > (now() at time zone $2)::date + 1
        order by date limit 1`,
      [adams, NORTHFIELD_ZONE],
    );
    const { today, day: busyDay, days } = ahead[0] ?? { today: '', day: '', days: 0 };
    if (!busyDay) throw new Error('the seed gives dr.adams appointments in the coming days');
    const { page, errors } = await openAs(ADAMS, '/dashboarrd');
    const schedule = page.getByRole('region', { name: 'My schedule' });

    await expectPage.visible(schedule.getByRole('heading', { name: dayText(today) }));
    await expectPage.visible(schedule.getByText(`Times are the clinic's, in ${NORTHFIELD_ZONE}.`));
    if ((await visitsOn(today)).length === 0) await expectPage.visible(schedule.getByText('No visits on this day.'));
    else await expectVisits(schedule.getByRole('list', { name: `Visits on ${dayText(today)}` }), today);

    for (let step = 0; step < days; step += 1) await schedule.getByRole('button', { name: 'Next day' }).click();
    await expectPage.visible(schedule.getByRole('heading', { name: dayText(busyDay) }));
    const later = schedule.getByRole('list', { name: `Visits on ${dayText(busyDay)}` });
    await expectPage.visible(later);
    await expectVisits(later, busyDay);

    await schedule.getByRole('button', { name: 'Week' }).click();
    const { rows: week } = await suite.stack.adminPool.query<{ day: string }>(
      `select to_char(d, 'YYYY-MM-DD') as day from generate_series(date_trunc('week', $1::date), date_trunc('week', $1::date) + interval '6 days', interval '1 day') d`,
      [busyDay],
    );
    for (const { day } of week) {
      const column = schedule.getByRole('region', { name: dayText(day) });
      await expectPage.visible(column);
      if ((await visitsOn(day)).length === 0) await expectPage.visible(column.getByText('No visits'));
      else await expectVisits(column.getByRole('list'), day);
    }
    await schedule.getByRole('button', { name: 'Today' }).click();
    await expectPage.visible(schedule.getByRole('region', { name: dayText(today) }));
    expect(errors).toEqual([]);
  });
});

describe('doctor patients', () => {
  it("opens a patient's record from the overview and the health profile read is audited", async () => {
    const adamsId = await memberId(suite.stack.adminPool, ADAMS);
    const studentId = await memberId(suite.stack.adminPool, 'student18@northfield.edu');
    const { rows: student } = await suite.stack.adminPool.query<{ reg_number: string }>(
      'select reg_number from public.members where id = $1',
      [studentId],
    );
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
    const { rows } = await suite.stack.adminPool.query('select created_by from public.programs where title = $1', [
      NEW_PROGRAM_TITLE,
    ]);
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
    const { rows: avatar } = await suite.stack.adminPool.query('select avatar_path from public.members where id = $1', [
      adamsId,
    ]);
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
    const { rows } = await suite.stack.adminPool.query('select first_name, phone from public.members where id = $1', [
      adamsId,
    ]);
    expect(rows).toEqual([{ first_name: 'Amelie', phone: '+1 555 010 0999' }]);
    expect(errors).toEqual([]);
  });

  it('sets own weekly hours and time off, and the free slots follow', async () => {
    const adams = await memberId(suite.stack.adminPool, ADAMS);
    const freeStarts = async (day: string) =>
      (
        await suite.stack.adminPool.query<{ time: string }>(
          `select to_char(f.starts_at at time zone $3, 'HH24:MI') as time from public.members m, private.free_slots(m.university_id, $2::date, $2::date, m.id, null, null) f
            where m.id = $1 order by f.starts_at`,
          [adams, day, NORTHFIELD_ZONE],
        )
      ).rows.map((row) => row.time);
    const friday = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 2, [5]);
    const monday = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 2, [1]);
    const { page, errors } = await openAs(ADAMS, '/adminavailability');
    await expectPage.visible(page.getByRole('link', { name: 'Availability', exact: true }));

    const hours = page.getByRole('form', { name: 'Weekly hours' });
    expect(await hours.getByRole('radio', { name: 'Whenever the clinic is open' }).isChecked()).toBe(true);
    await hours.getByRole('radio', { name: 'Only on these days and hours' }).check();
    await hours.getByRole('checkbox', { name: 'Working on Friday' }).uncheck();
    await hours.getByLabel('Monday until').fill('18:00');
    await hours.getByRole('button', { name: 'Save weekly hours' }).click();
    await expectPage.visible(hours.getByText("Hours must be within the clinic's: 08:00–17:00"));
    await hours.getByLabel('Monday from').fill('10:00');
    await hours.getByLabel('Monday until').fill('12:00');
    // Dr Adams's demo visits on Friday or Monday afternoons, if the suite's day puts any there, are listed first.
    await saveThroughAffectedVisits(
      page,
      hours.getByRole('button', { name: 'Save weekly hours' }),
      'Save the change anyway',
      'Weekly hours saved',
    );
    const { rows: stored } = await suite.stack.adminPool.query(
      'select weekday, opens_at::text, closes_at::text from public.doctor_hours where doctor_id = $1 order by weekday',
      [adams],
    );
    expect(stored).toEqual([
      { weekday: 1, opens_at: '10:00:00', closes_at: '12:00:00' },
      { weekday: 2, opens_at: '08:00:00', closes_at: '17:00:00' },
      { weekday: 3, opens_at: '08:00:00', closes_at: '17:00:00' },
      { weekday: 4, opens_at: '08:00:00', closes_at: '17:00:00' },
    ]);
    expect(await freeStarts(friday)).toEqual([]);
    // Monday's half hours from 10:00 to 11:30, less those the demo data already booked for Dr Adams (placed relative to
    // the hour the stack started, so which ones depends on when the suite runs).
    const { rows: unbooked } = await suite.stack.adminPool.query<{ time: string }>(
      `select to_char(s at time zone $3, 'HH24:MI') as time
       from generate_series(($2::date + time '10:00') at time zone $3, ($2::date + time '11:30') at time zone $3, interval '30 minutes') s
       where not exists (select 1 from public.appointments a
                         where a.provider_id = $1 and a.status in ('scheduled', 'ongoing')
                           and tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) && tstzrange(s, s + interval '30 minutes'))
       order by s`,
      [adams, monday, NORTHFIELD_ZONE],
    );
    expect(await freeStarts(monday)).toEqual(unbooked.map((row) => row.time));

    const dayOff = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 9, [2]);
    expect((await freeStarts(dayOff)).length).toBeGreaterThan(0);
    const addTimeOff = page.getByRole('form', { name: 'Add time off' });
    await addTimeOff.getByLabel('First day').fill(dayOff);
    await addTimeOff.getByLabel('Reason (optional)').fill('Medical conference');
    await saveThroughAffectedVisits(
      page,
      addTimeOff.getByRole('button', { name: 'Add time off' }),
      'Save the change anyway',
      'Time off added',
    );
    await expectPage.visible(
      page.getByRole('list', { name: 'Upcoming time off' }).getByText(/\(all day\) · Medical conference/),
    );
    // The whole day on the clinic's clock: midnight to the next midnight in New York.
    const { rows: timeOff } = await suite.stack.adminPool.query<{ starts: string; ends: string; next_day: string }>(
      `select to_char(starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as starts, to_char(ends_at at time zone $2, 'YYYY-MM-DD HH24:MI') as ends,
              to_char($3::date + 1, 'YYYY-MM-DD') as next_day
         from public.doctor_time_off where doctor_id = $1 and reason = 'Medical conference'`,
      [adams, NORTHFIELD_ZONE, dayOff],
    );
    expect(timeOff.map((entry) => [entry.starts, entry.ends])).toEqual([
      [`${dayOff} 00:00`, `${timeOff[0]?.next_day} 00:00`],
    ]);
    expect(await freeStarts(dayOff)).toEqual([]);
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

    const { rows } = await suite.stack.adminPool.query(
      'select must_change_password from public.members where email = $1',
      [CHEN],
    );
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
    await expectPage.visible(page.getByRole('list', { name: 'Upcoming programs' }));
    expect(await page.getByRole('list', { name: 'Upcoming programs' }).textContent()).not.toContain(NEW_PROGRAM_TITLE);
    expect(errors).toEqual([]);
  });
});
