import { ApiError, type CampusCareClient, toApiError } from '@campuscare/shared';

export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your current password.';

/**
 * Auth error codes (GoTrue's) that deserve a message written for the person changing their password, beyond those
 * every auth refusal gets (a wrong or missing current password among them). They show above the form as an alert
 * (no `field`), so a screen reader announces them.
 */
const PASSWORD_REFUSALS: Readonly<Record<string, string>> = {
  same_password: SAME_PASSWORD_MESSAGE,
};

export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';

interface PasswordChangeRequest {
  readonly currentPassword: string;
  readonly newPassword: string;
}

/**
 * Changes the signed-in user's password. The auth service checks `current_password`, the password policy
 * and that the new password differs; a refusal throws an ApiError with a message for people.
 */
export async function changePassword(client: CampusCareClient, request: PasswordChangeRequest): Promise<void> {
  const { error } = await client.auth.updateUser({
    password: request.newPassword,
    current_password: request.currentPassword,
  });
  if (!error) return;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const refusal = PASSWORD_REFUSALS[code];
  throw refusal ? new ApiError(refusal, { code, cause: error }) : toApiError(error);
}
