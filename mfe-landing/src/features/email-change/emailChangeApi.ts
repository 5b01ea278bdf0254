import { ApiError, type CampusCareClient, type EmailLinkSession, toApiError } from '@campuscare/shared';

/** The link was expired or spent when it was opened: the auth service changed nothing. */
export const EMAIL_CHANGE_REFUSED_MESSAGE =
  'This link has expired or has already been used, so your email address has not changed. Sign in with your current address and change it again in your profile settings to get a new link.';

/** Someone opened the page without a link. */
export const NO_EMAIL_CHANGE_LINK_MESSAGE =
  'To change your email address, open the link we emailed to your new address.';

/** The address changed when the link was opened, but the session it carried is no longer accepted. */
export const EMAIL_CHANGE_SESSION_REFUSED_MESSAGE =
  'Your email address has changed, but this link can no longer sign you in. Sign in with your new address.';

/**
 * Starts the session the link carries (the client does not read sessions from URLs by itself) and returns the
 * account's address as the auth service now has it: the new one, which it made the account's when the link was opened.
 */
export async function startEmailChangedSession(client: CampusCareClient, link: EmailLinkSession): Promise<string> {
  const { data, error } = await client.auth.setSession({
    access_token: link.accessToken,
    refresh_token: link.refreshToken,
  });
  if (error || !data.user) {
    const failure = toApiError(error);
    // A server that could not be reached says nothing about the link: the person tries again.
    throw failure.retryable
      ? failure
      : new ApiError(EMAIL_CHANGE_SESSION_REFUSED_MESSAGE, { code: failure.code, cause: error });
  }
  return data.user.email ?? '';
}
