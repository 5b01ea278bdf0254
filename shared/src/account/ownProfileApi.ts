import {
  ApiError,
  type CampusCareClient,
  type FieldErrors,
  isValidEmail,
  type Member,
  MESSAGES,
  PATHS,
  phoneError,
  type TablesUpdate,
  unwrap,
} from '@campuscare/shared';

export const OWN_PROFILE_MESSAGES = {
  currentPasswordForEmail: 'Enter your current password to change your email address',
  /** RLS hides the row of a member whose session no longer matches: the update then changes nothing. */
  notSaved: 'Your profile could not be saved: sign in again and retry',
} as const;

export function emailConfirmationSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email address changes once you open it.`;
}

/** Emails as the auth service stores them. */
function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether the form asks to move the account to another address. */
export function changesEmail(member: Member, email: string): boolean {
  return normalizedEmail(email) !== member.email;
}

/** The details every member edits on their own profile. */
export interface PersonalDetails {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

/** The rules of the details every member edits: names and email required, the phone as the database takes it. */
export function personalDetailsErrors(values: PersonalDetails): FieldErrors<PersonalDetails> {
  const errors: FieldErrors<PersonalDetails> = {};
  if (values.firstName.trim() === '') errors.firstName = MESSAGES.required;
  if (values.lastName.trim() === '') errors.lastName = MESSAGES.required;
  if (values.email.trim() === '') errors.email = MESSAGES.required;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  const phone = phoneError(values.phone);
  if (phone !== undefined) errors.phone = phone;
  return errors;
}

/** What a change of one's email address is confirmed with. */
interface EmailConfirmation {
  readonly email: string;
  readonly currentPassword?: string;
}

/** The errors of a profile form: those of its details, and the current password when the email changes. */
export function ownProfileFormErrors<Form extends { readonly email: string; readonly currentPassword: string }>(
  member: Member,
  form: Form,
  detailErrors: FieldErrors<Form>,
): FieldErrors<Form> {
  if (!changesEmail(member, form.email) || form.currentPassword !== '') return detailErrors;
  const errors: FieldErrors<Form> = { ...detailErrors };
  errors.currentPassword = OWN_PROFILE_MESSAGES.currentPasswordForEmail;
  return errors;
}

/** After saving one's own profile: the address a confirmation link went to, when the email was changed. */
export interface OwnProfileSaved {
  readonly pendingEmail: string | null;
}

interface OwnProfileChange {
  readonly member: Member;
  readonly values: EmailConfirmation;
  /** The member's own columns (the column grants say which a member may change). */
  readonly columns: TablesUpdate<'members'>;
}

/**
 * Saves the signed-in member's own profile. The email belongs to the auth account (a trigger copies it to
 * `members.email`), so its change is asked for first: if the auth service refuses it (e.g. a wrong current password),
 * nothing else is saved. Otherwise the auth service mails a confirmation link to the new address and the email changes
 * only once it is opened (on the email-changed page), while the other columns are saved now.
 */
export async function saveOwnProfile(
  client: CampusCareClient,
  { member, values, columns }: OwnProfileChange,
): Promise<OwnProfileSaved> {
  const pendingEmail = changesEmail(member, values.email) ? normalizedEmail(values.email) : null;
  if (pendingEmail !== null) {
    // The link comes back to the page that says the address changed (without it, to the site's root).
    const emailRedirectTo = new URL(PATHS.emailChanged, window.location.origin).toString();
    unwrap(
      await client.auth.updateUser(
        { email: pendingEmail, current_password: values.currentPassword },
        { emailRedirectTo },
      ),
    );
  }
  const saved = unwrap(await client.from('members').update(columns).eq('id', member.id).select('id').maybeSingle());
  if (!saved) throw new ApiError(OWN_PROFILE_MESSAGES.notSaved);
  return { pendingEmail };
}
