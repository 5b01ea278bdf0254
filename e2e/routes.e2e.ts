import type { Page, Request } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import type { BrowserSession } from './support/browser';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, fillSignIn, signIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { routesOfArea, ROLES, type Role } from '../shared/src/routes/contract';

let browser: BrowserSession | undefined;

const suite = useE2eSuite();

async function open(path = '/'): Promise<BrowserSession> {
  browser = await suite.openBrowser();
  await browser.page.goto(`${suite.stack.url}${path}`);
  return browser;
}

async function openSignedIn(email: string): Promise<BrowserSession> {
  const session = await open('/signin');
  await expectPage.mainHeading(session.page);
  await signIn(session.page, suite.stack.url, suite.stack.anonKey, email);
  return session;
}

function pathOf(session: BrowserSession): string {
  return new URL(session.page.url()).pathname;
}

const ROLE_NAVIGATION: Readonly<Record<Role, string>> = {
  admin: 'University account navigation',
  doctor: 'Doctor navigation',
  student: 'Student navigation',
};

describe('every contract route renders for its role', () => {
  it('renders the public landing pages for a signed-out visitor', async () => {
    const session = await open('/');
    for (const route of routesOfArea('landing').filter((candidate) => candidate.access === 'public')) {
      await session.page.goto(`${suite.stack.url}${route.path}`);
      await expectPage.mainHeading(session.page);
      expect(pathOf(session)).toBe(route.path);
    }
    expect(session.errors).toEqual([]);
  });

  it.each(ROLES)('renders every %s page inside its role layout with the signed-in email', async (role) => {
    const session = await openSignedIn(DEMO_ACCOUNTS[role]);
    const pages = [...routesOfArea(role), ...routesOfArea('landing').filter((route) => route.access === role)];
    for (const route of pages) {
      await session.page.goto(`${suite.stack.url}${route.path}`);
      await expectPage.mainHeading(session.page);
      expect(pathOf(session)).toBe(route.path);
      if (route.area !== 'landing') {
        await expectPage.visible(session.page.getByRole('navigation', { name: ROLE_NAVIGATION[role] }));
        await expectPage.visible(session.page.getByText(DEMO_ACCOUNTS[role], { exact: true }));
      }
    }
    expect(session.errors).toEqual([]);
  });
});

describe('guards', () => {
  it.each([
    ['/dashboardd', '/adminsignin'],
    ['/patients', '/adminsignin'],
    ['/studentdashboard', '/signin'],
    ['/questions', '/signin'],
  ])('sends a signed-out visitor of %s to %s', async (from, to) => {
    const session = await open(from);
    await session.page.waitForURL(`**${to}`);
    await expectPage.mainHeading(session.page);
  });

  it.each([
    ['student', '/dashboardd', '/studentdashboard'],
    ['doctor', '/studentprofile', '/dashboarrd'],
    ['admin', '/patients', '/dashboardd'],
  ] as const)('sends a signed-in %s on %s to their own dashboard %s', async (role, from, to) => {
    const session = await openSignedIn(DEMO_ACCOUNTS[role]);
    await session.page.goto(`${suite.stack.url}${from}`);
    await session.page.waitForURL(`**${to}`);
    await expectPage.visible(session.page.getByRole('navigation', { name: ROLE_NAVIGATION[role] }));
  });

  it('sends a member who must change their password to their password page', async () => {
    const email = 'dr.bello@northfield.edu';
    await suite.stack.adminPool.query('update public.members set must_change_password = true where email = $1', [
      email,
    ]);
    const session = await openSignedIn(email);
    await session.page.goto(`${suite.stack.url}/patients`);
    await session.page.waitForURL('**/adminpassword');
    await expectPage.heading(session.page, 'Settings');
  });

  it('shows the 404 page for an unknown path', async () => {
    const session = await open('/no-such-page');
    await expectPage.heading(session.page, 'Page not found');
  });
});

describe('a remote that cannot be reached', () => {
  it('shows the fallback with Retry inside the layout while the other areas keep working', async () => {
    const session = await openSignedIn(DEMO_ACCOUNTS.doctor);
    await session.context.route('**/mfe/doctor/**', (route) => route.abort('connectionrefused'));

    await session.page.goto(`${suite.stack.url}/dashboarrd`);
    const fallback = session.page.getByRole('alert');
    await expectPage.visible(fallback.getByRole('heading', { name: 'The doctor area is unavailable right now' }));
    await expectPage.visible(session.page.getByRole('navigation', { name: ROLE_NAVIGATION.doctor }));

    await session.page.goto(`${suite.stack.url}/`);
    await expectPage.heading(session.page, 'The right care for students’ health needs');
    await session.page.goto(`${suite.stack.url}/signin`);
    await expectPage.mainHeading(session.page);

    await session.page.goto(`${suite.stack.url}/dashboarrd`);
    await expectPage.visible(fallback.getByRole('button', { name: 'Retry' }));
    await session.context.unroute('**/mfe/doctor/**');
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expectPage.heading(session.page, 'Dashboard');
  });

  it('keeps other roles’ areas working while the doctor remote is down', async () => {
    const session = await openSignedIn(DEMO_ACCOUNTS.admin);
    await session.context.route('**/mfe/doctor/**', (route) => route.abort('connectionrefused'));
    await session.page.goto(`${suite.stack.url}/dashboardd`);
    await expectPage.heading(session.page, 'Dashboard');
    await expectPage.visible(session.page.getByRole('heading', { name: 'Appointments Overview' }));
  });
});

