import { type CampusCareClient, type FieldErrors, type Member, MESSAGES, STAFF_TITLES } from '@campuscare/shared';
import {
  ownProfileFormErrors,
  type PersonalDetails,
  personalDetailsErrors,
  saveOwnProfile,
} from '@campuscare/shared/account';

interface StaffProfileValues extends PersonalDetails {
  readonly title: string;
  readonly staffId: string;
}

/** What the form edits: the profile, and the current password that a change of email address must be confirmed with. */
export interface StaffProfileForm extends StaffProfileValues {
  readonly currentPassword: string;
}

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

export function validateStaffProfile(values: StaffProfileValues): FieldErrors<StaffProfileValues> {
  const errors: FieldErrors<StaffProfileValues> = personalDetailsErrors(values);
  if (!(STAFF_TITLES as readonly string[]).includes(values.title)) errors.title = MESSAGES.required;
  return errors;
}

export function validateStaffProfileForm(member: Member, form: StaffProfileForm): FieldErrors<StaffProfileForm> {
  return ownProfileFormErrors(member, form, validateStaffProfile(form));
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Saves the signed-in staff member's own profile; a Staff ID another member has is refused on its field. */
export function saveStaffProfile(
  client: CampusCareClient,
  member: Member,
  values: StaffProfileValues & { readonly currentPassword?: string },
) {
  return saveOwnProfile(client, {
    member,
    values,
    columns: {
      title: orNull(values.title),
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      staff_id: orNull(values.staffId),
      phone: orNull(values.phone),
    },
  });
}
