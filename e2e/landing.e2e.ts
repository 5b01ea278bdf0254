import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expectations';
import type { BrowserSession } from './support/browser';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, fillSignIn, signIn } from './support/session';
import { useE2eSuite } from './support/suite';
import { mailboxMessage } from './support/admin-helpers';
import { networkQuiet, NEW_PASSWORD, pathOf, sessionGone, uniqueEmail } from './support/landing-fixtures';
import { SESSION_STORAGE_KEY } from '../shared/src/supabase/client';

let browser: BrowserSession | undefined;

const suite = useE2eSuite();

async function open(path = '/', viewport?: { width: number; height: number }): Promise<BrowserSession> {
  browser = await suite.openBrowser();
  if (viewport) await browser.page.setViewportSize(viewport);
  await browser.page.goto(`${suite.stack.url}${path}`);
  await expectPage.mainHeading(browser.page);
  return browser;
}

async function goto(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.stack.url}${path}`);
  await expectPage.mainHeading(page);
}

const text = (page: Page, value: string | RegExp) => expectPage.visible(page.getByText(value));

async function logOut(page: Page): Promise<void> {
  // As a person would: once the page has finished loading (a request still queued when the session ends goes out anonymously).
  await networkQuiet(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL(`${suite.stack.url}/`);
  await expectPage.heading(page, 'The right care for students’ health needs');
  await page.waitForFunction(() => window.sessionStorage.length === 0);
}

async function activeSessions(email: string): Promise<number> {
  const { rows } = await suite.stack.adminPool.query<{ count: string }>(
    'select count(*) from auth.sessions s join auth.users u on u.id = s.user_id where lower(u.email) = lower($1)',
    [email],
  );
  return Number(rows[0].count);
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('landing page', () => {
  it('has the header, sections, an accessible FAQ accordion and working links', async () => {
    const { page, errors } = await open('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Why Choose Us',
      'Our key features',
      'Frequently asked questions',
      'Students deserve the best care',
    ]) {
      await expectPage.visible(page.getByRole('heading', { level: 2, name }));
    }
    for (const name of [
      'Enhanced efficiency',
      'Improved patient care',
      'Universal adaptability',
      'Better data management',
    ]) {
      await expectPage.visible(page.getByRole('heading', { level: 3, name }));
    }

    await main.getByRole('link', { name: 'FAQs' }).click();
    await page.waitForFunction(() => window.location.hash === '#faqs');
    const question = page.getByRole('button', { name: 'What are the payment options?' });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await expectPage.visible(page.getByRole('region', { name: 'What are the payment options?' }));
    expect(
      await page
        .getByRole('button', { name: /^(Is the platform|What types|What are|How do we|Do you offer|Can students)/ })
        .count(),
    ).toBe(6);

    await page.getByRole('banner').getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL('**/register');
    await expectPage.heading(page, 'Create a university account');
    await goto(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/signin');
    await goto(page, '/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/register');
    expect(errors).toEqual([]);
  });

  it.each([
    ['Open the university dashboard', '/adminsignin'],
    ['Staff sign in', '/adminsignin'],
    ['Students deserve the best care', '/signin'],
  ])('sends a signed-out visitor following “%s” to %s', async (link, signInPath) => {
    const { page } = await open('/');
    await page.getByRole('link', { name: link }).click();
    await page.waitForURL(`**${signInPath}`);
    await expectPage.mainHeading(page);
    if (link !== 'Staff sign in') await text(page, 'Please sign in to continue.');
  });

  it('fits a 360 px phone', async () => {
    const { page } = await open('/', { width: 360, height: 740 });
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    for (const path of ['/register', '/signin', '/adminsignin']) {
      await goto(page, path);
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    }
  });
});

/** Waits for the confirmation email to `email` in the local mailbox and opens its link in `page`. */
async function openConfirmationLink(page: Page, email: string): Promise<void> {
  const mail = await mailboxMessage(page, suite.stack.mailboxUrl, email, 'Confirm your CampusCare email address');
  const link = /(http\S+\/auth\/v1\/verify\?\S+)/.exec(mail)?.[1];
  if (!link) throw new Error(`no confirmation link in: ${mail}`);
  await page.goto(link);
}

describe('a new university and its first student', () => {
  it('registers and confirms from the mailbox, lets a student join and confirm, fill in the questionnaire, and sign out and in again', async () => {
    const universityEmail = uniqueEmail('admin');
    const universityName = `Lakeside University ${Date.now().toString(36)}`;
    const { page, errors } = await open('/register');

    await page.getByLabel('University name').fill(universityName);
    await page.getByLabel('Email', { exact: true }).fill(universityEmail);
    await page.getByLabel('Phone').fill('+1 555 030 0100');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Check your email' }));
    await text(page, `We sent a link to ${universityEmail}.`);
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);
    // Nothing exists until the mailbox is proven.
    const university = () =>
      suite.stack.adminPool.query<{ id: string; join_code: string }>(
        'select id, join_code from public.universities where email = $1',
        [universityEmail],
      );
    expect((await university()).rows).toHaveLength(0);

    await openConfirmationLink(page, universityEmail);
    await page.waitForURL('**/dashboardd');
    await expectPage.heading(page, 'Dashboard');
    await text(page, 'Your email address is confirmed. Welcome to CampusCare!');
    const { rows } = await university();
    expect(rows).toHaveLength(1);

    await logOut(page);
    expect(await activeSessions(universityEmail)).toBe(0);

    const studentEmail = uniqueEmail('student');
    await goto(page, `/register?join=${rows[0].join_code}`);
    await text(page, `You are joining ${universityName}`);
    await page.getByLabel('First name').fill('Zara');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email', { exact: true }).fill(studentEmail);
    await page.getByLabel('Phone').fill('+1 555 030 0200');
    await page.getByLabel('Registration number').fill('LKU/2026/001');
    await page.getByLabel('Department').fill('Pharmacy');
    await page.getByLabel('Year of study').selectOption('2');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Check your email' }));
    await openConfirmationLink(page, studentEmail);
    await page.waitForURL('**/questions');
    await expectPage.heading(page, "Let's know more about you");

    await page.getByRole('button', { name: 'Continue' }).click();
    await text(page, 'Choose a genotype: AA, AS, AC, SS, SC or CC');
    await text(page, 'Choose Yes or No');
    await text(page, 'BMI must be a number between 10 and 80');
    expect(pathOf(page)).toBe('/questions');

    await page.getByLabel('Genotype').selectOption('AS');
    await page.getByLabel('Blood group').selectOption('O+');
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByLabel('Allergies').fill('Penicillin');
    await page.getByLabel('Height (cm)').fill('180');
    await page.getByLabel('Weight (kg)').fill('81');
    expect(await page.getByLabel('BMI').inputValue()).toBe('25');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/studentdashboard');
    await expectPage.visible(page.getByRole('navigation', { name: 'Student navigation' }));

    const health = await suite.stack.adminPool.query(
      `select h.genotype, h.blood_group, h.disabled, h.allergies, h.bmi::text as bmi, m.university_id
       from public.health_profiles h join public.members m on m.id = h.student_id where m.email = $1`,
      [studentEmail],
    );
    expect(health.rows).toEqual([
      {
        genotype: 'AS',
        blood_group: 'O+',
        disabled: false,
        allergies: 'Penicillin',
        bmi: '25.0',
        university_id: rows[0].id,
      },
    ]);

    await logOut(page);
    expect(await activeSessions(studentEmail)).toBe(0);

    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/signin');
    await fillSignIn(page, studentEmail, NEW_PASSWORD, 'student');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/studentdashboard');
    await expectPage.visible(page.getByText(studentEmail, { exact: true }));
    expect(errors).toEqual([]);
  });

  it('refuses to sign in an address nobody has confirmed, and says what to do', async () => {
    const email = uniqueEmail('admin');
    const { page } = await open('/register');
    await page.getByLabel('University name').fill('Hillside College');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone').fill('+1 555 030 0300');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Check your email' }));
    await goto(page, '/adminsignin');
    await fillSignIn(page, email, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await text(page, /^Confirm your email address first: open the link we emailed you when you registered/);
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);
  });
});

describe('registration errors', () => {
  it('checks every field before anything is sent', async () => {
    const { page } = await open('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await text(page, 'Password must be at least 10 characters long');
    expect(await page.getByText('This field is required').count()).toBe(3);

    await page.getByLabel('University name').fill('Hillside College');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Phone').fill('call me');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await text(page, 'Enter a valid email address');
    await text(page, 'Enter a valid phone number');
    await text(page, 'Password must be at least 10 characters long');
    await page.getByLabel('Password', { exact: true }).fill('alllowercase1');
    await text(page, 'Password should include an uppercase, lowercase, and digits');
    expect(pathOf(page)).toBe('/register');
  });

  it('answers an email that already has an account like any other, changing nothing', async () => {
    const { page } = await open('/register');
    await page.getByLabel('University name').fill('Northfield Again');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.admin);
    await page.getByLabel('Phone').fill('+1 555 030 0400');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPage.visible(page.getByRole('heading', { name: 'Check your email' }));
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);
    const { rows } = await suite.stack.adminPool.query(
      `select 1 from public.universities where name = 'Northfield Again'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('shows a clear message when the server fails', async () => {
    const { page } = await open('/register');
    await page
      .context()
      .route(/\/auth\/v1\/signup(\?|$)/, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
    await page.getByLabel('University name').fill('Hillside College');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('admin'));
    await page.getByLabel('Phone').fill('+1 555 030 0500');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await text(page, 'CampusCare could not complete that just now. Please try again in a moment.');
    expect(pathOf(page)).toBe('/register');
  });

  it('has the auth service enforce the password rule too', async () => {
    const response = await fetch(`${suite.stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: suite.stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail('weak'),
        password: 'alllowercase',
        data: { kind: 'university', university_name: 'Weak U', phone: '+1 555 030 0600' },
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(expect.objectContaining({ code: 'weak_password' }));
  });

  it('explains an unknown join code', async () => {
    const { page } = await open('/register?join=NOSUCHCODE');
    await text(page, /That join code does not match any university/);
    expect(await page.getByLabel('Registration number').count()).toBe(0);
  });

  it('shows the database’s message for a registration number already in use', async () => {
    const { page } = await open('/register?join=NORTHFIELD');
    await text(page, 'You are joining Northfield University');
    await page.getByLabel('First name').fill('Copy');
    await page.getByLabel('Last name').fill('Cat');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('student'));
    await page.getByLabel('Phone').fill('+1 555 030 0700');
    await page.getByLabel('Registration number').fill('NFU/2024/001');
    await page.getByLabel('Department').fill('Law');
    await page.getByLabel('Year of study').selectOption('1');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await text(page, 'That registration number is already registered at this university');
    expect(pathOf(page)).toBe('/register');
  });
});

describe('/signin', () => {
  it('keeps the spec’s rules: inline password length, disabled button, required fields', async () => {
    const { page } = await open('/signin');
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.student);
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await text(page, 'Password should be at least 6 characters long');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await text(page, 'Please fill in all required fields');
    expect(pathOf(page)).toBe('/signin');
  });

  it('gives a wrong password and an unknown email the same message', async () => {
    const { page } = await open('/signin');
    await fillSignIn(page, DEMO_ACCOUNTS.student, 'WrongPassword1', 'student');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await text(page, 'Incorrect email or password');
    await fillSignIn(page, 'nobody@northfield.edu', DEMO_PASSWORD, 'student');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await text(page, 'Incorrect email or password');
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);
  });

  it('refuses a role that does not match the account and leaves no session', async () => {
    const { page } = await open('/signin');
    await fillSignIn(page, DEMO_ACCOUNTS.student, DEMO_PASSWORD, 'doctor');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await text(page, 'This is a student account. Choose “Student” as your role and sign in again.');
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);

    await fillSignIn(page, DEMO_ACCOUNTS.admin, DEMO_PASSWORD, 'doctor');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await text(page, /This is a university administrator account/);
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);
    expect(await activeSessions(DEMO_ACCOUNTS.admin)).toBe(0);
    await page.getByRole('link', { name: 'Go to the staff sign-in page' }).click();
    await page.waitForURL('**/adminsignin');
  });

  it('signs a doctor in with role doctor', async () => {
    const { page } = await open('/signin');
    await fillSignIn(page, 'dr.bello@northfield.edu', DEMO_PASSWORD, 'doctor');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboarrd');
    await expectPage.visible(page.getByRole('navigation', { name: 'Doctor navigation' }));
  });

  it('asks a student without a health profile to complete it after sign-in', async () => {
    const email = 'student05@northfield.edu';
    await suite.stack.adminPool.query(
      'delete from public.health_profiles where student_id = (select id from public.members where email = $1)',
      [email],
    );
    const { page } = await open('/signin');
    await fillSignIn(page, email, DEMO_PASSWORD, 'student');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/questions');
    await expectPage.heading(page, "Let's know more about you");
  });
});

describe('/adminsignin', () => {
  it('signs in a seeded doctor, with the email from the invitation link and a show/hide password', async () => {
    const { page, errors } = await open(`/adminsignin?email=${encodeURIComponent(DEMO_ACCOUNTS.doctor)}`);
    await text(page, /Open the invitation your university emailed you to choose your password first/);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(DEMO_ACCOUNTS.doctor);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(DEMO_PASSWORD);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show Password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboarrd');
    await expectPage.visible(page.getByText(DEMO_ACCOUNTS.doctor, { exact: true }));
    expect(errors).toEqual([]);
  });

  it('sends an administrator to /dashboardd', async () => {
    const { page } = await open('/adminsignin');
    await fillSignIn(page, DEMO_ACCOUNTS.registrar, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboardd');
  });

  it('refuses a student with a pointer to /signin', async () => {
    const { page } = await open('/adminsignin');
    await fillSignIn(page, DEMO_ACCOUNTS.student, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await text(page, 'Students sign in on the student sign-in page.');
    expect(await sessionGone(page, SESSION_STORAGE_KEY)).toBe(true);
    await page.getByRole('link', { name: 'Go to the student sign-in page' }).click();
    await page.waitForURL('**/signin');
  });

  it('sends staff who must change their password to the password page first', async () => {
    const email = 'dr.chen@northfield.edu';
    await suite.stack.adminPool.query('update public.members set must_change_password = true where email = $1', [
      email,
    ]);
    const { page } = await open('/adminsignin');
    await fillSignIn(page, email, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/adminpassword');
  });

  it('tells a deactivated member so', async () => {
    const email = 'dr.adams@southbank.edu';
    await suite.stack.adminPool.query("update public.members set status = 'deactivated' where email = $1", [email]);
    await suite.stack.adminPool.query("update auth.users set banned_until = 'infinity' where email = $1", [email]);
    const { page } = await open('/adminsignin');
    await fillSignIn(page, email, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await text(page, 'This account has been deactivated. Contact your university’s Super Admin.');
  });
});

describe('sessions', () => {
  it('sends a user whose session was revoked and has expired to sign in with a message', async () => {
    const { page } = await open('/signin');
    await signIn(page, suite.stack.url, suite.stack.anonKey, 'student02@northfield.edu');
    await goto(page, '/studentdashboard');
    const stored = await page.evaluate((key) => window.sessionStorage.getItem(key), SESSION_STORAGE_KEY);
    // Leave the app first: a running page would notice the revocation itself (its own requests are refused) and sign
    // out before the reload, which is not the case this test is about.
    await page.goto('about:blank');
    await suite.stack.adminPool.query(
      "delete from auth.sessions where user_id = (select id from auth.users where email = 'student02@northfield.edu')",
    );
    // The tab comes back holding the revoked session, its access token expired.
    await page.addInitScript(
      ([key, value]) => {
        const session = JSON.parse(value) as { expires_at?: number };
        session.expires_at = Math.floor(Date.now() / 1000) - 60;
        window.sessionStorage.setItem(key, JSON.stringify(session));
      },
      [SESSION_STORAGE_KEY, stored ?? '{}'] as const,
    );
    await page.goto(`${suite.stack.url}/studentdashboard`);
    await page.waitForURL('**/signin');
    await text(page, 'Your session has ended. Please sign in again.');
  });
});
