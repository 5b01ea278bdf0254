import { readFileSync } from 'node:fs';
import type { Bundle, FhirResource } from 'fhir/r4';
import type { Page } from 'playwright-core';
import { fhirSchemaErrors } from '../supabase/tests/fhirSchema';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, openSignedIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { clinicDay, dayText, TINY_PNG, unexpectedErrors } from './support/doctor-data';

const suite = useE2eSuite();

const NORTHFIELD_ZONE = 'America/New_York';
const SUPER_ADMIN = 'admin@northfield.edu';
const DOCTOR = 'dr.adams@northfield.edu';
const DOCTOR_NAME = 'Dr Amelia Adams';
/** The only seeded Northfield student of Architecture in year 3: the requirement below applies to her alone. */
const STUDENT = {
  email: 'student07@northfield.edu',
  name: 'Grace Kim',
  department: 'Architecture',
  year: '3',
} as const;
const REQUIREMENT = 'Yellow fever (travel term)';
const VACCINE = 'Yellow fever (CVX 37)';
const REJECTION = 'The date on the card cannot be read: please take the photo again in daylight.';

/** A day ('YYYY-MM-DD') `offset` days from the clinic's today, as PostgreSQL's clock and the clinic's zone say. */
function clinicDayFromToday(offset: number): Promise<string> {
  return clinicDay(suite.stack.adminPool, NORTHFIELD_ZONE, offset);
}

async function open(
  signInPath: string,
  email: string,
  path: string,
): Promise<{ readonly page: Page; readonly errors: string[] }> {
  const browser = await suite.openBrowser();
  await openSignedIn(browser.page, suite.stack, { signInPath, email, path });
  return browser;
}

function requirementCard(page: Page) {
  return page.getByRole('article', { name: REQUIREMENT });
}

/** The student records a Yellow fever dose with a photo of the card, and sees it under review. */
async function recordDoseWithCard(page: Page, givenOn: string, fileName: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Record a dose' });
  await form.getByLabel('Vaccine').selectOption({ label: VACCINE });
  await form.getByLabel('Day it was given').fill(givenOn);
  await form.getByLabel('Where it was given (optional)').fill('Travel clinic, Lagos');
  await form
    .getByLabel('Photo or PDF of the document')
    .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: TINY_PNG });
  await expectPage.visible(form.getByRole('img', { name: `Preview of ${fileName}` }));
  await form.getByRole('button', { name: 'Record the dose' }).click();
  await expectPage.visible(requirementCard(page).getByText('Under review', { exact: true }));
}

/** The holds list narrowed to the requirement, the student's department (typed in another case) and year. */
async function holdsFor(page: Page): Promise<void> {
  const filters = page.getByRole('group', { name: 'Filter the holds list' });
  await filters.getByLabel('Requirement').selectOption({ label: REQUIREMENT });
  await filters.getByLabel('Department').fill(STUDENT.department.toLowerCase());
  await filters.getByLabel('Year of study').selectOption(STUDENT.year);
}

