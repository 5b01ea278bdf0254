import { type CampusCareClient, type FieldErrors, type Member, MESSAGES, parseYearOfStudy } from '@campuscare/shared';
import {
  ownProfileFormErrors,
  type PersonalDetails,
  personalDetailsErrors,
  saveOwnProfile,
} from '@campuscare/shared/account';

export const SETTINGS_MESSAGES = {
  profileSaved: 'Profile saved',
  healthSaved: 'Health information saved',
} as const;

interface StudentProfileValues extends PersonalDetails {
  readonly department: string;
  readonly yearOfStudy: string;
}

/** What the form edits: the details, and the current password that a change of email address must be confirmed with. */
export interface StudentProfileForm extends StudentProfileValues {
  readonly currentPassword: string;
}

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

export function validateStudentProfile(values: StudentProfileValues): FieldErrors<StudentProfileValues> {
  const errors: FieldErrors<StudentProfileValues> = personalDetailsErrors(values);
  if (values.department.trim() === '') errors.department = MESSAGES.required;
  if (parseYearOfStudy(values.yearOfStudy) === undefined) errors.yearOfStudy = 'Choose your year of study';
  return errors;
}

export function validateStudentProfileForm(member: Member, form: StudentProfileForm): FieldErrors<StudentProfileForm> {
  return ownProfileFormErrors(member, form, validateStudentProfile(form));
}

/**
 * Saves the signed-in student's own details. The registration number is not in the columns a student may update:
 * the university's office changes it.
 */
export function saveStudentProfile(
  client: CampusCareClient,
  member: Member,
  values: StudentProfileValues & { readonly currentPassword?: string },
) {
  const phone = values.phone.trim();
  return saveOwnProfile(client, {
    member,
    values,
    columns: {
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      department: values.department.trim(),
      year_of_study: Number(values.yearOfStudy),
      phone: phone === '' ? null : phone,
    },
  });
}
