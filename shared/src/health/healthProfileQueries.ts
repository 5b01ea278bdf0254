import { apiMutation, queryKeys } from '@campuscare/shared';
import { saveHealthProfile } from './healthProfileApi';

/** The health questionnaire's answers, saved: the signed-in profile carries them, so both are re-read. */
export const saveHealthProfileMutation = apiMutation({
  run: saveHealthProfile,
  invalidates: [queryKeys.healthProfile, queryKeys.profile],
});
