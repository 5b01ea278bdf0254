import { apiMutation, type Member } from '@campuscare/shared';
import { ownProfileMutation } from '@campuscare/shared/account';
import { saveHealthProfileMutation } from '@campuscare/shared/health';
import { saveStudentProfile, SETTINGS_MESSAGES, type StudentProfileForm } from './studentProfileApi';

/** The signed-in student's own details, saved. */
export const studentProfileMutation = (member: Member) =>
  ownProfileMutation(
    (client, values: StudentProfileForm) => saveStudentProfile(client, member, values),
    SETTINGS_MESSAGES.profileSaved,
  );

/** The student's answers to the health questionnaire, saved from their settings. */
export const healthInformationMutation = apiMutation({
  ...saveHealthProfileMutation,
  success: SETTINGS_MESSAGES.healthSaved,
});
