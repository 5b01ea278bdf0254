import type { Member } from '@campuscare/shared';
import { ownProfileMutation } from '@campuscare/shared/account';
import { saveStaffProfile, type StaffProfileForm } from './staffProfileApi';

/** The signed-in staff member's own profile, saved. */
export const staffProfileMutation = (member: Member) =>
  ownProfileMutation((client, values: StaffProfileForm) => saveStaffProfile(client, member, values), 'Profile saved');
