import { isValidEmail, MESSAGES, STAFF_TITLES, type CampusCareClient, type FieldErrors, type Member } from '@campuscare/shared';

export interface StaffProfileValues {
  readonly title: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly staffId: string;
  readonly email: string;
  readonly phone: string;
}

/** What the form edits: the profile, and the current password that a change of email address must be confirmed with. */
export interface StaffProfileForm extends StaffProfileValues {
  readonly currentPassword: string;
}

/** After a save: the address a confirmation link went to, when the email was changed; it takes effect once opened. */
export interface StaffProfileSaved {
  readonly pendingEmail: string | null;
}

export const STAFF_ID_TAKEN_MESSAGE = 'That Staff ID already belongs to another member of your university';
export const INVALID_PHONE_MESSAGE = MESSAGES.invalidPhone;
export const CURRENT_PASSWORD_FOR_EMAIL_MESSAGE = 'Enter your current password to change your email address';

export function emailConfirmationSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email address changes once you open it.`;
}

/** The same rule as the members_phone_format constraint, so a refusal shows next to the field. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{3,24}$/;

export function staffProfileValues(member: Member): StaffProfileValues {
  return {
    title: member.title ?? '',
    firstName: member.first_name,
    lastName: member.last_name,
    staffId: member.staff_id ?? '',
    email: member.email,
    phone: member.phone ?? '',
  };
}

export function staffProfileForm(member: Member): StaffProfileForm {
  return { ...staffProfileValues(member), currentPassword: '' };
}

/** Emails as the auth service stores them. */
function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether the form asks to move the account to another address. */
export function changesEmail(member: Member, email: string): boolean {
  return normalizedEmail(email) !== member.email;
}

export function validateStaffProfile(values: StaffProfileValues): FieldErrors<StaffProfileValues> {
  const errors: FieldErrors<StaffProfileValues> = {};
  if (!(STAFF_TITLES as readonly string[]).includes(values.title)) errors.title = MESSAGES.required;
  if (values.firstName.trim() === '') errors.firstName = MESSAGES.required;
  if (values.lastName.trim() === '') errors.lastName = MESSAGES.required;
  if (values.email.trim() === '') errors.email = MESSAGES.required;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  if (values.phone.trim() !== '' && !PHONE_PATTERN.test(values.phone.trim())) errors.phone = INVALID_PHONE_MESSAGE;
  return errors;
}

export function validateStaffProfileForm(member: Member, form: StaffProfileForm): FieldErrors<StaffProfileForm> {
  const errors: FieldErrors<StaffProfileForm> = validateStaffProfile(form);
  if (changesEmail(member, form.email) && form.currentPassword === '') errors.currentPassword = CURRENT_PASSWORD_FOR_EMAIL_MESSAGE;
  return errors;
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * Saves the signed-in staff member's own profile. The email belongs to the auth account (a trigger copies it
 * to `members.email`), so its change is asked for first: if the auth service refuses it (e.g. a wrong current
 * password), nothing else is saved. Otherwise the auth service mails a confirmation link to the new address and the
 * email changes only once it is opened, while the other fields are saved now.
 */
export async function saveStaffProfile(
  client: CampusCareClient,
  member: Member,
  values: StaffProfileValues & { readonly currentPassword?: string },
): Promise<StaffProfileSaved> {
  const pendingEmail = changesEmail(member, values.email) ? normalizedEmail(values.email) : null;
  if (pendingEmail !== null) {
    const { error } = await client.auth.updateUser({ email: pendingEmail, current_password: values.currentPassword });
    if (error) throw new Error(error.message);
  }
  const { data, error } = await client
    .from('members')
    .update({
      title: orNull(values.title),
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      staff_id: orNull(values.staffId),
      phone: orNull(values.phone),
    })
    .eq('id', member.id)
    .select('id')
    .maybeSingle();
  if (error) throw new Error(error.code === '23505' && error.message.includes('staff_id') ? STAFF_ID_TAKEN_MESSAGE : error.message);
  if (!data) throw new Error('Your profile could not be saved: sign in again and retry');
  return { pendingEmail };
}
