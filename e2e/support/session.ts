import type { Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../../shared/src/supabase/client';
import type { TestStack } from '../../server/test/support/stack';
import { expect as expectPage } from './expectations';

export const DEMO_PASSWORD = 'CampusCare2026';

/** Fills the sign-in form as a person would; the role select is on the students' and doctors' page only. */
export async function fillSignIn(
  page: Page,
  email: string,
  password: string,
  role?: 'doctor' | 'student',
): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (role) await page.getByLabel('Role').selectOption(role);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

export const DEMO_ACCOUNTS = {
  /** The super admin: the university's own account. */
  admin: 'admin@northfield.edu',
  /** An admin who is not the super admin (the front desk). */
  registrar: 'registrar@northfield.edu',
  doctor: 'dr.adams@northfield.edu',
  student: 'student01@northfield.edu',
} as const;

/**
 * Signs in the way the app's client does (the password grant of the auth API) and stores the session
 * where the app's single Supabase client looks for it. The page must already be on the app's origin.
 */
export async function signIn(page: Page, stackUrl: string, anonKey: string, email: string): Promise<void> {
  const response = await fetch(`${stackUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: HTTP ${response.status} ${await response.text()}`);
  const session: unknown = await response.json();
  await page.evaluate(([key, value]) => window.sessionStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
}

/**
 * Opens `path` as `email`: first the sign-in page `signInPath` (a member's way in, and the app's origin for the
 * session), signed in behind it the way the app's client does, then `path`, once it shows its heading.
 */
export async function openSignedIn(
  page: Page,
  stack: Pick<TestStack, 'url' | 'anonKey'>,
  { signInPath, email, path }: { readonly signInPath: string; readonly email: string; readonly path: string },
): Promise<void> {
  await page.goto(`${stack.url}${signInPath}`);
  await expectPage.mainHeading(page);
  await signIn(page, stack.url, stack.anonKey, email);
  await page.goto(`${stack.url}${path}`);
  await expectPage.mainHeading(page);
}
