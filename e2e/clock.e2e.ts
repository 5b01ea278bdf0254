/**
 * One clock: on a computer in Los Angeles, every time the app shows is the clinic's (Northfield's, New York's, three
 * hours ahead), written one way. The doctor's agenda, the appointments table under it and the Edit dialog show a
 * visit at the same time; "Who viewed my health record" and its printable copy show the read on the clinic's clock,
 * the zone named.
 */
import { chooseRowAction } from './support/admin-helpers';
import {
  clinicDateTimeText,
  clinicDay,
  clinicMoment,
  dayText,
  memberId,
  scheduledAppointmentsOf,
  unexpectedErrors,
} from './support/doctor-data';
import { expect as expectPage } from './support/expectations';
import { openSignedIn } from './support/session';
import { useE2eSuite } from './support/suite';

const NORTHFIELD_ZONE = 'America/New_York';
const BROWSER_ZONE = 'America/Los_Angeles';
const ADAMS = 'dr.adams@northfield.edu';

const suite = useE2eSuite();

async function openInLosAngeles(signInPath: string, email: string, path: string) {
  const browser = await suite.openBrowser({ timezoneId: BROWSER_ZONE });
  // The page's own clock is Los Angeles's: the times below would read three hours earlier in it.
  expect(await browser.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
  await openSignedIn(browser.page, suite.stack, { signInPath, email, path });
  return browser;
}

describe('one clock, whatever the computer’s zone', () => {
  it('shows a visit at the same clinic time in the agenda, the table under it, the overview and its Edit dialog, and a read of the record on the clinic’s clock', async () => {
    const pool = suite.stack.adminPool;
    const [visit] = await scheduledAppointmentsOf(pool, ADAMS);
    if (!visit) throw new Error('the seed gives dr.adams scheduled appointments');
    // Today at 18:30 in New York (15:30 in Los Angeles): after the clinic's hours, so clear of every seeded visit.
    const today = await clinicDay(pool, NORTHFIELD_ZONE, 0);
    const at = await clinicMoment(pool, NORTHFIELD_ZONE, today, '18:30');
    await pool.query('update public.appointments set date = $1 where id = $2', [at, visit.id]);
    const { rows: student } = await pool.query<{ reg: string; email: string }>(
      'select a.reg, m.email from public.appointments a join public.members m on m.id = a.student_id where a.id = $1',
      [visit.id],
    );
    const { reg, email } = student[0]!;
    const when = clinicDateTimeText(at, NORTHFIELD_ZONE);
    expect(when).toBe(`${dayText(today)}, 18:30`);

    const doctor = await openInLosAngeles('/adminsignin', ADAMS, '/dashboarrd');
    const schedule = doctor.page.getByRole('region', { name: 'My schedule' });
    await expectPage.visible(schedule.getByText(`Times are the clinic's, in ${NORTHFIELD_ZONE}.`));
    const agendaItem = schedule
      .getByRole('list', { name: `Visits on ${dayText(today)}` })
      .getByRole('listitem')
      .filter({ hasText: visit.name });
    await expectPage.visible(agendaItem.getByText('18:30–19:00', { exact: true }));

    const mine = doctor.page.getByRole('table', { name: 'My Appointments' });
    await expectPage.visible(mine.getByRole('columnheader', { name: `Date/time (${NORTHFIELD_ZONE})` }));
    await expectPage.visible(
      mine.getByRole('row').filter({ hasText: visit.name }).getByRole('cell', { name: when, exact: true }),
    );

    // The overview of the patients page: the same time, and its Edit dialog too, with the zone named.
    await doctor.page.goto(`${suite.stack.url}/patients`);
    await doctor.page.getByLabel('Search appointments').fill(reg);
    const overview = doctor.page.getByRole('table', { name: 'Appointments' });
    await expectPage.visible(overview.getByRole('columnheader', { name: `Date/time (${NORTHFIELD_ZONE})` }));
    const row = overview.getByRole('row').filter({ has: doctor.page.getByRole('cell', { name: when, exact: true }) });
    await expectPage.visible(row);
    await chooseRowAction(row, `Actions for ${visit.name}, ${when}`, 'Edit');
    const edit = doctor.page.getByRole('dialog', { name: 'Edit appointment' });
    await expectPage.visible(edit.getByText(`${visit.name} (${reg}) · ${when} (${NORTHFIELD_ZONE})`));
    expect(await edit.getByLabel('Date and time').inputValue()).toBe(`${today}T18:30`);
    await edit.getByRole('button', { name: 'Close' }).first().click();

    // The doctor opens the student's record: a read the student sees, on the clinic's clock.
    await row.getByRole('button', { name: visit.name, exact: true }).click();
    await expectPage.visible(doctor.page.getByRole('dialog', { name: /^Patient: / }).getByText('Genotype'));
    expect(unexpectedErrors(doctor.errors)).toEqual([]);
    const { rows: reads } = await pool.query<{ at: Date }>(
      `select l.at from public.audit_log l where l.action = 'read' and l.record_id = $1 and l.actor_id = $2 order by l.at desc limit 1`,
      [visit.studentId, await memberId(pool, ADAMS)],
    );
    const readAt = reads[0]?.at;
    if (!readAt) throw new Error('opening the record was not recorded');
    const readWhen = clinicDateTimeText(readAt, NORTHFIELD_ZONE);

    const { page, errors } = await openInLosAngeles('/signin', email, '/studentprivacy');
    const views = page.getByRole('table', { name: 'Views of my health record, newest first' });
    await expectPage.visible(views.getByRole('columnheader', { name: `When (${NORTHFIELD_ZONE})` }));
    await expectPage.visible(
      views.getByRole('row').filter({ hasText: 'Dr Amelia Adams' }).getByRole('cell', { name: readWhen, exact: true }),
    );

    const [printable] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Open printable copy' }).click(),
    ]);
    await printable.waitForLoadState();
    const printedViews = printable.getByRole('table', { name: 'Who viewed my health record' });
    await expectPage.visible(printedViews.getByRole('columnheader', { name: `When (${NORTHFIELD_ZONE})` }));
    await expectPage.visible(printedViews.getByRole('cell', { name: readWhen, exact: true }));
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
