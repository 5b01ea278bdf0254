import { isValidEmail, MESSAGES, parseYearOfStudy, type CampusCareClient, type FieldErrors, type Member } from '@campuscare/shared';

export interface StudentProfileValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly department: string;
  readonly yearOfStudy: string;
  readonly phone: string;
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

/**
 * Saves the signed-in student's own details. The email belongs to the auth account (a trigger copies it to
 * `members.email`), so it changes first: if the auth service refuses it, nothing else is saved.
 * The registration number is not in the columns a student may update: the university's office changes it.
 */
export async function saveStudentProfile(client: CampusCareClient, member: Member, values: StudentProfileValues): Promise<void> {
  const email = values.email.trim().toLowerCase();
  if (email !== member.email) {
    const { error } = await client.auth.updateUser({ email });
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
}
