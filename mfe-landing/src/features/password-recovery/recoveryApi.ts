import {
  ApiError,
  type CampusCareClient,
  type ContractPath,
  type EmailLinkSession,
  isRole,
  PATHS,
  signInPathFor,
  signOut,
  toApiError,
  unwrap,
} from '@campuscare/shared';

/** Said whether or not an account has the address, so the form does not tell anyone which accounts exist. */
export const LINK_SENT_MESSAGE =
  'If an account exists for that address, we have sent a link to set a new password. The link works once, within one hour. Check your spam folder if it does not arrive.';

export const LINK_REFUSED_MESSAGE = 'This password reset link has expired or has already been used. Ask for a new one.';

export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your old password.';

/** Asks for a recovery email; the link in it comes back to the page that sets the new password. */
export async function requestPasswordReset(
  client: CampusCareClient,
  { email }: { readonly email: string },
): Promise<void> {
  const redirectTo = new URL(PATHS.resetPassword, window.location.origin).toString();
  const { error } = await client.auth.resetPasswordForEmail(email.trim(), { redirectTo });
  if (error) throw toApiError(error);
}

/**
 * Starts the session the link carries (the client does not read sessions from URLs by itself). Returns the address,
 * so the person sees whose password they are about to set.
 */
export async function startRecoverySession(client: CampusCareClient, link: EmailLinkSession): Promise<string> {
  const { data, error } = await client.auth.setSession({
    access_token: link.accessToken,
    refresh_token: link.refreshToken,
  });
  if (error || !data.user) throw new ApiError(LINK_REFUSED_MESSAGE, { code: 'otp_expired', cause: error });
  return data.user.email ?? '';
}

/**
 * Sets the new password with the recovery session (the auth service enforces the policy and ends the account's other
 * sessions), then ends that session too. Returns the sign-in page of the account's role.
 */
export async function setNewPassword(
  client: CampusCareClient,
  { password }: { readonly password: string },
): Promise<ContractPath> {
  const { data, error } = await client.auth.updateUser({ password });
  if (error) {
    throw 'code' in error && error.code === 'same_password'
      ? new ApiError(SAME_PASSWORD_MESSAGE, { code: error.code, cause: error })
      : toApiError(error);
  }
  let signInPage: ContractPath = PATHS.signIn;
  try {
    const member = unwrap<{ role: string } | null>(
      await client.from('members').select('role').eq('id', data.user.id).maybeSingle(),
    );
    if (member && isRole(member.role)) signInPage = signInPathFor(member.role);
  } catch {
    // The password is set either way; without the role the student sign-in page, which links to the staff one, will do.
  }
  await signOut(client);
  return signInPage;
}
