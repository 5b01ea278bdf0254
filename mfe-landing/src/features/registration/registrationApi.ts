import {
  ApiError,
  AUTH_MESSAGES,
  type CampusCareClient,
  type ContractPath,
  destinationAfterSignIn,
  type EmailLinkSession,
  isRole,
  type Member,
  parseYearOfStudy,
  PATHS,
  type StaffAcceptanceValues,
  type StudentRegistrationValues,
  toApiError,
  universityLogoUrl,
  type UniversityRegistrationValues,
  unwrap,
} from '@campuscare/shared';

export interface JoinableUniversity {
  readonly id: string;
  readonly name: string;
  readonly logoUrl: string | null;
}

/** The university a join code belongs to, or null for an unknown code. */
export async function findUniversityByJoinCode(
  client: CampusCareClient,
  joinCode: string,
): Promise<JoinableUniversity | null> {
  const [university] = unwrap(await client.rpc('university_for_join_code', { join_code: joinCode }));
  return university
    ? { id: university.id, name: university.name, logoUrl: universityLogoUrl(client, university.logo_path) }
    : null;
}

/** Where confirmation links bring the browser back: this page, which starts the session they carry. */
function confirmationRedirect(): string {
  return new URL(PATHS.register, window.location.origin).toString();
}

/**
 * Where a member goes once signed in for the first time: a new student to the health questionnaire, staff to their
 * dashboard.
 */
async function firstDestination(client: CampusCareClient, userId: string): Promise<ContractPath> {
  const member = unwrap<Pick<Member, 'role' | 'must_change_password'> | null>(
    await client.from('members').select('role, must_change_password').eq('id', userId).maybeSingle(),
  );
  if (!member || !isRole(member.role)) throw new ApiError(AUTH_MESSAGES.noMembership);
  return destinationAfterSignIn(member, member.role, false);
}

/**
 * What a sign-up led to: the address must be confirmed from its mailbox first (the usual case: the auth service answers
 * without a session, whether or not the address already has an account), or a session and where it starts.
 */
export type SignUpOutcome =
  | { readonly kind: 'confirmEmail'; readonly email: string }
  | { readonly kind: 'signedIn'; readonly destination: ContractPath };

type SignUpAnswer = Awaited<ReturnType<CampusCareClient['auth']['signUp']>>;

async function outcomeOf(
  client: CampusCareClient,
  email: string,
  { data, error }: SignUpAnswer,
): Promise<SignUpOutcome> {
  if (error) throw toApiError(error);
  if (!data.session) return { kind: 'confirmEmail', email };
  return { kind: 'signedIn', destination: await firstDestination(client, data.session.user.id) };
}

/** Signs the university up; the database creates the university and its super-admin account once the address is confirmed. */
export async function registerUniversity(
  client: CampusCareClient,
  values: UniversityRegistrationValues,
): Promise<SignUpOutcome> {
  const email = values.email.trim();
  const answer = await client.auth.signUp({
    email,
    password: values.password,
    options: {
      emailRedirectTo: confirmationRedirect(),
      data: { kind: 'university', university_name: values.universityName.trim(), phone: values.phone.trim() },
    },
  });
  return outcomeOf(client, email, answer);
}

interface StudentJoin {
  readonly joinCode: string;
  readonly values: StudentRegistrationValues;
}

/** Signs a student up to the university of `joinCode`; the sign-up trigger checks every field again. */
export async function joinUniversity(
  client: CampusCareClient,
  { joinCode, values }: StudentJoin,
): Promise<SignUpOutcome> {
  const email = values.email.trim();
  const answer = await client.auth.signUp({
    email,
    password: values.password,
    options: {
      emailRedirectTo: confirmationRedirect(),
      data: {
        kind: 'student',
        join_code: joinCode,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        phone: values.phone.trim(),
        reg_number: values.regNumber.trim(),
        department: values.department.trim(),
        year_of_study: parseYearOfStudy(values.yearOfStudy) ?? values.yearOfStudy,
      },
    },
  });
  return outcomeOf(client, email, answer);
}

/** Said whatever the address: the auth service mails only a sign-up still waiting for its confirmation. */
export const LINK_RESENT_MESSAGE =
  'If that sign-up is still waiting for its confirmation, a new link is on its way. Earlier links no longer work.';

export async function resendConfirmation(
  client: CampusCareClient,
  { email }: { readonly email: string },
): Promise<void> {
  const { error } = await client.auth.resend({
    type: 'signup',
    email: email.trim(),
    options: { emailRedirectTo: confirmationRedirect() },
  });
  if (error) throw toApiError(error);
}

export const CONFIRMATION_REFUSED_MESSAGE =
  'This confirmation link has expired or has already been used. Ask for a new one below.';

/** Starts the session a confirmation link carries (the client does not read sessions from URLs by itself). */
export async function startConfirmedSession(client: CampusCareClient, link: EmailLinkSession): Promise<ContractPath> {
  const { data, error } = await client.auth.setSession({
    access_token: link.accessToken,
    refresh_token: link.refreshToken,
  });
  if (error || !data.user) throw new ApiError(CONFIRMATION_REFUSED_MESSAGE, { code: 'otp_expired', cause: error });
  return firstDestination(client, data.user.id);
}

export interface StaffInvitation {
  readonly universityName: string;
  readonly email: string;
  readonly role: 'doctor' | 'admin';
}

export const INVITATION_REFUSED_MESSAGE =
  'This invitation link has expired or has already been used. Ask your university to invite you again, or sign in if you have already joined.';

/** The invitation an emailed link opens, or null when the link no longer works. */
export async function findStaffInvitation(client: CampusCareClient, token: string): Promise<StaffInvitation | null> {
  const [invitation] = unwrap(await client.rpc('staff_invitation', { token }));
  if (!invitation || (invitation.role !== 'doctor' && invitation.role !== 'admin')) return null;
  return { universityName: invitation.university_name, email: invitation.email, role: invitation.role };
}

interface StaffAcceptance {
  readonly token: string;
  readonly email: string;
  readonly values: StaffAcceptanceValues;
}

/**
 * Creates the invited account with the person's own password. The link's token proves the address, so the database
 * confirms it at once: CampusCare's auth service then answers with a session; hosted Supabase Auth, which does not
 * know that, answers without one, and the password signs in.
 */
export async function acceptStaffInvitation(
  client: CampusCareClient,
  { token, email, values }: StaffAcceptance,
): Promise<ContractPath> {
  const signedUp = await client.auth.signUp({
    email,
    password: values.password,
    options: {
      data: {
        kind: 'staff',
        invitation: token,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
      },
    },
  });
  if (signedUp.error) throw toApiError(signedUp.error);
  const answer = signedUp.data.session
    ? signedUp
    : await client.auth.signInWithPassword({ email, password: values.password });
  if (answer.error || !answer.data.session) throw toApiError(answer.error);
  return firstDestination(client, answer.data.session.user.id);
}
