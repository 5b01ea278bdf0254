import { apiMutation, apiQuery, type EmailLinkSession, queryKeys } from '@campuscare/shared';
import { requestPasswordReset, setNewPassword, startRecoverySession } from './recoveryApi';

/**
 * The recovery session of the opened link, started once and kept, so a remount after the fragment was cleared still
 * finds it.
 */
export const recoverySessionQuery = (link: EmailLinkSession | null) =>
  apiQuery({
    key: [...queryKeys.passwordRecovery, 'session'],
    load: (client) => (link ? startRecoverySession(client, link) : Promise.resolve('')),
    staleTime: Infinity,
  });

export const passwordResetRequestMutation = apiMutation({ run: requestPasswordReset });

/** The new password, set with the recovery session: it answers with the sign-in page of the account's role. */
export const newPasswordMutation = apiMutation({ run: setNewPassword });
