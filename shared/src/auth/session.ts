import { ApiError, toApiError, unwrap } from '../data/apiError';
import type { Member } from '../database.types';
import {
  dashboardPathFor,
  findRoute,
  isRole,
  mayOpen,
  passwordPathFor,
  PATHS,
  type ContractPath,
  type Role,
} from '../routes/contract';
import { getSupabase, type CampusCareClient } from '../supabase/client';
import { AUTH_MESSAGES } from './authErrors';

/** `/signin` is for doctors and students (who pick their role); `/adminsignin` for administrators and doctors. */
export type SignInPortal =
  { readonly page: 'signIn'; readonly role: 'doctor' | 'student' } | { readonly page: 'adminSignIn' };

interface SignInCredentials {
  readonly email: string;
  readonly password: string;
}

interface SignedIn {
  readonly member: Member;
  /** A path of this site: a contract page, with the query string of the page the member had asked for. */
  readonly destination: string;
}

interface SignInRequest {
  readonly credentials: SignInCredentials;
  readonly portal: SignInPortal;
  /** The page the visitor was on their way to when they were sent to sign in, as the sign-in page was told (unchecked). */
  readonly requestedPage?: unknown;
}

/** A sign-in the app refused after the password was right: a message for people, and the page to use instead if any. */
export class SignInRefusal extends ApiError {
  readonly signInInstead: ContractPath | undefined;

  constructor(message: string, signInInstead?: ContractPath) {
    super(message, { code: 'sign_in_refused' });
    this.name = 'SignInRefusal';
    this.signInInstead = signInInstead;
  }
}

interface RoleRefusal {
  readonly message: string;
  readonly signInInstead?: ContractPath;
}

/** Why an account of `accountRole` may not sign in through `portal`, or undefined when it may. */
export function roleRefusal(portal: SignInPortal, accountRole: Role): RoleRefusal | undefined {
  if (portal.page === 'adminSignIn') {
    return accountRole === 'student'
      ? { message: 'Students sign in on the student sign-in page.', signInInstead: PATHS.signIn }
      : undefined;
  }
  if (accountRole === portal.role) return undefined;
  if (accountRole === 'admin') {
    return {
      message: 'This is a university administrator account. Administrators sign in on the staff sign-in page.',
      signInInstead: PATHS.adminSignIn,
    };
  }
  return accountRole === 'doctor'
    ? { message: 'This is a doctor account. Choose “Doctor” as your role and sign in again.' }
    : { message: 'This is a student account. Choose “Student” as your role and sign in again.' };
}

/**
 * Where a member goes right after signing in: the password page when they must change it,
 * the health questionnaire for a student who has not filled it in, otherwise their dashboard.
 */
export function destinationAfterSignIn(
  member: Pick<Member, 'must_change_password'>,
  role: Role,
  hasHealthProfile: boolean,
): ContractPath {
  if (member.must_change_password) return passwordPathFor(role);
  if (role === 'student' && !hasHealthProfile) return PATHS.questionnaire;
  return dashboardPathFor(role);
}

/** Any origin will do: requested pages are read against it only to tell this site's paths from other sites. */
const THIS_SITE = 'https://campuscare.invalid';

/**
 * The page a member asked for before signing in, when it is theirs to open: a path of this site (never another site,
 * however the address is spelled: `//host`, `/\host`, `https:`, `javascript:`) naming a signed-in page that the
 * member's role may open. It comes back as that page's path and the query string asked for; undefined otherwise.
 */
export function requestedPageFor(
  member: Pick<Member, 'is_super_admin'> & { readonly role: Role },
  requested: unknown,
): string | undefined {
  if (typeof requested !== 'string' || !requested.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(requested, THIS_SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== THIS_SITE) return undefined;
  const route = findRoute(url.pathname);
  if (!route || route.access === 'public' || !mayOpen(member, route)) return undefined;
  return `${route.path}${url.search}`;
}

async function hasHealthProfile(client: CampusCareClient, studentId: string): Promise<boolean> {
  const row = unwrap<{ student_id: string } | null>(
    await client.from('health_profiles').select('student_id').eq('student_id', studentId).maybeSingle(),
  );
  return row !== null;
}

/**
 * Signs in with the password grant, then checks the account's real role (from `members`, never from what the
 * form claims) against the page used, and says where to go (`destinationAfterSignIn`, then `requestedPageFor`). A
 * refused sign-in throws an ApiError (a SignInRefusal when the account may not use this page) and leaves no session
 * behind.
 */
export async function signInWithRole(
  client: CampusCareClient,
  { credentials, portal, requestedPage }: SignInRequest,
): Promise<SignedIn> {
  const { data, error } = await client.auth.signInWithPassword({
    email: credentials.email.trim(),
    password: credentials.password,
  });
  if (error || !data.user) throw toApiError(error);

  const userId = data.user.id;
  try {
    const member = unwrap<Member | null>(await client.from('members').select('*').eq('id', userId).maybeSingle());
    if (!member || !isRole(member.role)) throw new SignInRefusal(AUTH_MESSAGES.noMembership);
    if (member.status === 'deactivated') throw new SignInRefusal(AUTH_MESSAGES.deactivated);
    const refusal = roleRefusal(portal, member.role);
    if (refusal) throw new SignInRefusal(refusal.message, refusal.signInInstead);
    const healthProfileOnFile = member.role === 'student' ? await hasHealthProfile(client, member.id) : false;
    const destination = destinationAfterSignIn(member, member.role, healthProfileOnFile);
    // A password to change or a questionnaire to fill in comes first; otherwise the page asked for, if theirs.
    const requested =
      destination === dashboardPathFor(member.role)
        ? requestedPageFor({ role: member.role, is_super_admin: member.is_super_admin }, requestedPage)
        : undefined;
    return { member, destination: requested ?? destination };
  } catch (refused) {
    await signOut(client);
    throw toApiError(refused);
  }
}

function clearSessionStorage(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing stored to clear.
  }
}

/**
 * Ends this browser's session on the server (scope `local`: the member's other devices stay signed in) and
 * clears the tab's session storage. Resolves to false when the server could not be told; the stored session
 * is gone either way, and a full page load then drops the one the client still holds in memory.
 */
export async function signOut(client?: CampusCareClient): Promise<boolean> {
  try {
    const supabase = client ?? (await getSupabase());
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    return !error;
  } catch {
    return false;
  } finally {
    clearSessionStorage();
  }
}
