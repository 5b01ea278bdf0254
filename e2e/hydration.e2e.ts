// The pages the build renders ahead (/, /signin, /adminsignin) take input from their first paint on, long before
// their scripts have run on a slow phone. Nothing entered then may be lost when React takes the page over, and taking
// it over must not make React throw the page away (errors #418, #421, #422 in the console).
import type { Locator, Page } from 'playwright-core';
import type { BrowserSession } from './support/browser';
import { appointmentRow, scheduledAppointmentsOf } from './support/doctor-data';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, openSignedIn, signIn } from './support/session';
import { useE2eSuite } from './support/suite';

const suite = useE2eSuite();

/** How many times slower than this machine's a student's phone runs the page (Chromium's CPU throttling). */
const PHONE_CPU_SLOWDOWN = 4;
const CPU_SLOWDOWNS = [1, PHONE_CPU_SLOWDOWN] as const;
/** A quick typist. */
const KEY_DELAY_MS = 40;

const SIGN_IN_PAGES = [
  { path: '/signin', email: DEMO_ACCOUNTS.student, role: 'student', submit: 'Sign In', dashboard: '/studentdashboard' },
  { path: '/adminsignin', email: DEMO_ACCOUNTS.admin, role: undefined, submit: 'Login', dashboard: '/dashboardd' },
] as const;
type SignInPage = (typeof SIGN_IN_PAGES)[number];
const SIGN_INS = SIGN_IN_PAGES.flatMap((signInPage) => CPU_SLOWDOWNS.map((slowdown) => ({ ...signInPage, slowdown })));

async function slowDownCpu(page: Page, slowdown: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
}

function emailField(page: Page): Locator {
  return page.getByLabel('Email', { exact: true });
}

function passwordField(page: Page): Locator {
  return page.getByLabel('Password', { exact: true });
}

/** Opens a sign-in page and returns as soon as its email field shows: painted from the HTML, before any script ran. */
async function openAtFirstPaint(page: Page, path: string, slowdown: number): Promise<void> {
  await slowDownCpu(page, slowdown);
  await page.goto(`${suite.stack.url}${path}`, { waitUntil: 'commit' });
  await emailField(page).waitFor({ state: 'visible' });
}

