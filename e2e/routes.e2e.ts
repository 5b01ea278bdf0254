import { expect as expectPage } from './support/expectations';
import type { BrowserSession } from './support/browser';
import { DEMO_ACCOUNTS, signIn } from './support/session';
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
    await suite.stack.adminPool.query('update public.members set must_change_password = true where email = $1', [email]);
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
