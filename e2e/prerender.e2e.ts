import { PRERENDERED_PATH_ATTRIBUTE } from '../shell/src/app/prerenderedPath';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, fillSignIn, openSignedIn } from './support/session';
import { useE2eSuite } from './support/suite';

const suite = useE2eSuite();

const PRERENDERED = [
  { path: '/', heading: 'The right care for students’ health needs' },
  { path: '/signin', heading: 'Sign in' },
  { path: '/adminsignin', heading: 'Admin sign in' },
] as const;

/** The dashboards the build renders as frames: each role's, opened from the sign-in page that role uses. */
const DASHBOARD_FRAMES = [
  { path: '/dashboardd', email: DEMO_ACCOUNTS.admin, signInPath: '/adminsignin' },
  { path: '/dashboarrd', email: DEMO_ACCOUNTS.doctor, signInPath: '/adminsignin' },
  { path: '/studentdashboard', email: DEMO_ACCOUNTS.student, signInPath: '/signin' },
] as const;

describe('pages rendered at build time', () => {
  it.each(PRERENDERED)(
    'serves $path with its content in the HTML, painted without any script',
    async ({ path, heading }) => {
      const html = await (await fetch(`${suite.stack.url}${path}`)).text();
      expect(html).toContain(`${PRERENDERED_PATH_ATTRIBUTE}="${path}"`);
      expect(html).toContain(heading);

      const session = await suite.openBrowser();
      await session.context.route('**/*.js', (route) => route.abort());
      await session.page.goto(`${suite.stack.url}${path}`);
      await expectPage.visible(session.page.getByRole('heading', { level: 1, name: heading, exact: true }));
      // Styled from the start: the style sheet that arrives with the HTML has the rules of the heading's class.
      const styled = await session.page
        .getByRole('heading', { level: 1 })
        .evaluate((element) =>
          Array.from(document.styleSheets).some((sheet) =>
            Array.from(sheet.cssRules).some(
              (rule) => rule instanceof CSSStyleRule && rule.selectorText.includes(`.${element.classList[0]}`),
            ),
          ),
        );
      expect(styled).toBe(true);
      // And the global style sheet is there with it: the design tokens the classes read, and the document's reset
      // (without it, the whole page moves when the style sheet arrives with the scripts).
      const page = await session.page.evaluate(() => ({
        primaryColour: getComputedStyle(document.documentElement).getPropertyValue('--cc-color-primary').trim(),
        bodyMargin: getComputedStyle(document.body).margin,
      }));
      expect(page).toEqual({ primaryColour: '#1d4ed8', bodyMargin: '0px' });
    },
  );

  it('hydrates the landing page in place: the same elements become live, with no error and no layout shift', async () => {
    const session = await suite.openBrowser();
    await session.context.addInitScript(() => {
      const win = window as unknown as { prerenderedHeading?: Element | null; layoutShift: number };
      win.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
          win.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') win.prerenderedHeading = document.querySelector('h1');
      });
    });
    await session.page.goto(`${suite.stack.url}/`);
    await expectPage.heading(session.page, PRERENDERED[0].heading);
    const { sameHeading, layoutShift } = await session.page.evaluate(() => {
      const win = window as unknown as { prerenderedHeading?: Element | null; layoutShift: number };
      return { sameHeading: win.prerenderedHeading === document.querySelector('h1'), layoutShift: win.layoutShift };
    });
    expect(sameHeading).toBe(true);
    expect(layoutShift).toBeLessThanOrEqual(0.05);
    expect(session.errors).toEqual([]);

    // Live: the router takes the link, and the document stays.
    await session.page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await session.page.getByRole('link', { name: 'Sign In' }).first().click();
    await expectPage.heading(session.page, 'Sign in');
    expect(await session.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });

  it('signs a student in from the hydrated sign-in page', async () => {
    const session = await suite.openBrowser();
    await session.page.goto(`${suite.stack.url}/signin`);
    await expectPage.mainHeading(session.page);
    await fillSignIn(session.page, DEMO_ACCOUNTS.student, DEMO_PASSWORD, 'student');
    await session.page.getByRole('button', { name: 'Sign In' }).click();
    await session.page.waitForURL('**/studentdashboard');
    expect(session.errors).toEqual([]);
  });

  it('renders a page with a query string afresh, so what the query fills in is there', async () => {
    const html = await (await fetch(`${suite.stack.url}/adminsignin?email=dr.adams%40northfield.edu`)).text();
    expect(html).not.toContain(PRERENDERED_PATH_ATTRIBUTE);
    const session = await suite.openBrowser();
    await session.page.goto(`${suite.stack.url}/adminsignin?email=dr.adams%40northfield.edu`);
    await expectPage.mainHeading(session.page);
    expect(await session.page.getByLabel('Email').inputValue()).toBe('dr.adams@northfield.edu');
  });

  // The frame copies the page's section titles (shell/src/app/PagePlaceholder.tsx) so the page replaces it without
  // moving anything: a section renamed, moved, or added above another on the page alone would make the page jump as it
  // arrives. Sections after the frame's last (the student's visit summary and immunizations appear only with data)
  // move nothing.
  it.each(DASHBOARD_FRAMES)(
    'frames $path with the titles of the sections its page shows first, in the same order',
    async ({ path, email, signInPath }) => {
      const html = await (await fetch(`${suite.stack.url}${path}`)).text();
      expect(html).toContain(`${PRERENDERED_PATH_ATTRIBUTE}="${path}"`);
      const framed = Array.from(html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g), ([, title]) => title);

      const { page } = await suite.openBrowser();
      await openSignedIn(page, suite.stack, { signInPath, email, path });
      await page.waitForSelector(`#root:not([${PRERENDERED_PATH_ATTRIBUTE}]) h1`);
      await page.waitForLoadState('networkidle');
      const shown = await page.locator('main h2').allTextContents();
      expect(framed.length).toBeGreaterThan(0);
      expect(shown.slice(0, framed.length)).toEqual(framed);
    },
  );

  it('shows the landing area’s fallback instead of a dead page when its remote cannot be reached', async () => {
    const session = await suite.openBrowser();
    await session.context.route('**/mfe/landing/**', (route) => route.abort('connectionrefused'));
    await session.page.goto(`${suite.stack.url}/`);
    await expectPage.visible(session.page.getByRole('heading', { name: 'This page is unavailable right now' }));
    await session.context.unroute('**/mfe/landing/**');
    await session.page.getByRole('button', { name: 'Retry' }).click();
    await expectPage.heading(session.page, PRERENDERED[0].heading);
  });
});
