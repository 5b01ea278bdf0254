import { apiMutation } from '@campuscare/shared';
import { changePassword, PASSWORD_CHANGED_MESSAGE } from './passwordApi';

/** The signed-in user's password change, told when it worked. */
export const changePasswordMutation = apiMutation({ run: changePassword, success: PASSWORD_CHANGED_MESSAGE });