/** Signs in through the form of the sign-in page the guard sent the visitor to, as a person would. */
async function signInThroughForm(page: Page, email: string, role?: 'doctor' | 'student'): Promise<void> {
  await expectPage.mainHeading(page);
  await fillSignIn(page, email, DEMO_PASSWORD, role);
  await page.getByRole('button', { name: role ? 'Sign In' : 'Login', exact: true }).click();
}

function addressOf(session: BrowserSession): string {
  const url = new URL(session.page.url());
  return `${url.origin}${url.pathname}${url.search}`;
}

describe('deep links', () => {
  const askedToSignIn = (session: BrowserSession) =>
    session.page.getByRole('status').filter({ hasText: 'Please sign in to continue.' });

  it('sends a signed-out doctor to sign in, then on to the page of the link, query string included', async () => {
    const { rows } = await suite.stack.adminPool.query<{ id: string }>(
      "select id from public.members where email = 'student02@northfield.edu'",
    );
    const chart = `/patientchart?student=${rows[0]!.id}`;
    const session = await open(chart);
    await session.page.waitForURL('**/adminsignin');
    await expectPage.visible(askedToSignIn(session));
    await signInThroughForm(session.page, DEMO_ACCOUNTS.doctor);
    await session.page.waitForURL(`**${chart}`);
    await expectPage.heading(session.page, 'Patient chart');
    await expectPage.visible(session.page.getByRole('heading', { name: 'Visits', exact: true }));
  });

  it('sends a signed-out student to the student sign-in page, then on to the page of the link', async () => {
    const session = await open('/studentvisits');
    await session.page.waitForURL('**/signin');
    await expectPage.visible(askedToSignIn(session));
    await signInThroughForm(session.page, DEMO_ACCOUNTS.student, 'student');
    await session.page.waitForURL('**/studentvisits');
    await expectPage.heading(session.page, 'My visits');
  });

  it('sends a member whose role the page of the link is not for to their own dashboard', async () => {
    const session = await open('/staffmembers');
    await session.page.waitForURL('**/adminsignin');
    await signInThroughForm(session.page, DEMO_ACCOUNTS.doctor);
    await session.page.waitForURL('**/dashboarrd');
    await expectPage.visible(session.page.getByRole('navigation', { name: ROLE_NAVIGATION.doctor }));
  });

  it.each(['https://evil.example/patients', '//evil.example/patients', '/\\evil.example/patients'])(
    'never sends anyone to another site, whatever the sign-in page was told: %s',
    async (elsewhere) => {
      const session = await open('/adminsignin');
      await expectPage.mainHeading(session.page);
      // The only input the sign-in page reads the page asked for from is its history entry, which no other site can
      // write: this test writes it as a hostile script would, in the router's own layout, and reloads.
      await session.page.evaluate(
        (from) => window.history.replaceState({ usr: { from, notice: 'signInRequired' }, key: 'planted', idx: 0 }, ''),
        elsewhere,
      );
      await session.page.reload();
      await expectPage.visible(askedToSignIn(session));
      await signInThroughForm(session.page, DEMO_ACCOUNTS.doctor);
      await session.page.waitForURL('**/dashboarrd');
      expect(addressOf(session)).toBe(`${suite.stack.url}/dashboarrd`);
    },
  );
});

describe('the session check while the API cannot be reached', () => {
  /** How long a person may wait for the check before being told, counted from opening the page. */
  const PATIENCE_MS = 8000;
  /** The page's clock moves on this much at a time, and only once the page has nothing in flight. */
  const STEP_MS = 25;
  const API = /\/(auth|rest|storage)\/v1\//;

  it('says so within 8 s with Try again, and goes on without a reload once the API is back', async () => {
    const session = await openSignedIn(DEMO_ACCOUNTS.doctor);
    const { page, context } = session;
    const inFlight = new Set<Request>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    /** Nothing in flight and no task waiting in the page: what is left to happen waits for the page's clock. */
    const settled = async () => {
      while (inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
      );
    };

    await context.route(API, (route) => route.abort('connectionrefused'));
    // The page's time stands still unless the test moves it on, and it does so only once the page has settled: the
    // wait is measured in the page's own time, the same on a fast machine as on a loaded one.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(`${suite.stack.url}/patients`);

    const checking = page.getByRole('status').filter({ hasText: 'Checking your session…' });
    const failed = page.getByRole('heading', { name: 'We could not check your session' });
    let waited = 0;
    let sawChecking = false;
    while (!(await failed.isVisible())) {
      sawChecking ||= await checking.isVisible();
      if (waited > 4 * PATIENCE_MS)
        throw new Error(`still "Checking your session…" after ${waited} ms of the page's time`);
      await settled();
      await page.clock.runFor(STEP_MS);
      waited += STEP_MS;
    }
    expect(sawChecking).toBe(true);
    expect(waited).toBeLessThanOrEqual(PATIENCE_MS);
    await expectPage.visible(
      page.getByRole('alert').filter({ hasText: 'Could not reach CampusCare. Check your connection and try again.' }),
    );

    await context.unroute(API);
    await page.clock.resume();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectPage.visible(page.getByRole('navigation', { name: ROLE_NAVIGATION.doctor }));
    await expectPage.mainHeading(page);
    expect(pathOf(session)).toBe('/patients');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
