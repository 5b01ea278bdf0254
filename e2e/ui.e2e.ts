import type { Locator, Page } from 'playwright-core';
import type { BrowserSession } from './support/browser';
import { expect as expectPage } from './support/expectations';
import { TINY_PNG } from './support/doctor-data';
import { DEMO_ACCOUNTS, signIn } from './support/session';
import { useE2eSuite } from './support/suite';

const suite = useE2eSuite();

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 720 } as const;
const LAPTOP = { width: 1366, height: 768 } as const;
const MIN_TOUCH_TARGET = 44;
/** Checkboxes and radio buttons: WCAG's minimum target size, where the browser's own box is 13 px. */
const MIN_CHOICE_TARGET = 24;

/** Opens `path` signed in as `email` (or signed out), in a window of `viewport`. */
async function openAt(
  path: string,
  viewport: { readonly width: number; readonly height: number },
  email?: string,
): Promise<BrowserSession> {
  const session = await suite.openBrowser();
  await session.page.setViewportSize(viewport);
  if (email) {
    await session.page.goto(`${suite.stack.url}/signin`);
    await expectPage.mainHeading(session.page);
    await signIn(session.page, suite.stack.url, suite.stack.anonKey, email);
  }
  await session.page.goto(`${suite.stack.url}${path}`);
  await expectPage.mainHeading(session.page);
  return session;
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not rendered');
  return box;
}

/** Whether the element is inside the window and is what a person's tap at its centre reaches. */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inside && hit !== null && element.contains(hit);
  });
}

/** Resource errors the browser logs for requests the API refused on purpose. */
function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

