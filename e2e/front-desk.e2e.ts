import type { Locator } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import { mailboxMessage, unexpectedConsoleErrors, waitForText } from './support/admin-helpers';
import { clinicDateTimeInput, clinicDay, memberId } from './support/doctor-data';
import { DEMO_ACCOUNTS, openSignedIn } from './support/session';
import { clinicTimeText } from './support/student-api';
import { useE2eSuite } from './support/suite';

const SUPER_ADMIN = 'admin@northfield.edu';
const ADAMS = 'dr.adams@northfield.edu';
const NORTHFIELD_ID = 'a1f0c3e2-0000-4000-8000-000000000001';
const NORTHFIELD_ZONE = 'America/New_York';
const WEEKDAYS = [1, 2, 3, 4, 5];

const suite = useE2eSuite();

const query = <Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  suite.query<Row>(sql, params);

async function student(email: string): Promise<{ readonly id: string; readonly name: string; readonly email: string }> {
  const [row] = await query<{ id: string; name: string }>(
    "select id, first_name || ' ' || last_name as name from public.members where email = $1",
    [email],
  );
  if (!row) throw new Error(`no student ${email}`);
  return { ...row, email };
}

/** The times a picker offers once it has read them for the chosen day, as the moments their options stand for. */
async function offeredStarts(scope: Locator): Promise<string[]> {
  await expectPage.visible(scope.getByRole('status').filter({ hasText: /free time/ }));
  const values = await scope
    .getByLabel('Time')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  return values.filter((value) => value !== '');
}

const moment = (value: string | Date) => new Date(value).getTime();

/**
 * A visit of `studentId` with `doctorId` today on the clinic's calendar, booked days ago as the server would (a
 * fixture: nobody is emailed), at the latest half hour of today when both are free; with `passed`, one whose start
 * has gone by. Any hour of the day has such a half hour: the seed's visits fill a few hours at most.
 */