/** A finger on the field where it shows; Playwright's own click would first wait until the field takes clicks. */
async function tap(field: Locator): Promise<void> {
  const box = await field.boundingBox();
  if (!box) throw new Error('the field to tap is not on the page');
  await field.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Once the page is live: the fields hold everything entered, the form knows it (its button is enabled), and it signs in. */
async function expectSignedInWithWhatWasEntered(
  session: BrowserSession,
  { email, submit, dashboard }: SignInPage,
): Promise<void> {
  const { page, errors } = session;
  await expectPage.mainHeading(page);
  expect(await emailField(page).inputValue()).toBe(email);
  expect(await passwordField(page).inputValue()).toBe(DEMO_PASSWORD);
  const button = page.getByRole('button', { name: submit, exact: true });
  expect(await button.isEnabled()).toBe(true);
  await button.click();
  await page.waitForURL(`**${dashboard}`);
  await expectPage.mainHeading(page);
  expect(errors).toEqual([]);
}

describe('a prerendered sign-in page keeps what is entered before it hydrates', () => {
  it.each(SIGN_INS)('$path at $slowdown× CPU: every key typed from the first paint on', async (signInPage) => {
    const session = await suite.openBrowser();
    const { page } = session;
    await openAtFirstPaint(page, signInPage.path, signInPage.slowdown);
    await tap(emailField(page));
    await page.keyboard.type(signInPage.email, { delay: KEY_DELAY_MS });
    if (signInPage.role) await page.getByLabel('Role').selectOption(signInPage.role);
    await tap(passwordField(page));
    await page.keyboard.type(DEMO_PASSWORD, { delay: KEY_DELAY_MS });
    await expectSignedInWithWhatWasEntered(session, signInPage);
  });

  it.each(SIGN_INS)(
    '$path at $slowdown× CPU: both fields filled at the first paint by a password manager',
    async (signInPage) => {
      const session = await suite.openBrowser();
      const { page } = session;
      await openAtFirstPaint(page, signInPage.path, signInPage.slowdown);
      // As a password manager fills a form: both values at once, each with the events typing would have sent.
      await page.evaluate(
        (credentials) => {
          for (const [autocomplete, value] of credentials) {
            const field = document.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
            if (!field) throw new Error(`no field with autocomplete="${autocomplete}"`);
            field.value = value;
            field.dispatchEvent(new Event('input', { bubbles: true }));
            field.dispatchEvent(new Event('change', { bubbles: true }));
          }
        },
        [
          ['email', signInPage.email],
          ['current-password', DEMO_PASSWORD],
        ] as const,
      );
      if (signInPage.role) await page.getByLabel('Role').selectOption(signInPage.role);
      await expectSignedInWithWhatWasEntered(session, signInPage);
    },
  );
});

describe(`hydrating at ${PHONE_CPU_SLOWDOWN}× CPU logs no error`, () => {
  /** Each first visit races the page's code against what else the page does, so each page is visited a few times. */
  const FIRST_VISITS = 3;

  // A dashboard's frame too, opened signed out: it hydrates, then the guard sends the visitor to a sign-in page.
  it.each(['/', '/signin', '/adminsignin', '/dashboardd', '/dashboarrd', '/studentdashboard'])('%s', async (path) => {
    for (let visit = 1; visit <= FIRST_VISITS; visit += 1) {
      const { page, errors } = await suite.openBrowser();
      await slowDownCpu(page, PHONE_CPU_SLOWDOWN);
      await page.goto(`${suite.stack.url}${path}`);
      await expectPage.mainHeading(page);
      expect(errors).toEqual([]);
    }
  });

  it('a sign-in page reloaded with the notice it was opened with', async () => {
    const { page, errors } = await suite.openBrowser();
    await page.goto(`${suite.stack.url}/studentdashboard`);
    await page.waitForURL('**/signin');
    const notice = page.getByRole('status').filter({ hasText: 'Please sign in to continue.' });
    await expectPage.visible(notice);
    await slowDownCpu(page, PHONE_CPU_SLOWDOWN);
    await page.reload();
    await expectPage.mainHeading(page);
    await expectPage.visible(notice);
    expect(errors).toEqual([]);
  });

  it('a prerendered page a signed-in visitor opens, when the session check answers before the page’s code arrives', async () => {
    const { context, page, errors } = await suite.openBrowser();
    await page.goto(`${suite.stack.url}/signin`);
    await expectPage.mainHeading(page);
    await signIn(page, suite.stack.url, suite.stack.anonKey, DEMO_ACCOUNTS.student);
    await slowDownCpu(page, PHONE_CPU_SLOWDOWN);
    // The landing area's code but its entry and routes: the page's own chunk, held back (as on a slow network) until
    // the session check has been answered, or until it is clear that the check waits for the page.
    const sessionChecked = page
      .waitForResponse((response) => response.url().includes('/rest/v1/members'), { timeout: 5_000 })
      .catch(() => undefined);
    await context.route(/\/mfe\/landing\/(?!remoteEntry|__federation_expose|mf-manifest)[^?]*\.js/, async (route) => {
      await sessionChecked;
      await route.continue();
    });
    await page.goto(`${suite.stack.url}/`);
    await expectPage.mainHeading(page);
    expect(errors).toEqual([]);
  });

  describe('through a signed-in dashboard opened from a sign-in page', () => {
    async function openAs(email: string, signInPath: string, path: string): Promise<BrowserSession> {
      const session = await suite.openBrowser();
      await slowDownCpu(session.page, PHONE_CPU_SLOWDOWN);
      await openSignedIn(session.page, suite.stack, { signInPath, email, path });
      return session;
    }

    it('a student’s dashboard on a 360 px wide phone, with the booking form open', async () => {
      const { page, errors } = await openAs('student08@northfield.edu', '/signin', '/studentdashboard');
      const sidebarWidth = await page.evaluate(() =>
        parseInt(getComputedStyle(document.documentElement).getPropertyValue('--cc-sidebar-width'), 10),
      );
      await page.setViewportSize({ width: 360 + sidebarWidth, height: 740 });
      await page.getByRole('button', { name: 'Book an Appointment' }).click();
      await expectPage.visible(page.getByRole('form', { name: 'Book an appointment' }));
      await expectPage.visible(page.getByRole('table', { name: 'Upcoming appointments' }));
      expect(errors).toEqual([]);
    });

    it('a doctor cancelling an appointment with a reason', async () => {
      const [target] = await scheduledAppointmentsOf(suite.stack.adminPool, DEMO_ACCOUNTS.doctor);
      if (!target) throw new Error('the seed gives dr.adams scheduled appointments');
      const { page, errors } = await openAs(DEMO_ACCOUNTS.doctor, '/adminsignin', '/dashboarrd');
      const rows = page
        .getByRole('table', { name: 'My Appointments' })
        .getByRole('row')
        .filter({ hasText: target.name })
        .filter({ hasText: 'Scheduled' });
      await rows
        .first()
        .getByRole('button', { name: /^Actions for / })
        .click();
      await page.getByRole('menuitem', { name: 'Cancel', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
      await dialog.getByLabel('Reason for cancelling').fill('Doctor called away to an emergency');
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await expectPage.visible(page.getByText('Appointment cancelled'));
      expect((await appointmentRow(suite.stack.adminPool, target.id)).cancel_reason).toBe(
        'Doctor called away to an emergency',
      );
      expect(errors).toEqual([]);
    });
  });
});
