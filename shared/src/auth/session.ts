import type { Member } from '../database.types';
import { dashboardPathFor, isRole, passwordPathFor, PATHS, type ContractPath, type Role } from '../routes/contract';
import { getSupabase, type CampusCareClient } from '../supabase/client';
import { AUTH_MESSAGES, authErrorMessage } from './authErrors';

/** `/signin` is for doctors and students (who pick their role); `/adminsignin` for administrators and doctors. */
export type SignInPortal = { readonly page: 'signIn'; readonly role: 'doctor' | 'student' } | { readonly page: 'adminSignIn' };

export interface SignInCredentials {
  readonly email: string;
  readonly password: string;
}

export type SignInResult =
  | { readonly ok: true; readonly member: Member; readonly destination: ContractPath }
  | { readonly ok: false; readonly message: string; readonly signInInstead?: ContractPath };

interface RoleRefusal {
  readonly message: string;
  readonly signInInstead?: ContractPath;
}

/** Why an account of `accountRole` may not sign in through `portal`, or undefined when it may. */
export function roleRefusal(portal: SignInPortal, accountRole: Role): RoleRefusal | undefined {
  if (portal.page === 'adminSignIn') {
    return accountRole === 'student' ? { message: 'Students sign in on the student sign-in page.', signInInstead: PATHS.signIn } : undefined;
  }
  if (accountRole === portal.role) return undefined;
  if (accountRole === 'admin') {
    return { message: 'This is a university administrator account. Administrators sign in on the staff sign-in page.', signInInstead: PATHS.adminSignIn };
  }
  return accountRole === 'doctor'
    ? { message: 'This is a doctor account. Choose “Doctor” as your role and sign in again.' }
    : { message: 'This is a student account. Choose “Student” as your role and sign in again.' };
}

/**
 * Where a member goes right after signing in: the password page when they must change it,
 * the health questionnaire for a student who has not filled it in, otherwise their dashboard.
 */
export function destinationAfterSignIn(member: Pick<Member, 'must_change_password'>, role: Role, hasHealthProfile: boolean): ContractPath {
  if (member.must_change_password) return passwordPathFor(role);
  if (role === 'student' && !hasHealthProfile) return PATHS.questionnaire;
  return dashboardPathFor(role);
}

async function hasHealthProfile(client: CampusCareClient, studentId: string): Promise<boolean> {
  const { data, error } = await client.from('health_profiles').select('student_id').eq('student_id', studentId).maybeSingle();
  if (error) throw new Error(error.message);
  return data !== null;
}

/**
 * Signs in with the password grant, then checks the account's real role (from `members`, never from what the
 * form claims) against the page used. A refused sign-in leaves no session behind.
 */
export async function signInWithRole(credentials: SignInCredentials, portal: SignInPortal, client?: CampusCareClient): Promise<SignInResult> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase.auth.signInWithPassword({ email: credentials.email.trim(), password: credentials.password });
  if (error || !data.user) return { ok: false, message: authErrorMessage(error) };

  const refuse = async (refusal: RoleRefusal): Promise<SignInResult> => {
    await signOut(supabase);
    return { ok: false, ...refusal };
  };

  try {
    const { data: member, error: memberError } = await supabase.from('members').select('*').eq('id', data.user.id).maybeSingle();
    if (memberError) return await refuse({ message: memberError.message });
    if (!member || !isRole(member.role)) return await refuse({ message: AUTH_MESSAGES.noMembership });
    if (member.status === 'deactivated') return await refuse({ message: AUTH_MESSAGES.deactivated });
    const refusal = roleRefusal(portal, member.role);
    if (refusal) return await refuse(refusal);
    const healthProfileOnFile = member.role === 'student' ? await hasHealthProfile(supabase, member.id) : false;
    return { ok: true, member, destination: destinationAfterSignIn(member, member.role, healthProfileOnFile) };
  } catch (unexpected) {
    return refuse({ message: unexpected instanceof Error ? unexpected.message : AUTH_MESSAGES.unexpected });
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
