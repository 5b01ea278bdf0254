import { readFileSync } from 'node:fs';
import { expect as expectPage } from './support/expectations';
import { openSignedIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { unexpectedErrors } from './support/doctor-data';

const ADAMS = 'dr.adams@northfield.edu';
const ADAMS_NAME = 'Dr Amelia Adams';

const suite = useE2eSuite();

async function openAs(signInPath: string, email: string, path: string) {
  const browser = await suite.openBrowser();
  await openSignedIn(browser.page, suite.stack, { signInPath, email, path });
  return browser;
}

interface Student {
  readonly email: string;
  readonly name: string;
  readonly reg: string;
}

/** A Northfield student with an appointment (so the doctor's overview lists them) whose record nobody has read yet. */
async function unreadStudent(): Promise<Student> {
  const { rows } = await suite.stack.adminPool.query<Student>(
    `select m.email, m.first_name || ' ' || m.last_name as name, m.reg_number as reg
     from public.members m
     where m.role = 'student' and m.email like '%@northfield.edu' and m.status = 'active'
       and exists (select 1 from public.appointments a where a.student_id = m.id)
       and not exists (select 1 from public.audit_log l where l.record_id = m.id and l.action = 'read')
     order by m.email desc limit 1`,
  );
  if (!rows[0]) throw new Error('the seed has no unread student with an appointment');
  return rows[0];
}

describe('who viewed my health record, and my data', () => {
  it('shows a doctor’s read of the record to the student with name and screen; the data downloads as JSON and prints', async () => {
    const student = await unreadStudent();

    const doctor = await openAs('/adminsignin', ADAMS, '/patients');
    await doctor.page.getByLabel('Search appointments').fill(student.reg);
    const table = doctor.page.getByRole('table', { name: 'Appointments' });
    await table.getByRole('button', { name: student.name }).first().click();
    await expectPage.visible(
      doctor.page.getByRole('dialog', { name: `Patient: ${student.name}` }).getByText('Genotype'),
    );
    expect(unexpectedErrors(doctor.errors)).toEqual([]);

    const { page, errors } = await openAs('/signin', student.email, '/studentprofile');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Privacy' }).click();
    const views = page.getByRole('table', { name: 'Views of my health record, newest first' });
    const row = views.getByRole('row').filter({ hasText: ADAMS_NAME });
    await expectPage.visible(row);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      ADAMS_NAME,
      ADAMS,
      'Doctor',
      'Patient record',
    ]);
    expect(new URL(page.url()).pathname).toBe('/studentprivacy');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('campuscare-my-data.json');
    const path = await download.path();
    const data = JSON.parse(readFileSync(path, 'utf8')) as {
      profile: { email: string };
      appointments: unknown[];
      health_record_views: { viewer_name: string; viewer_role: string; screen: string }[];
    };
    expect(data.profile.email).toBe(student.email);
    expect(data.appointments.length).toBeGreaterThan(0);
    expect(data.health_record_views).toEqual([
      expect.objectContaining({ viewer_name: ADAMS_NAME, viewer_role: 'doctor', screen: 'Patient record' }),
    ]);

    const [printable] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Open printable copy' }).click(),
    ]);
    await printable.waitForLoadState();
    await expectPage.heading(printable, `My data — ${student.name}`);
    const printedViews = printable.getByRole('table', { name: 'Who viewed my health record' });
    await expectPage.visible(printedViews.getByRole('cell', { name: ADAMS_NAME }));
    expect(await printable.locator('script').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