describe('immunization compliance, the whole path', () => {
  it('takes a requirement from the super admin to a student who is met, through a rejected and an approved card', async () => {
    const dueOn = await clinicDayFromToday(14);
    const givenOn = await clinicDayFromToday(-30);

    // The super admin defines the requirement for Architecture students of year 3.
    const superAdmin = await open('/adminsignin', SUPER_ADMIN, '/immunization-requirements');
    await superAdmin.page.getByRole('button', { name: 'Add a requirement' }).click();
    const dialog = superAdmin.page.getByRole('dialog', { name: 'Add a requirement' });
    await dialog.getByLabel('Name').fill(REQUIREMENT);
    await dialog.getByRole('checkbox', { name: VACCINE }).check();
    await dialog.getByRole('radio', { name: 'On a fixed day' }).check();
    await dialog.getByLabel('Due date').fill(dueOn);
    await dialog.getByLabel('Departments it applies to').fill(STUDENT.department);
    await dialog.getByRole('checkbox', { name: `Year ${STUDENT.year}` }).check();
    await dialog.getByRole('button', { name: 'Add the requirement' }).click();
    await dialog.waitFor({ state: 'detached' });
    const requirements = superAdmin.page.getByRole('table', { name: 'Immunization requirements' });
    await expectPage.visible(
      requirements
        .getByRole('row')
        .filter({ hasText: REQUIREMENT })
        .getByText(`${STUDENT.department} · year ${STUDENT.year}`),
    );

    // The student is shown as due, with what is missing.
    const student = await open('/signin', STUDENT.email, '/immunizations');
    await expectPage.visible(requirementCard(student.page).getByText(`Due by ${dayText(dueOn)}`));
    await expectPage.visible(requirementCard(student.page).getByText('Still missing: 1 more dose of Yellow fever.'));

    // The student sends a card; the doctor opens it beside the dose and rejects it with a reason.
    await recordDoseWithCard(student.page, givenOn, 'card.png');
    const doctor = await open('/adminsignin', DOCTOR, '/immunization-review');
    const item = doctor.page.getByRole('article', { name: `${STUDENT.name}: Yellow fever dose` });
    await expectPage.visible(item.getByText('Travel clinic, Lagos'));
    await item.getByRole('button', { name: `Open the document from ${STUDENT.name}` }).click();
    await expectPage.visible(item.getByRole('img', { name: `Document from ${STUDENT.name}: card.png` }));
    await item.getByRole('button', { name: 'Reject…' }).click();
    const reject = doctor.page.getByRole('dialog', {
      name: `Reject the dose of Yellow fever given on ${dayText(givenOn)}`,
    });
    await reject.getByLabel('Reason the student reads').fill(REJECTION);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await item.waitFor({ state: 'detached' });

    // The student reads why, and is due again.
    await student.page.reload();
    await expectPage.visible(
      requirementCard(student.page).getByText(
        `The dose given on ${dayText(givenOn)} was not accepted by the clinic: ${REJECTION}`,
      ),
    );
    await expectPage.visible(requirementCard(student.page).getByText(`Due by ${dayText(dueOn)}`));

    // The deadline passes (the super admin brings it forward to yesterday): the registrar's holds list names the student.
    await superAdmin.page.reload();
    await requirements.getByRole('button', { name: `Actions for ${REQUIREMENT}` }).click();
    await superAdmin.page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = superAdmin.page.getByRole('dialog', { name: `Edit ${REQUIREMENT}` });
    const yesterday = await clinicDayFromToday(-1);
    await edit.getByLabel('Due date').fill(yesterday);
    await edit.getByRole('button', { name: 'Save the requirement' }).click();
    await edit.waitFor({ state: 'detached' });

    const registrar = await open('/adminsignin', DEMO_ACCOUNTS.registrar, '/immunization-compliance');
    await holdsFor(registrar.page);
    const holds = registrar.page.getByRole('table', { name: 'Overdue students' });
    const hold = holds.getByRole('row').filter({ hasText: STUDENT.name });
    await expectPage.visible(hold.getByText(dayText(yesterday)));

    // The student sends a clearer card; the doctor approves it; the student is met.
    await student.page.reload();
    await expectPage.visible(requirementCard(student.page).getByText(`Overdue: it was due by ${dayText(yesterday)}`));
    await recordDoseWithCard(student.page, givenOn, 'card-daylight.png');
    await doctor.page.reload();
    await doctor.page
      .getByRole('button', {
        name: `Approve the dose of Yellow fever given on ${dayText(givenOn)} for ${STUDENT.name}`,
      })
      .click();
    await item.waitFor({ state: 'detached' });
    await student.page.reload();
    await expectPage.visible(requirementCard(student.page).getByText('Met', { exact: true }));

    // The holds list no longer names the student; the counts say met.
    await registrar.page.reload();
    await holdsFor(registrar.page);
    await expectPage.visible(
      registrar.page
        .getByRole('table', { name: 'Overdue students' })
        .getByText('Nobody matching these filters is overdue'),
    );
    const counts = registrar.page
      .getByRole('table', { name: 'Compliance per requirement' })
      .getByRole('row')
      .filter({ hasText: REQUIREMENT });
    await expectPage.visible(counts.getByText('1 of 1 (100 %)'));

    // The doctor's opening of the card is in the student's "Who viewed my health record".
    await student.page.goto(`${suite.stack.url}/studentprivacy`);
    const views = student.page.getByRole('table', { name: 'Views of my health record, newest first' });
    const opening = views.getByRole('row').filter({ hasText: 'Immunization document' });
    await expectPage.visible(opening.getByText(DOCTOR_NAME));

    // The student's record as a FHIR file holds the approved dose, coded, and is valid against the R4 schema.
    const [download] = await Promise.all([
      student.page.waitForEvent('download'),
      student.page.getByRole('button', { name: 'Download my record (FHIR)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^campuscare-record-\d{4}-\d{2}-\d{2}\.json$/);
    const bundle = JSON.parse(readFileSync(await download.path(), 'utf8')) as Bundle<FhirResource>;
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    const immunizations = (bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource) => resource?.resourceType === 'Immunization');
    expect(immunizations).toEqual([
      expect.objectContaining({
        status: 'completed',
        vaccineCode: expect.objectContaining({
          coding: expect.arrayContaining([expect.objectContaining({ code: '37' })]),
        }),
      }),
    ]);

    // Nothing of the record reached the registrar's screen: no document, no dose detail.
    expect(await registrar.page.getByText('card.png').count()).toBe(0);
    for (const session of [superAdmin, student, doctor, registrar])
      expect(unexpectedErrors(session.errors)).toEqual([]);
  });

  it('refuses a file whose content is not what its type says, in words', async () => {
    const student = await open('/signin', 'student08@northfield.edu', '/immunizations');
    const form = student.page.getByRole('form', { name: 'Record a dose' });
    await form.getByLabel('Vaccine').selectOption({ label: VACCINE });
    await form.getByLabel('Day it was given').fill(await clinicDayFromToday(-3));
    await form
      .getByLabel('Photo or PDF of the document')
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    await form.getByRole('button', { name: 'Record the dose' }).click();
    await expectPage.visible(form.getByRole('alert').filter({ hasText: 'That file is not what its name says' }));
    const [{ count }] = await suite.query<{ count: string }>(
      `select count(*) from public.immunization_doses d join public.members m on m.id = d.student_id where m.email = $1 and d.cvx_code = '37'`,
      ['student08@northfield.edu'],
    );
    expect(Number(count)).toBe(0);
    expect(unexpectedErrors(student.errors)).toEqual([]);
  });
});
