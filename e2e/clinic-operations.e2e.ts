import type { Locator, Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import { useE2eSuite } from './support/suite';
import {
  affectedVisitsDialog,
  chooseRowAction,
  mailboxMessage,
  memberIdOf,
  unexpectedConsoleErrors,
  waitForText,
} from './support/admin-helpers';
import { clinicDateTimeText } from './support/doctor-data';

const SUPER_ADMIN = 'admin@northfield.edu';
const NORTHFIELD_ZONE = 'America/New_York';

const suite = useE2eSuite();

const openAs = (email: string, path: string) => suite.openAsStaff(email, path);
const query = <Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  suite.query<Row>(sql, params);

interface BookedVisit {
  readonly id: string;
  readonly name: string;
  readonly date: Date;
  readonly student_id: string;
  readonly provider_id: string;
}

/** A doctor's booked visits from tomorrow on, soonest first, as the seed placed them. */
async function bookedVisitsOf(doctorId: string): Promise<BookedVisit[]> {
  return query<BookedVisit & Record<string, unknown>>(
    `select id, name, date, student_id, provider_id from public.appointments
      where provider_id = $1 and status = 'scheduled' and date > now() + interval '1 day' order by date, id`,
    [doctorId],
  );
}

/** A visit's row in a list of visits staff must act on: the student's name and the visit's time on the clinic's clock. */
function visitRow(scope: Page | Locator, visit: BookedVisit): Locator {
  return scope.getByRole('listitem', { name: `${visit.name}, ${clinicDateTimeText(visit.date, NORTHFIELD_ZONE)}` });
}

describe('no orphaned visits', () => {
  it("lists a doctor's booked visits before deactivating them; one given another doctor is emailed to its student", async () => {
    const bello = await memberIdOf(suite.stack, 'dr.bello@northfield.edu');
    const adams = await memberIdOf(suite.stack, 'dr.adams@northfield.edu');
    const visits = await bookedVisitsOf(bello);
    expect(visits.length).toBeGreaterThan(0);
    const [reassigned] = visits;
    const { page, errors } = await openAs(SUPER_ADMIN, '/staff');
    await page.getByLabel('Search staff').fill('Bello');
    await expectPage.visible(page.getByRole('row').filter({ hasText: 'dr.bello@northfield.edu' }));
    await chooseRowAction(page, /^Actions for .*Bello/, 'Deactivate User');

    const affected = affectedVisitsDialog(page);
    await expectPage.visible(affected);
    expect(await affected.getByRole('heading').innerText()).toBe(
      `This change affects ${visits.length} booked ${visits.length === 1 ? 'visit' : 'visits'}`,
    );
    const row = visitRow(affected, reassigned!);
    await waitForText(row, 'Dr Tunde Bello will no longer be at the clinic');

    await row.getByRole('button', { name: 'Another doctor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit appointment' });
    await edit.getByLabel('Doctor').selectOption({ label: 'Dr Amelia Adams' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    // Whether Dr Adams is free then depends on the seed's day: staff may still assign her after the warning.
    const saveAnyway = edit.getByRole('button', { name: 'Save anyway' });
    if (
      await Promise.race([saveAnyway.waitFor().then(() => true), edit.waitFor({ state: 'detached' }).then(() => false)])
    )
      await saveAnyway.click();

    // Back on the list, read again: the reassigned visit has left it.
    await expectPage.visible(affected);
    await visitRow(affected, reassigned!).waitFor({ state: 'detached' });
    expect(
      (
        await query<{ provider_id: string }>('select provider_id from public.appointments where id = $1', [
          reassigned!.id,
        ])
      )[0]!.provider_id,
    ).toBe(adams);

    const [student] = await query<{ email: string }>('select email from public.members where id = $1', [
      reassigned!.student_id,
    ]);
    const mail = await mailboxMessage(page, suite.stack.mailboxUrl, student!.email, 'Appointment update: new doctor');
    expect(mail).toContain('Dr Amelia Adams');
    expect(
      await query(`select 1 from public.email_outbox where appointment_id = $1 and kind = 'doctor_change'`, [
        reassigned!.id,
      ]),
    ).toHaveLength(1);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('lists the visits on a day the clinic closes; one kept waits on the dashboard until it is moved', async () => {
    const chen = await memberIdOf(suite.stack, 'dr.chen@northfield.edu');
    const [visit] = await bookedVisitsOf(chen);
    expect(visit).toBeDefined();
    const [{ day }] = (await query<{ day: string }>(
      `select to_char(($1::timestamptz at time zone $2)::date, 'YYYY-MM-DD') as day`,
      [visit!.date, NORTHFIELD_ZONE],
    )) as [{ day: string }];
    // The first later day Dr Chen is free for this student: where the visit is moved to.
    const [freeDay] = await query<{ day: string }>(
      `select to_char((s.starts_at at time zone $5)::date, 'YYYY-MM-DD') as day
         from public.appointments a, private.free_slots(a.university_id, $2::date + 1, $2::date + 14, $3, $4, a.id) s
        where a.id = $1 order by s.starts_at limit 1`,
      [visit!.id, day, chen, visit!.student_id, NORTHFIELD_ZONE],
    );
    expect(freeDay).toBeDefined();

    const { page, errors } = await openAs(SUPER_ADMIN, '/clinicpage');
    const addClosure = page.getByRole('form', { name: 'Add a closure' });
    await addClosure.getByLabel('First day').fill(day);
    await addClosure.getByLabel('Reason').fill('Water outage');
    await addClosure.getByRole('button', { name: 'Add closure' }).click();
    const affected = affectedVisitsDialog(page);
    await waitForText(visitRow(affected, visit!), 'The clinic will be closed that day');
    await affected.getByRole('button', { name: 'Add the closure anyway' }).click();
    await waitForText(page, 'Closure added');
    expect(await query(`select 1 from public.clinic_closures where reason = 'Water outage'`)).toHaveLength(1);

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const needing = page.getByRole('list', { name: 'Visits that need a doctor' });
    const row = visitRow(needing, visit!);
    await waitForText(row, 'The clinic is closed that day (Water outage)');
    await row.getByRole('button', { name: 'New time' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await reschedule.getByLabel('Date').fill(freeDay!.day);
    const time = reschedule.getByLabel('Time');
    await time.selectOption({ index: 1 });
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await waitForText(page, 'Appointment rescheduled');
    await row.waitFor({ state: 'detached' });
    const [moved] = await query<{ day: string }>(
      `select to_char((date at time zone $2)::date, 'YYYY-MM-DD') as day from public.appointments where id = $1`,
      [visit!.id, NORTHFIELD_ZONE],
    );
    expect(moved!.day).toBe(freeDay!.day);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});
