import { saveHealthProfileMutation } from '@campuscare/shared/health';

/** The student's first answers to the health questionnaire. */
export const questionnaireMutation = { ...saveHealthProfileMutation, success: 'Your health profile is saved' };