describe('row action menus', () => {
  it('shows the whole menu of the last row of a table at the bottom of the window, and its items work', async () => {
    const { page, errors } = await openAt('/student', DESKTOP, DEMO_ACCOUNTS.admin);
    const table = page.getByRole('table', { name: 'Students' });
    const menuButton = table.getByRole('button', { name: /^Actions for / }).last();
    await expectPage.visible(menuButton);
    expect(
      await menuButton.evaluate((button) => button.closest('tr') === button.closest('tbody')?.lastElementChild),
    ).toBe(true);

    await menuButton.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expectPage.visible(menu);
    const items = menu.getByRole('menuitem');
    const labels = await items.allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(await reachable(menu)).toBe(true);
    for (let index = 0; index < labels.length; index += 1) expect(await reachable(items.nth(index))).toBe(true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await items.last().click();
    await menu.waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog');
    await expectPage.visible(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('program details', () => {
  it.each([
    ['admin', DEMO_ACCOUNTS.admin, '/programs'],
    ['doctor', DEMO_ACCOUNTS.doctor, '/programm'],
    ['student', DEMO_ACCOUNTS.student, '/studentprogram'],
  ])(
    'shows the %s where, what kind, for whom and which activities, with past programs apart',
    async (_role, email, path) => {
      const { page, errors } = await openAt(path, DESKTOP, email);
      const upcoming = page.getByRole('list', { name: 'Upcoming programs' });
      await expectPage.visible(upcoming.getByRole('article', { name: 'Malaria Awareness Week' }));
      await expectPage.visible(
        page.getByRole('list', { name: 'Past programs' }).getByRole('article', { name: 'Vaccination Clinic' }),
      );
      expect(await upcoming.getByRole('article', { name: 'Vaccination Clinic' }).count()).toBe(0);

      await page.getByRole('button', { name: 'View details of Malaria Awareness Week' }).click();
      const details = page.getByRole('dialog', { name: 'Malaria Awareness Week' });
      await expectPage.visible(details);
      const text = await details.innerText();
      for (const detail of [
        'Student Union Hall',
        'Awareness',
        'All students',
        'Talks, free rapid tests, net distribution',
        'University Health Centre',
      ]) {
        expect(text).toContain(detail);
      }
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});

/** The first row of a table, seen as a phone shows it: its status and actions must be on screen. */
async function expectStatusAndActionsOnScreen(page: Page, tableName: string): Promise<void> {
  const table = page.getByRole('table', { name: tableName });
  const firstRow = table.locator('tbody tr').first();
  await expectPage.visible(firstRow.locator('td[data-label="Status"]'));
  for (const label of ['Status', 'Actions']) {
    const cell = firstRow.locator(`td[data-label="${label}"]`);
    await cell.scrollIntoViewIfNeeded();
    const box = await boxOf(cell);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await cell.isVisible()).toBe(true);
  }
  const menuButtons = table.getByRole('button', { name: /^Actions for / });
  if ((await menuButtons.count()) > 0)
    expect((await boxOf(menuButtons.first())).height).toBeGreaterThanOrEqual(MIN_TOUCH_TARGET);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Every checkbox and radio button of the page is a target of at least 24 × 24 px; returns how many there are. */
async function expectChoicesEasyToTap(page: Page): Promise<number> {
  const sizes = await page.locator('input[type="checkbox"], input[type="radio"]').evaluateAll((inputs) =>
    inputs.map((input) => {
      const box = input.getBoundingClientRect();
      return {
        name: input.getAttribute('aria-label') ?? input.parentElement?.textContent?.trim() ?? '',
        width: box.width,
        height: box.height,
      };
    }),
  );
  expect(sizes.filter((size) => Math.min(size.width, size.height) < MIN_CHOICE_TARGET)).toEqual([]);
  return sizes.length;
}

describe('on a 390 px wide phone', () => {
  it('the admin dashboard fits and its appointments show status and actions', async () => {
    const { page, errors } = await openAt('/dashboardd', PHONE, DEMO_ACCOUNTS.admin);
    await expectStatusAndActionsOnScreen(page, 'Appointments Overview');
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('the doctor dashboard fits and its appointments show status and actions', async () => {
    const { page, errors } = await openAt('/dashboarrd', PHONE, DEMO_ACCOUNTS.doctor);
    await expectStatusAndActionsOnScreen(page, 'My Appointments');
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('the student dashboard fits and its appointments show status and actions', async () => {
    const { page, errors } = await openAt('/studentdashboard', PHONE, DEMO_ACCOUNTS.student);
    await expectStatusAndActionsOnScreen(page, 'Upcoming appointments');
    await expectNoSidewaysScroll(page);
    const bookButton = page.getByRole('button', { name: 'Book an Appointment' });
    expect((await boxOf(bookButton)).height).toBeGreaterThanOrEqual(MIN_TOUCH_TARGET);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('the clinic settings fit, their opening days switched with boxes easy to tap', async () => {
    const { page, errors } = await openAt('/clinicpage', PHONE, DEMO_ACCOUNTS.admin);
    const hours = page.getByRole('form', { name: 'Opening hours' });
    await expectPage.visible(hours.getByRole('checkbox', { name: 'Open on Monday' }));
    await expectNoSidewaysScroll(page);
    expect(await expectChoicesEasyToTap(page)).toBeGreaterThanOrEqual(7);
    const until = await boxOf(hours.getByLabel('Monday until'));
    expect(until.x + until.width).toBeLessThanOrEqual(PHONE.width);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("a doctor's availability with hours of their own fits, its days and choices easy to tap", async () => {
    const { page, errors } = await openAt('/adminavailability', PHONE, DEMO_ACCOUNTS.doctor);
    await page.getByRole('radio', { name: 'Only on these days and hours' }).check();
    const week = page.getByRole('form', { name: 'Weekly hours' });
    await expectPage.visible(week.getByRole('checkbox', { name: 'Working on Monday' }));
    await expectNoSidewaysScroll(page);
    expect(await expectChoicesEasyToTap(page)).toBeGreaterThanOrEqual(7 + 2 + 1);
    const until = await boxOf(week.getByLabel('Friday until'));
    expect(until.x + until.width).toBeLessThanOrEqual(PHONE.width);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("the student's immunizations fit, the dose form's proof picker and preview inside the screen", async () => {
    const { page, errors } = await openAt('/immunizations', PHONE, 'student02@northfield.edu');
    await expectPage.visible(page.getByRole('article', { name: 'MMR' }).getByText('Under review', { exact: true }));
    const form = page.getByRole('form', { name: 'Record a dose' });
    await form
      .getByLabel('Photo or PDF of the document')
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: TINY_PNG });
    const preview = form.getByRole('img', { name: 'Preview of card.png' });
    await expectPage.visible(preview);
    const box = await boxOf(preview);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect((await boxOf(form.getByRole('button', { name: 'Record the dose' }))).height).toBeGreaterThanOrEqual(
      MIN_TOUCH_TARGET,
    );
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("the super admin's immunization requirements fit, the requirement's choices easy to tap", async () => {
    const { page, errors } = await openAt('/immunization-requirements', PHONE, DEMO_ACCOUNTS.admin);
    await expectPage.visible(
      page.getByRole('table', { name: 'Immunization requirements' }).getByText('Hepatitis B', { exact: true }),
    );
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Add a requirement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a requirement' });
    await expectPage.visible(dialog.getByRole('checkbox', { name: 'Year 1' }));
    // Every vaccine, year and exemption choice, and the two ways a requirement falls due.
    expect(await expectChoicesEasyToTap(page)).toBeGreaterThanOrEqual(8 + 2 + 2);
    const years = await boxOf(dialog.getByRole('group', { name: 'Years of study it applies to' }));
    expect(years.x + years.width).toBeLessThanOrEqual(PHONE.width);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('the compliance counts and the holds list fit, each row a card', async () => {
    const { page, errors } = await openAt('/immunization-compliance', PHONE, DEMO_ACCOUNTS.admin);
    const holds = page.getByRole('table', { name: 'Overdue students' });
    const firstHold = holds.locator('tbody tr').first();
    await expectPage.visible(firstHold.locator('td[data-label="Missing"]'));
    const missing = await boxOf(firstHold.locator('td[data-label="Missing"]'));
    expect(missing.x + missing.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("the doctors' review queue fits, its decisions easy to tap", async () => {
    const { page, errors } = await openAt('/immunization-review', PHONE, DEMO_ACCOUNTS.doctor);
    const item = page.getByRole('list', { name: 'Waiting for review, the oldest first' }).getByRole('article').first();
    await expectPage.visible(item);
    for (const button of [
      item.getByRole('button', { name: /^Approve / }),
      item.getByRole('button', { name: 'Reject…' }),
      item.getByRole('button', { name: 'Record a clinic dose' }),
    ]) {
      const box = await boxOf(button);
      expect(box.height).toBeGreaterThanOrEqual(MIN_TOUCH_TARGET);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("the clinic's types of visit fit, the type's choices easy to tap", async () => {
    const { page, errors } = await openAt('/clinicpage', PHONE, DEMO_ACCOUNTS.admin);
    const types = page.getByRole('table', { name: 'Types of visit' });
    await expectPage.visible(types.getByText('Vaccination', { exact: true }));
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Add a type of visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a type of visit' });
    await dialog.getByRole('radio', { name: 'Only the doctors chosen' }).check();
    await expectPage.visible(dialog.getByRole('checkbox', { name: 'Dr Amelia Adams' }));
    // Students booking it, the two ways it is offered, and the three doctors.
    expect(await expectChoicesEasyToTap(page)).toBeGreaterThanOrEqual(1 + 2 + 3);
    for (const control of [dialog.getByLabel('Name'), dialog.getByRole('button', { name: 'Add the type' })]) {
      const box = await boxOf(control);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('booking for a student fits, the students found easy to tap', async () => {
    const { page, errors } = await openAt('/dashboardd', PHONE, DEMO_ACCOUNTS.admin);
    await expectPage.visible(page.getByRole('region', { name: 'Waiting' }));
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Book for a student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book for a student' });
    await dialog.getByRole('searchbox', { name: 'Find the student' }).fill('NFU');
    await expectPage.visible(dialog.getByRole('radio').first());
    expect(await expectChoicesEasyToTap(page)).toBeGreaterThanOrEqual(2);
    for (const control of [
      dialog.getByLabel('Type of visit'),
      dialog.getByLabel('Time'),
      dialog.getByRole('button', { name: 'Book the visit' }),
    ]) {
      const box = await boxOf(control);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect((await boxOf(dialog.getByRole('button', { name: 'Book the visit' }))).height).toBeGreaterThanOrEqual(
      MIN_TOUCH_TARGET,
    );
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('the landing home page fits', async () => {
    const { page, errors } = await openAt('/', PHONE);
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

/** The box an element's own text takes on screen, which is wider than the element when the text overflows it. */
async function textBoxOf(locator: Locator): Promise<{ left: number; right: number; top: number; bottom: number }> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    return {
      left: Math.min(text.left, own.left),
      right: Math.max(text.right, own.right),
      top: Math.min(text.top, own.top),
      bottom: Math.max(text.bottom, own.bottom),
    };
  });
}

describe('on a 1366 px wide laptop', () => {
  it("the student's information shows the email address and the phone number apart", async () => {
    const { page, errors } = await openAt('/studentdashboard', LAPTOP, DEMO_ACCOUNTS.student);
    const information = page.getByRole('region', { name: 'Your information' });
    const valueOf = (term: string) =>
      information.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    const email = valueOf('Contact');
    await expectPage.visible(email.getByText(DEMO_ACCOUNTS.student));
    const [emailBox, phoneBox] = [await textBoxOf(email), await textBoxOf(valueOf('Phone'))];
    const overlap =
      emailBox.left < phoneBox.right &&
      phoneBox.left < emailBox.right &&
      emailBox.top < phoneBox.bottom &&
      phoneBox.top < emailBox.bottom;
    expect({ emailBox, phoneBox, overlap }).toEqual({ emailBox, phoneBox, overlap: false });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
