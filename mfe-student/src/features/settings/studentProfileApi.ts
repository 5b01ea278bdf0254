import { isValidEmail, MESSAGES, parseYearOfStudy, type CampusCareClient, type FieldErrors, type Member } from '@campuscare/shared';

export interface StudentProfileValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly department: string;
  readonly yearOfStudy: string;
  readonly phone: string;
}

/** What the form edits: the details, and the current password that a change of email address must be confirmed with. */
export interface StudentProfileForm extends StudentProfileValues {
  readonly currentPassword: string;
}

/** After a save: the address a confirmation link went to, when the email was changed; it takes effect once opened. */
export interface StudentProfileSaved {
  readonly pendingEmail: string | null;
}

export const CURRENT_PASSWORD_FOR_EMAIL_MESSAGE = 'Enter your current password to change your email address';

export function emailConfirmationSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email address changes once you open it.`;
}

/** Years of study the database accepts (members_year_of_study_range). */

/** The members_phone_format constraint, so a bad number is caught next to the field. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{3,24}$/;

export function studentProfileValues(member: Member): StudentProfileValues {
  return {
    firstName: member.first_name,
    lastName: member.last_name,
    email: member.email,
    department: member.department ?? '',
    yearOfStudy: member.year_of_study === null ? '' : String(member.year_of_study),
    phone: member.phone ?? '',
  };
}

export function studentProfileForm(member: Member): StudentProfileForm {
  return { ...studentProfileValues(member), currentPassword: '' };
}

/** Emails as the auth service stores them. */
function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether the form asks to move the account to another address. */
export function changesEmail(member: Member, email: string): boolean {
  return normalizedEmail(email) !== member.email;
}

export function validateStudentProfile(values: StudentProfileValues): FieldErrors<StudentProfileValues> {
  const errors: FieldErrors<StudentProfileValues> = {};
  if (values.firstName.trim() === '') errors.firstName = MESSAGES.required;
  if (values.lastName.trim() === '') errors.lastName = MESSAGES.required;
  if (values.email.trim() === '') errors.email = MESSAGES.required;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  if (values.department.trim() === '') errors.department = MESSAGES.required;
  if (parseYearOfStudy(values.yearOfStudy) === undefined) {
    errors.yearOfStudy = 'Choose your year of study';
  }
  if (values.phone.trim() !== '' && !PHONE_PATTERN.test(values.phone.trim())) errors.phone = MESSAGES.invalidPhone;
  return errors;
}

export function validateStudentProfileForm(member: Member, form: StudentProfileForm): FieldErrors<StudentProfileForm> {
  const errors: FieldErrors<StudentProfileForm> = validateStudentProfile(form);
  if (changesEmail(member, form.email) && form.currentPassword === '') errors.currentPassword = CURRENT_PASSWORD_FOR_EMAIL_MESSAGE;
  return errors;
}

/**
 * Saves the signed-in student's own details. The email belongs to the auth account (a trigger copies it to
 * `members.email`), so its change is asked for first: if the auth service refuses it (e.g. a wrong current password),
 * nothing else is saved. Otherwise the auth service mails a confirmation link to the new address and the email changes
 * only once it is opened, while the other fields are saved now.
 * The registration number is not in the columns a student may update: the university's office changes it.
 */
export async function saveStudentProfile(
  client: CampusCareClient,
  member: Member,
  values: StudentProfileValues & { readonly currentPassword?: string },
): Promise<StudentProfileSaved> {
  const pendingEmail = changesEmail(member, values.email) ? normalizedEmail(values.email) : null;
  if (pendingEmail !== null) {
    const { error } = await client.auth.updateUser({ email: pendingEmail, current_password: values.currentPassword });
    if (error) throw new Error(error.message);
  }
  const phone = values.phone.trim();
  const { data, error } = await client
    .from('members')
    .update({
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      department: values.department.trim(),
      year_of_study: Number(values.yearOfStudy),
      phone: phone === '' ? null : phone,
    })
    .eq('id', member.id)
    .select('id')
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) throw new Error('Your profile could not be saved: sign in again and retry');
  return { pendingEmail };
}
