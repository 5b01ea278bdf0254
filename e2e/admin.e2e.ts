import type { Locator, Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/session';
import { useE2eSuite } from './support/suite';
import {
  affectedVisitsDialog,
  canSignIn,
  chooseRowAction,
  mailboxMessage,
  memberIdOf,
  saveThroughAffectedVisits,
  TINY_PNG,
  unexpectedConsoleErrors,
  waitForText,
} from './support/admin-helpers';
import { clinicDateTimeInput, clinicDateTimeText, clinicDay } from './support/doctor-data';

const SUPER_ADMIN = 'admin@northfield.edu';
const SOUTHBANK_SUPER_ADMIN = 'admin@southbank.edu';
/** A password of the invitee's own: nothing of the university's or their names. */
const INVITEE_PASSWORD = 'Harbor2026Kite';
const NORTHFIELD_ZONE = 'America/New_York';

const suite = useE2eSuite();

const openAs = (email: string, path: string) => suite.openAsStaff(email, path);
const query = <Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  suite.query<Row>(sql, params);

/** Waits for a database condition the UI action should have caused. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function dialog(page: Page, name: string) {
  return page.getByRole('dialog', { name });
}

/**
 * Saves the edit dialog, confirming when it warns that the time is not a free slot: whether a seeded time falls
 * within the clinic's hours depends on when the suite runs.
 */
async function saveConfirmingOutsideHours(edit: Locator): Promise<void> {
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const saveAnyway = edit.getByRole('button', { name: 'Save anyway' });
  const warned = await Promise.race([
    saveAnyway.waitFor().then(() => true),
    edit.waitFor({ state: 'detached' }).then(() => false),
  ]);
  if (warned) await saveAnyway.click();
}

/** The number of free slots the database offers on a clinic day (any doctor), read behind the API. */
async function freeSlotCount(universityId: string, day: string): Promise<number> {
  const [row] = await query<{ count: string }>(
    'select count(*) from private.free_slots($1, $2::date, $2::date, null, null, null)',
    [universityId, day],
  );
  return Number(row!.count);
}

describe('admin dashboard', () => {
  it('shows live counts, the per-day chart, and edits, assigns and cancels appointments with conflicts explained', async () => {
    const [university] = await query<{ id: string }>(
      `select id from public.universities where name = 'Northfield University'`,
    );
    const [counts] = await query<{ appointments: string; programs: string; staff: string; students: string }>(
      `select (select count(*) from public.appointments where university_id = $1) appointments,
              (select count(*) from public.programs where university_id = $1) programs,
              (select count(*) from public.members where university_id = $1 and role in ('admin','doctor')) staff,
              (select count(*) from public.members where university_id = $1 and role = 'student') students`,
      [university!.id],
    );
    // Two upcoming scheduled appointments of different students, moved to a time that is one of Dr Bello's free slots
    // (and free for both students); Dr Bello takes the second, so the only rule his slot then breaks is that it is taken.
    const [target, other] = await query<{ id: string; reg: string; name: string; date: Date; student_id: string }>(
      `select distinct on (student_id) id, reg, name, date, student_id from public.appointments
        where university_id = $1 and status = 'scheduled' and date > now() + interval '1 day' and provider_id is null
        order by student_id, date limit 2`,
      [university!.id],
    );
    const bello = await memberIdOf(suite.stack, 'dr.bello@northfield.edu');
    const [free] = await query<{ starts_at: Date }>(
      `select f.starts_at from private.free_slots($1, (now() at time zone $3)::date + 4, (now() at time zone $3)::date + 11, $2, null, null) f
        where private.slot_is_free($1, $2, f.starts_at, $4, null) and private.slot_is_free($1, $2, f.starts_at, $5, null)
        order by f.starts_at limit 1`,
      [university!.id, bello, NORTHFIELD_ZONE, target!.student_id, other!.student_id],
    );
    target!.date = free!.starts_at;
    await query(`update public.appointments set date = $1 where id = $2`, [target!.date, target!.id]);
    await query(`update public.appointments set provider_id = $1, date = $2 where id = $3`, [
      bello,
      target!.date,
      other!.id,
    ]);

    const { page, errors } = await openAs(SUPER_ADMIN, '/dashboardd');
    const cards = page.getByRole('region', { name: 'University at a glance' });
    await waitForText(cards, Number(counts!.appointments).toLocaleString('en-US'));
    for (const value of [counts!.programs, counts!.staff, counts!.students]) await waitForText(cards, value);
    await expectPage.visible(page.getByRole('list', { name: 'Appointments per day' }));

    await page.getByLabel('Search appointments').fill(target!.reg);
    await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
    const table = page.getByRole('table', { name: 'Appointments Overview' });
    // The student may have several appointments: pick the row by its date, on the clinic's clock.
    const when = clinicDateTimeText(target!.date, NORTHFIELD_ZONE);
    const row = table.getByRole('row').filter({ hasText: target!.reg }).filter({ hasText: when });
    await expectPage.visible(row.filter({ hasText: 'Unassigned' }));
    await page.getByLabel('Sort by date').selectOption('desc');
    await expectPage.visible(row);

    await chooseRowAction(row, new RegExp(`^Actions for ${target!.name}`), 'Edit');
    const edit = dialog(page, 'Edit appointment');
    // The time is shown on the clinic's clock (New York), whatever the browser's zone, and the zone is named.
    expect(await edit.getByLabel('Date and time').inputValue()).toBe(
      clinicDateTimeInput(target!.date, NORTHFIELD_ZONE),
    );
    await waitForText(edit, `Clinic time (${NORTHFIELD_ZONE})`);
    const belloOption = await edit.getByLabel('Doctor').locator('option', { hasText: 'Bello' }).getAttribute('value');
    await edit.getByLabel('Doctor').selectOption(belloOption!);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    // Dr Bello is booked then: not one of his free slots, so the dialog asks before saving.
    await waitForText(edit, 'Already taken: Dr Tunde Bello has a visit then — save anyway?');
    expect(
      (await query(`select provider_id from public.appointments where id = $1`, [target!.id]))[0]!.provider_id,
    ).toBeNull();
    await edit.getByRole('button', { name: 'Save anyway' }).click();
    await waitForText(edit.getByRole('alert'), 'That doctor is already booked at that time');
    expect(
      (await query(`select provider_id from public.appointments where id = $1`, [target!.id]))[0]!.provider_id,
    ).toBeNull();

    const adamsOption = await edit.getByLabel('Doctor').locator('option', { hasText: 'Adams' }).getAttribute('value');
    await edit.getByLabel('Doctor').selectOption(adamsOption!);
    await saveConfirmingOutsideHours(edit);
    await waitForText(page, 'Appointment updated');
    await expectPage.visible(row.filter({ hasText: 'Adams' }));
    expect(
      (await query(`select provider_id from public.appointments where id = $1`, [target!.id]))[0]!.provider_id,
    ).toBe(adamsOption);

    await chooseRowAction(row, new RegExp(`^Actions for ${target!.name}`), 'Cancel');
    const cancel = dialog(page, 'Cancel appointment');
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await waitForText(cancel, 'Give a reason for cancelling the appointment');
    await cancel.getByLabel('Reason for cancelling').fill('Clinic closed for training');
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await waitForText(page, 'Appointment cancelled');
    const [cancelled] = await query<{ status: string; cancel_reason: string }>(
      `select status, cancel_reason from public.appointments where id = $1`,
      [target!.id],
    );
    expect(cancelled).toEqual({ status: 'cancelled', cancel_reason: 'Clinic closed for training' });
    await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
    await expectPage.visible(row.filter({ hasText: 'Cancelled' }));
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});

describe('programs', () => {
  it('shows the empty state, creates through the two-step dialog, edits and deletes', async () => {
    await query(
      `delete from public.programs where university_id = (select id from public.universities where name = 'Southbank University')`,
    );
    const { page, errors } = await openAs(SOUTHBANK_SUPER_ADMIN, '/newprogram');
    await waitForText(page, "You haven't created any program yet");
    await page.getByRole('button', { name: 'Create a program' }).click();

    const stepOne = dialog(page, 'Create a new program');
    await stepOne.getByRole('button', { name: 'Next' }).click();
    await waitForText(stepOne, 'This field is required');
    await stepOne.getByLabel('Title').fill('Hydration Week');
    await stepOne.getByLabel('Description').fill('Free water bottles and talks on staying hydrated during exams.');
    await stepOne.getByLabel('Date').fill('2030-05-06');
    await stepOne.getByLabel('Time').fill('11:15');
    await stepOne.getByRole('button', { name: 'Next' }).click();

    const stepTwo = dialog(page, 'Almost done!');
    await stepTwo.getByRole('button', { name: 'Back' }).click();
    expect(await dialog(page, 'Create a new program').getByLabel('Title').inputValue()).toBe('Hydration Week');
    await dialog(page, 'Create a new program').getByRole('button', { name: 'Next' }).click();
    await stepTwo.getByLabel('Location').fill('Main Quad');
    await stepTwo.getByLabel('Program Type').fill('Awareness');
    await stepTwo.getByLabel('Target Audience').fill('All students');
    await stepTwo.getByLabel('Activities').fill('Talks, free bottles');
    await stepTwo.getByRole('button', { name: 'Create program' }).click();
    await waitForText(page, 'Program created');
    await expectPage.visible(page.getByRole('article', { name: 'Hydration Week' }));
    const [stored] = await query<{ organiser: string; time: string; location: string }>(
      `select organiser, time::text, location from public.programs where title = 'Hydration Week'`,
    );
    expect(stored).toEqual({ organiser: 'Southbank University', time: '11:15:00', location: 'Main Quad' });

    await page.goto(`${suite.stack.url}/programs`);
    const card = page.getByRole('article', { name: 'Hydration Week' });
    await waitForText(card, 'Organised by Southbank University');
    expect(await page.getByRole('link', { name: 'New program' }).getAttribute('href')).toBe('/newprogram');

    await chooseRowAction(page, 'Actions for Hydration Week', 'Edit');
    await dialog(page, 'Edit program').getByLabel('Title').fill('Hydration Fortnight');
    await dialog(page, 'Edit program').getByRole('button', { name: 'Next' }).click();
    await dialog(page, 'Almost done!').getByRole('button', { name: 'Save program' }).click();
    await waitForText(page, 'Program updated');
    await expectPage.visible(page.getByRole('article', { name: 'Hydration Fortnight' }));

    await page.goto(`${suite.stack.url}/newprogram`);
    await chooseRowAction(page, 'Actions for Hydration Fortnight', 'Delete');
    await dialog(page, 'Delete program').getByRole('button', { name: 'Delete program' }).click();
    await waitForText(page, "You haven't created any program yet");
    expect(await query(`select 1 from public.programs where title like 'Hydration%'`)).toHaveLength(0);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});

describe('staff', () => {
  it('invites a doctor by email: the invitee opens the link, chooses a password and is in; Copy Link copies the sign-in page', async () => {
    const { page, context, errors } = await openAs(SUPER_ADMIN, '/staffmembers');
    await expectPage.visible(page.getByRole('table', { name: 'Staff members' }));
    await page.getByRole('button', { name: 'Invite staff members' }).first().click();
    const invite = dialog(page, 'Invite Members');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.stack.url });
    await invite.getByLabel('Email address').fill('new.doctor@northfield.edu');
    await invite.getByRole('button', { name: 'Copy Link' }).click();
    await waitForText(page, 'Link copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${suite.stack.url}/adminsignin?email=new.doctor%40northfield.edu`,
    );

    await invite.getByRole('button', { name: 'Send' }).click();
    await waitForText(page, 'Invitation sent to new.doctor@northfield.edu');
    // Nothing exists for the address until its owner uses the link.
    expect(await query(`select 1 from auth.users where email = 'new.doctor@northfield.edu'`)).toHaveLength(0);

    const doctor = await suite.openBrowser();
    const mail = await mailboxMessage(
      doctor.page,
      suite.stack.mailboxUrl,
      'new.doctor@northfield.edu',
      'You have been invited to Northfield University on CampusCare',
    );
    const link = /(http\S+\/register\?invitation=\S+)/.exec(mail)?.[1];
    if (!link) throw new Error(`no invitation link in: ${mail}`);
    await doctor.page.goto(link);
    await waitForText(doctor.page, 'Northfield University invites new.doctor@northfield.edu to join as a doctor.');
    await doctor.page.getByLabel('First name').fill('Nia');
    await doctor.page.getByLabel('Last name').fill('Okoye');
    await doctor.page.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD);
    await doctor.page.getByRole('button', { name: 'Join' }).click();
    await doctor.page.waitForURL(`${suite.stack.url}/dashboarrd`);
    await waitForText(doctor.page, 'Welcome to Northfield University');
    expect(await canSignIn(suite.stack, 'new.doctor@northfield.edu', INVITEE_PASSWORD)).toBe(true);

    await page.reload();
    await page.getByLabel('Search staff').fill('new.doctor');
    await expectPage.visible(
      page.getByRole('table', { name: 'Staff members' }).getByRole('row').filter({ hasText: 'Nia Okoye' }),
    );
    expect(unexpectedConsoleErrors([...errors, ...doctor.errors])).toEqual([]);
  });

  it('sends an invitation to an address with an account like any other, telling its owner instead', async () => {
    const { page, errors } = await openAs(SOUTHBANK_SUPER_ADMIN, '/staffmembers');
    await page.getByRole('button', { name: 'Invite staff members' }).first().click();
    await dialog(page, 'Invite Members').getByLabel('Email address').fill('student02@northfield.edu');
    await dialog(page, 'Invite Members').getByRole('button', { name: 'Send' }).click();
    await waitForText(page, 'Invitation sent to student02@northfield.edu');
    const mail = await mailboxMessage(
      page,
      suite.stack.mailboxUrl,
      'student02@northfield.edu',
      'You have been invited to Southbank University on CampusCare',
    );
    expect(mail).toContain('this address already has a CampusCare account');
    expect(mail).not.toContain('/register?invitation=');
    expect(await canSignIn(suite.stack, 'student02@northfield.edu', DEMO_PASSWORD)).toBe(true);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('makes a super admin, deactivates, reactivates and removes staff, each confirmed and effective at once', async () => {
    const chen = await memberIdOf(suite.stack, 'dr.chen@northfield.edu');
    const bello = await memberIdOf(suite.stack, 'dr.bello@northfield.edu');
    const { page, errors } = await openAs(SUPER_ADMIN, '/staff');
    const table = page.getByRole('table', { name: 'Staff members' });
    const bellosRow = table.getByRole('row').filter({ hasText: 'dr.bello@northfield.edu' });
    await expectPage.visible(bellosRow);
    // The search's answer is read before the change and arrives after it, as on a slow network: the list must still
    // come to show the change.
    const searchForBello = /\/rest\/v1\/members\?.*Bello/;
    let releaseSearch = () => {};
    const searchReleased = new Promise<void>((resolve) => (releaseSearch = resolve));
    await page.route(
      searchForBello,
      async (route) => {
        const response = await route.fetch();
        await searchReleased;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    const searched = page.waitForRequest(searchForBello);
    await page.getByLabel('Search staff').fill('Bello');
    await searched;
    await chooseRowAction(page, /^Actions for .*Bello/, 'Make Super Admin');
    await dialog(page, 'Make super admin').getByRole('button', { name: 'Make Super Admin' }).click();
    await waitForText(page, 'is now a super admin');
    releaseSearch();
    expect((await query(`select is_super_admin from public.members where id = $1`, [bello]))[0]!.is_super_admin).toBe(
      true,
    );
    await expectPage.visible(bellosRow.getByText('Super admin'));

    await page.getByLabel('Search staff').fill('Chen');
    await expectPage.visible(table.getByRole('row').filter({ hasText: 'dr.chen@northfield.edu' }));
    // A doctor's booked visits are listed first; the confirmation is only for a doctor with none.
    await chooseRowAction(page, /^Actions for .*Chen/, 'Deactivate User');
    const deactivated = page.getByText('has been deactivated').first();
    const confirm = dialog(page, 'Deactivate user').getByRole('button', { name: 'Deactivate User' });
    const listed = affectedVisitsDialog(page);
    await Promise.race([confirm.waitFor(), listed.waitFor()]);
    await ((await listed.count()) > 0 ? listed.getByRole('button', { name: 'Deactivate anyway' }) : confirm).click();
    await deactivated.waitFor();
    expect((await query(`select status from public.members where id = $1`, [chen]))[0]!.status).toBe('deactivated');
    expect(await canSignIn(suite.stack, 'dr.chen@northfield.edu', DEMO_PASSWORD)).toBe(false);
    await chooseRowAction(page, /^Actions for .*Chen/, 'Reactivate User');
    await dialog(page, 'Reactivate user').getByRole('button', { name: 'Reactivate User' }).click();
    await waitForText(page, 'has been reactivated');
    expect(await canSignIn(suite.stack, 'dr.chen@northfield.edu', DEMO_PASSWORD)).toBe(true);

    await page.getByLabel('Search staff').fill('new.doctor');
    const newDoctorsRow = table.getByRole('row').filter({ hasText: 'new.doctor@northfield.edu' });
    await expectPage.visible(newDoctorsRow);
    await chooseRowAction(newDoctorsRow, /^Actions for /, 'Remove User');
    await dialog(page, 'Remove user').getByRole('button', { name: 'Remove User' }).click();
    await waitForText(page, 'has been removed');
    await waitForText(table, 'Nobody matches your search');
    expect(await query(`select 1 from public.members where email = 'new.doctor@northfield.edu'`)).toHaveLength(0);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('refuses super-admin actions to a plain admin with a clear message', async () => {
    const adams = await memberIdOf(suite.stack, 'dr.adams@northfield.edu');
    const { page } = await openAs(DEMO_ACCOUNTS.registrar, '/staff');
    await waitForText(page, 'Only a super admin can invite, deactivate, remove or promote staff members.');
    await page.getByLabel('Search staff').fill('Adams');
    await expectPage.visible(page.getByRole('row').filter({ hasText: 'dr.adams@northfield.edu' }));
    await chooseRowAction(page, /^Actions for .*Adams/, 'Make Super Admin');
    const confirm = dialog(page, 'Make super admin');
    await confirm.getByRole('button', { name: 'Make Super Admin' }).click();
    await waitForText(confirm, 'Only a super admin can do this');
    await confirm.getByRole('button', { name: 'Keep as is' }).click();
    await chooseRowAction(page, /^Actions for .*Adams/, 'Remove User');
    await dialog(page, 'Remove user').getByRole('button', { name: 'Remove User' }).click();
    await waitForText(dialog(page, 'Remove user'), 'Only a super admin can do this');
    const [row] = await query<{ is_super_admin: boolean }>(`select is_super_admin from public.members where id = $1`, [
      adams,
    ]);
    expect(row).toEqual({ is_super_admin: false });
  });
});

describe('students', () => {
  it('deactivates and removes students, shares the join link and invites by email', async () => {
    const { page, context, errors } = await openAs(SUPER_ADMIN, '/student');
    const table = page.getByRole('table', { name: 'Students' });
    await page.getByLabel('Search students').fill('student05@');
    const student05sRow = table.getByRole('row').filter({ hasText: 'student05@northfield.edu' });
    await expectPage.visible(student05sRow);
    await chooseRowAction(student05sRow, /^Actions for /, 'Deactivate User');
    await dialog(page, 'Deactivate user').getByRole('button', { name: 'Deactivate User' }).click();
    await waitForText(page, 'has been deactivated');
    await waitForText(table, 'Deactivated');
    expect(await canSignIn(suite.stack, 'student05@northfield.edu', DEMO_PASSWORD)).toBe(false);

    await page.getByLabel('Search students').fill('student06@');
    const student06sRow = table.getByRole('row').filter({ hasText: 'student06@northfield.edu' });
    await expectPage.visible(student06sRow);
    await chooseRowAction(student06sRow, /^Actions for /, 'Remove User');
    await dialog(page, 'Remove user').getByRole('button', { name: 'Remove User' }).click();
    await waitForText(page, 'has been removed');
    expect(await query(`select 1 from public.members where email = 'student06@northfield.edu'`)).toHaveLength(0);

    expect(await page.getByLabel('Student join link').inputValue()).toBe(`${suite.stack.url}/register?join=NORTHFIELD`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.stack.url });
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await waitForText(page, 'Link copied to clipboard!');

    await page.getByLabel('Student email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send join link' }).click();
    await waitForText(page, 'Enter a valid email address');
    await page.getByLabel('Student email').fill('fresher@example.edu');
    await page.getByRole('button', { name: 'Send join link' }).click();
    await waitForText(page, 'Invitation sent to fresher@example.edu');
    const mail = await mailboxMessage(
      page,
      suite.stack.mailboxUrl,
      'fresher@example.edu',
      'Join Northfield University on CampusCare',
    );
    expect(mail).toContain('/register?join=NORTHFIELD');
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});

describe('clinic settings', () => {
  it('lets a super admin change the opening hours, booking rules and closures, and the free slots follow', async () => {
    const [university] = await query<{ id: string }>(
      `select id from public.universities where name = 'Northfield University'`,
    );
    const saturday = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 2, [6]);
    expect(await freeSlotCount(university!.id, saturday)).toBe(0);
    const { page, errors } = await openAs(SUPER_ADMIN, '/clinicpage');
    await expectPage.heading(page, 'Settings');
    await expectPage.visible(page.getByRole('link', { name: 'Clinic', exact: true }));

    const hours = page.getByRole('form', { name: 'Opening hours' });
    await hours.getByRole('checkbox', { name: 'Open on Saturday' }).check();
    await hours.getByLabel('Saturday from').fill('09:00');
    await hours.getByLabel('Saturday until').fill('12:00');
    await hours.getByLabel('Friday until').fill('15:00');
    await saveThroughAffectedVisits(
      page,
      hours.getByRole('button', { name: 'Save opening hours' }),
      'Save the hours anyway',
      'Opening hours saved',
    );
    expect(
      await query(
        `select weekday, opens_at::text, closes_at::text from public.clinic_hours where university_id = $1 and weekday >= 5 order by weekday`,
        [university!.id],
      ),
    ).toEqual([
      { weekday: 5, opens_at: '08:00:00', closes_at: '15:00:00' },
      { weekday: 6, opens_at: '09:00:00', closes_at: '12:00:00' },
    ]);
    // Saturday mornings are bookable now, on the clinic's clock.
    const [saturdaySlots] = await query<{ first: string; last: string }>(
      `select min(to_char(starts_at at time zone $3, 'HH24:MI')) as first, max(to_char(starts_at at time zone $3, 'HH24:MI')) as last
         from private.free_slots($1, $2::date, $2::date, null, null, null)`,
      [university!.id, saturday, NORTHFIELD_ZONE],
    );
    expect(saturdaySlots).toEqual({ first: '09:00', last: '11:30' });

    const rules = page.getByRole('form', { name: 'Booking rules' });
    expect(await rules.getByLabel('Time zone').inputValue()).toBe(NORTHFIELD_ZONE);
    await rules.getByLabel('Minimum notice (minutes)').fill('60');
    await waitForText(rules, 'Students book at least 1 hour ahead');
    await rules.getByRole('button', { name: 'Save booking rules' }).click();
    await waitForText(page, 'Booking rules saved');
    await eventually(
      () =>
        query<{ min_notice_minutes: number }>(
          `select min_notice_minutes from public.clinic_settings where university_id = $1`,
          [university!.id],
        ),
      (rows) => rows[0]?.min_notice_minutes === 60,
    );

    const closureDay = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 22, [1, 2, 3, 4]);
    expect(await freeSlotCount(university!.id, closureDay)).toBeGreaterThan(0);
    const addClosure = page.getByRole('form', { name: 'Add a closure' });
    await addClosure.getByRole('button', { name: 'Add closure' }).click();
    await waitForText(addClosure, 'Say why the clinic is closed');
    await addClosure.getByLabel('First day').fill(closureDay);
    await addClosure.getByLabel('Reason').fill('Staff training day');
    await saveThroughAffectedVisits(
      page,
      addClosure.getByRole('button', { name: 'Add closure' }),
      'Add the closure anyway',
      'Closure added',
    );
    const closure = page
      .getByRole('list', { name: 'Upcoming closures' })
      .getByRole('listitem')
      .filter({ hasText: 'Staff training day' });
    await expectPage.visible(closure);
    expect(
      await query(
        `select starts_on::text, ends_on::text from public.clinic_closures where reason = 'Staff training day'`,
      ),
    ).toEqual([{ starts_on: closureDay, ends_on: closureDay }]);
    expect(await freeSlotCount(university!.id, closureDay)).toBe(0);

    await closure.getByRole('button', { name: /^Remove closure / }).click();
    await waitForText(page, 'Closure removed');
    await eventually(
      () => query(`select 1 from public.clinic_closures where reason = 'Staff training day'`),
      (rows) => rows.length === 0,
    );
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('shows a plain admin the clinic settings read-only', async () => {
    const { page } = await openAs(DEMO_ACCOUNTS.registrar, '/clinicpage');
    await waitForText(page, "Only a super admin can change the clinic's settings.");
    expect(await page.getByLabel('Time zone').isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Open on Monday' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
  });

  it("lets an admin set a doctor's weekly hours and time off from the staff list", async () => {
    const chen = await memberIdOf(suite.stack, 'dr.chen@northfield.edu');
    const { page, errors } = await openAs(DEMO_ACCOUNTS.registrar, '/staff');
    await page.getByLabel('Search staff').fill('Chen');
    await expectPage.visible(page.getByRole('row').filter({ hasText: 'dr.chen@northfield.edu' }));
    await chooseRowAction(page, /^Actions for .*Chen/, 'Availability');
    const availability = dialog(page, 'Availability: Dr Wei Chen');
    await waitForText(availability, `Days and times are the clinic's, in ${NORTHFIELD_ZONE}.`);

    const hours = availability.getByRole('form', { name: 'Weekly hours' });
    expect(await hours.getByRole('radio', { name: 'Only on these days and hours' }).isChecked()).toBe(true);
    expect(await hours.getByLabel('Monday until').inputValue()).toBe('13:00');
    await hours.getByRole('checkbox', { name: 'Working on Tuesday' }).check();
    await hours.getByLabel('Tuesday from').fill('13:00');
    await hours.getByLabel('Tuesday until').fill('18:00');
    await hours.getByRole('button', { name: 'Save weekly hours' }).click();
    await waitForText(hours, "Hours must be within the clinic's: 08:00–17:00");
    await hours.getByLabel('Tuesday until').fill('17:00');
    await saveThroughAffectedVisits(
      page,
      hours.getByRole('button', { name: 'Save weekly hours' }),
      'Save the change anyway',
      'Weekly hours saved',
    );
    expect(
      await query(
        `select weekday, opens_at::text, closes_at::text from public.doctor_hours where doctor_id = $1 order by weekday`,
        [chen],
      ),
    ).toEqual([
      { weekday: 1, opens_at: '09:00:00', closes_at: '13:00:00' },
      { weekday: 2, opens_at: '13:00:00', closes_at: '17:00:00' },
      { weekday: 3, opens_at: '09:00:00', closes_at: '13:00:00' },
      { weekday: 5, opens_at: '09:00:00', closes_at: '13:00:00' },
    ]);

    const day = await clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, 30);
    const addTimeOff = availability.getByRole('form', { name: 'Add time off' });
    await addTimeOff.getByLabel('First day').fill(day);
    await addTimeOff.getByLabel('Whole days').uncheck();
    await addTimeOff.getByLabel('From', { exact: true }).fill('09:00');
    await addTimeOff.getByLabel('Until', { exact: true }).fill('11:00');
    await addTimeOff.getByLabel('Reason (optional)').fill('Vaccination drive');
    await saveThroughAffectedVisits(
      page,
      addTimeOff.getByRole('button', { name: 'Add time off' }),
      'Save the change anyway',
      'Time off added',
    );
    await waitForText(availability.getByRole('list', { name: 'Upcoming time off' }), /09:00–11:00 · Vaccination drive/);
    const [stored] = await query<{ starts: string; ends: string }>(
      `select to_char(starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as starts, to_char(ends_at at time zone $2, 'YYYY-MM-DD HH24:MI') as ends
         from public.doctor_time_off where doctor_id = $1 and reason = 'Vaccination drive'`,
      [chen, NORTHFIELD_ZONE],
    );
    expect(stored).toEqual({ starts: `${day} 09:00`, ends: `${day} 11:00` });
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});

describe('settings', () => {
  it('saves the university details and logo, prefilled from the database', async () => {
    const { page, errors } = await openAs(SUPER_ADMIN, '/profilepage');
    expect(await page.getByLabel('University Name').inputValue()).toBe('Northfield University');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('admin@northfield.edu');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForText(page, 'University details saved');
    expect((await query(`select phone from public.universities where name = 'Northfield University'`))[0]!.phone).toBe(
      '+44 20 7946 0000',
    );

    await page
      .getByLabel('University logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expectPage.visible(page.getByRole('img', { name: 'University logo preview' }));
    await page.getByRole('button', { name: 'Change Profile photo' }).click();
    await waitForText(page, 'Logo updated');
    const [university] = await query<{ id: string; logo_path: string }>(
      `select id, logo_path from public.universities where name = 'Northfield University'`,
    );
    expect(university!.logo_path).toMatch(new RegExp(`^${university!.id}/logo-\\d+\\.png$`));
    await page.reload();
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0000');
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('changes the admin password after checking the current one', async () => {
    const { page } = await openAs(DEMO_ACCOUNTS.registrar, '/passwordpage');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('New Password', { exact: true }).fill('LedgerPass2027');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('LedgerPass2028');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await waitForText(form, 'New passwords do not match.');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('LedgerPass2027');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await waitForText(page, 'Password changed successfully!');
    expect(await canSignIn(suite.stack, DEMO_ACCOUNTS.registrar, 'LedgerPass2027')).toBe(true);
  });
});