async function visitToday(
  studentId: string,
  doctorId: string,
  { passed }: { readonly passed: boolean },
): Promise<{ readonly id: string; readonly date: Date }> {
  const client = await suite.stack.adminPool.connect();
  try {
    await client.query('begin');
    await client.query(`set local campuscare.provisioning = 'on'`);
    const { rows } = await client.query<{ id: string; date: Date }>(
      `with clinic as (
         select s.timezone as zone, (now() at time zone s.timezone)::date as today from public.clinic_settings s where s.university_id = $1),
       marks as (
         select (c.today + m * interval '30 minutes') at time zone c.zone as at
         from clinic c, generate_series(0, 47) as m
         where ((c.today + m * interval '30 minutes') at time zone c.zone at time zone c.zone)::date = c.today),
       chosen as (
         select k.at from marks k
         where (not $4 or k.at <= now())
           and not exists (select 1 from public.appointments a
                           where (a.provider_id = $3 or a.student_id = $2) and a.status in ('scheduled', 'arrived', 'ongoing')
                             and tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) && tstzrange(k.at, k.at + interval '30 minutes'))
         order by k.at desc limit 1)
       insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
       select m.university_id, m.id, $3, c.at, m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study, 'Check-up', now() - interval '3 days'
       from public.members m, chosen c where m.id = $2
       returning id, date`,
      [NORTHFIELD_ID, studentId, doctorId, passed],
    );
    await client.query('commit');
    if (!rows[0]) throw new Error('no half hour of today is free for the fixture');
    return rows[0];
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

describe('appointment types and booking for a student', () => {
  it('a super admin adds a staff-only 50-minute Counselling with one doctor; students do not see it; the front desk books it for a student, who sees it and is emailed', async () => {
    const adams = await memberId(suite.stack.adminPool, ADAMS);
    const rosa = await student('student14@northfield.edu');

    // The super admin adds the type on the clinic's settings.
    const admin = await suite.openAsStaff(SUPER_ADMIN, '/clinicpage');
    await admin.page.getByRole('button', { name: 'Add a type of visit' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add a type of visit' });
    await dialog.getByLabel('Name').fill('Counselling');
    await dialog.getByLabel('Length in minutes').fill('50');
    await dialog.getByRole('checkbox', { name: 'Students may book it themselves' }).uncheck();
    await dialog.getByRole('radio', { name: 'Only the doctors chosen' }).check();
    await dialog.getByRole('checkbox', { name: 'Dr Amelia Adams' }).check();
    await dialog.getByRole('button', { name: 'Add the type' }).click();
    await waitForText(admin.page, 'Type of visit added');
    const typeRow = admin.page
      .getByRole('table', { name: 'Types of visit' })
      .getByRole('row')
      .filter({ hasText: 'Counselling' });
    await expectPage.visible(
      typeRow
        .filter({ hasText: '50 min' })
        .filter({ hasText: 'No: staff book it' })
        .filter({ hasText: 'Dr Amelia Adams' }),
    );
    const [counselling] = await query<{
      id: string;
      duration_minutes: number;
      self_bookable: boolean;
      doctors: string[];
    }>(
      `select t.id, t.duration_minutes, t.self_bookable, array(select o.doctor_id::text from public.appointment_type_doctors o where o.appointment_type_id = t.id) as doctors
         from public.appointment_types t where t.university_id = $1 and t.name = 'Counselling'`,
      [NORTHFIELD_ID],
    );
    expect(counselling).toEqual({
      id: expect.any(String),
      duration_minutes: 50,
      self_bookable: false,
      doctors: [adams],
    });
    expect(unexpectedConsoleErrors(admin.errors)).toEqual([]);

    // A student picks from the types they may book themselves: Counselling is not one.
    const studentPage = await suite.openBrowser();
    await openSignedIn(studentPage.page, suite.stack, {
      signInPath: '/signin',
      email: rosa.email,
      path: '/studentdashboard',
    });
    await studentPage.page.getByRole('button', { name: 'Book an Appointment' }).click();
    const reasons = await studentPage.page
      .getByRole('form', { name: 'Book an appointment' })
      .getByLabel('Reason', { exact: true })
      .locator('option')
      .allTextContents();
    expect(reasons).toContain('Vaccination · 15 min');
    expect(reasons.filter((reason) => reason.startsWith('Counselling'))).toEqual([]);

    // The front desk books it for the student at one of the free times of its length, with the doctor who offers it.
    const day = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 4, WEEKDAYS);
    const desk = await suite.openAsStaff(DEMO_ACCOUNTS.registrar, '/dashboardd');
    await desk.page.getByRole('button', { name: 'Book for a student' }).click();
    const booking = desk.page.getByRole('dialog', { name: 'Book for a student' });
    await booking.getByRole('searchbox', { name: 'Find the student' }).fill(rosa.name);
    await booking.getByRole('radio', { name: new RegExp(`^${rosa.name} · `) }).check();
    const form = booking.getByRole('form', { name: 'Book for a student' });
    await form.getByLabel('Type of visit').selectOption({ label: 'Counselling · 50 min (staff only)' });
    expect(await form.getByLabel('Doctor').locator('option').allTextContents()).toEqual([
      'First available doctor',
      'Dr Amelia Adams',
    ]);
    await form.getByLabel('Date').fill(day);
    const offered = await offeredStarts(form);
    // Exactly the database's free times for 50 minutes with the doctors who offer Counselling.
    const expected = await query<{ starts_at: Date }>(
      `select distinct f.starts_at from private.free_slots($1, $2::date, $2::date, null, null, null, 50, $3) f order by 1`,
      [NORTHFIELD_ID, day, counselling!.id],
    );
    expect(offered.map(moment)).toEqual(expected.map((row) => moment(row.starts_at)));
    // A free time of the student's too, or the database would refuse the clash (and say so).
    const [free] = await query<{ starts_at: Date }>(
      `select f.starts_at from private.free_slots($1, $2::date, $2::date, $3, $4, null, 50, $5) f order by 1 limit 1`,
      [NORTHFIELD_ID, day, adams, rosa.id, counselling!.id],
    );
    const startsAt = offered.find((value) => moment(value) === moment(free!.starts_at));
    expect(startsAt).toBeDefined();
    await form.getByLabel('Time').selectOption(startsAt!);
    await form.getByLabel('Details (optional)').fill('Exam stress');
    await form.getByRole('button', { name: 'Book the visit' }).click();
    await waitForText(desk.page, `Visit booked for ${rosa.name}: they are emailed the time`);
    const [booked] = await query<{
      id: string;
      reason: string;
      duration_minutes: number;
      provider_id: string;
      status: string;
      appointment_type_id: string;
    }>(
      `select id, reason, duration_minutes, provider_id, status::text, appointment_type_id from public.appointments where student_id = $1 and date = $2`,
      [rosa.id, free!.starts_at],
    );
    expect(booked).toEqual({
      id: expect.any(String),
      reason: 'Counselling: Exam stress',
      duration_minutes: 50,
      provider_id: adams,
      status: 'scheduled',
      appointment_type_id: counselling!.id,
    });
    expect(unexpectedConsoleErrors(desk.errors)).toEqual([]);

    // The student's own list shows it, on the clinic's clock.
    const time = clinicDateTimeInput(free!.starts_at, NORTHFIELD_ZONE).split('T')[1]!;
    await studentPage.page.reload();
    const upcoming = studentPage.page.getByRole('table', { name: 'Upcoming appointments' });
    await expectPage.visible(
      upcoming
        .getByRole('row')
        .filter({ hasText: 'Counselling: Exam stress' })
        .filter({ hasText: clinicTimeText(day, time, NORTHFIELD_ZONE) })
        .filter({ hasText: 'Dr Amelia Adams' }),
    );
    expect(unexpectedConsoleErrors(studentPage.errors)).toEqual([]);

    // And the usual confirmation is in the local mailbox, with the doctor and without the reason.
    const mail = await mailboxMessage(desk.page, suite.stack.mailboxUrl, rosa.email, 'Appointment booked');
    expect(mail).toContain('Dr Amelia Adams');
    expect(mail).not.toContain('Counselling');
    expect(mail).not.toContain('Exam stress');
    expect(
      await query(
        `select 1 from public.email_outbox where appointment_id = $1 and kind = 'booking_confirmation' and to_email = $2`,
        [booked!.id, rosa.email],
      ),
    ).toHaveLength(1);
  });
});

describe('the day of the visit', () => {
  it('checks the student in at the front desk; the doctor sees them under Waiting and starts the visit from there', async () => {
    const adams = await memberId(suite.stack.adminPool, ADAMS);
    const ben = await student('student15@northfield.edu');
    const visit = await visitToday(ben.id, adams, { passed: false });
    const at = clinicDateTimeInput(visit.date, NORTHFIELD_ZONE).split('T')[1]!;

    const desk = await suite.openAsStaff(DEMO_ACCOUNTS.registrar, '/dashboardd');
    await desk.page.getByLabel('Search appointments').fill(ben.name);
    const overview = desk.page.getByRole('table', { name: 'Appointments Overview' });
    const row = overview.getByRole('row').filter({ hasText: ben.name }).filter({ hasText: at });
    await row.getByRole('button', { name: /^Actions for / }).click();
    await desk.page.getByRole('menuitem', { name: 'Check in', exact: true }).click();
    await waitForText(desk.page, 'Checked in');
    await expectPage.visible(row.getByText('Arrived', { exact: true }));
    // The clinic's waiting list on the dashboard has them too.
    await expectPage.visible(
      desk.page
        .getByRole('list', { name: 'Waiting, in order of arrival' })
        .getByRole('listitem', { name: new RegExp(`^${ben.name}, `) }),
    );
    const [arrived] = await query<{ status: string; arrived: boolean }>(
      'select status::text, arrived_at is not null as arrived from public.appointments where id = $1',
      [visit.id],
    );
    expect(arrived).toEqual({ status: 'arrived', arrived: true });
    expect(unexpectedConsoleErrors(desk.errors)).toEqual([]);

    const doctor = await suite.openAsStaff(ADAMS, '/dashboarrd');
    const waiting = doctor.page
      .getByRole('region', { name: 'Waiting' })
      .getByRole('list', { name: 'Waiting, in order of arrival' });
    const waitingRow = waiting.getByRole('listitem', { name: new RegExp(`^${ben.name}, `) });
    await expectPage.visible(waitingRow.getByText(`booked for ${at}`, { exact: false }));
    await waitingRow.getByRole('button', { name: `Start the visit of ${ben.name}` }).click();
    await doctor.page.waitForURL(/\/visit\?id=/);
    await expectPage.visible(doctor.page.getByRole('region', { name: 'Patient' }).getByText(ben.name, { exact: true }));
    const visitId = new URL(doctor.page.url()).searchParams.get('id');
    const [started] = await query<{ status: string; visit: string }>(
      `select a.status::text, v.status::text as visit from public.appointments a join public.visits v on v.appointment_id = a.id where a.id = $1 and v.id = $2`,
      [visit.id, visitId],
    );
    expect(started).toEqual({ status: 'ongoing', visit: 'draft' });
    expect(unexpectedConsoleErrors(doctor.errors)).toEqual([]);
  });

  it("marks a visit whose start has passed as a no-show, which the student's chart counts", async () => {
    const adams = await memberId(suite.stack.adminPool, ADAMS);
    const cy = await student('student16@northfield.edu');
    const [before] = await query<{ count: number }>(
      `select count(*)::integer as count from public.appointments where student_id = $1 and status = 'no_show'`,
      [cy.id],
    );
    const visit = await visitToday(cy.id, adams, { passed: true });
    const at = clinicDateTimeInput(visit.date, NORTHFIELD_ZONE).split('T')[1]!;

    const desk = await suite.openAsStaff(DEMO_ACCOUNTS.registrar, '/dashboardd');
    await desk.page.getByLabel('Search appointments').fill(cy.name);
    const row = desk.page
      .getByRole('table', { name: 'Appointments Overview' })
      .getByRole('row')
      .filter({ hasText: cy.name })
      .filter({ hasText: at });
    await row.getByRole('button', { name: /^Actions for / }).click();
    await desk.page.getByRole('menuitem', { name: 'No-show', exact: true }).click();
    await waitForText(desk.page, 'Marked as a no-show');
    await expectPage.visible(row.getByText('No-show', { exact: true }));
    expect(unexpectedConsoleErrors(desk.errors)).toEqual([]);

    const doctor = await suite.openAsStaff(ADAMS, `/patientchart?student=${cy.id}`);
    const count = before!.count + 1;
    await expectPage.visible(
      doctor.page
        .getByRole('region', { name: 'Patient' })
        .getByText(`${count} ${count === 1 ? 'no-show' : 'no-shows'}`, { exact: true }),
    );
    expect(unexpectedConsoleErrors(doctor.errors)).toEqual([]);
  });
});
