import { type ApiMutation, apiMutation, type CampusCareClient, notifySuccess, queryKeys } from '@campuscare/shared';
import { emailConfirmationSentMessage, type OwnProfileSaved } from './ownProfileApi';

/**
 * Saving the member's own profile with `save`: the profile and member lists are re-read, and a change of email address
 * is announced beside `savedMessage` (it takes effect once the confirmation link is opened).
 */
export function ownProfileMutation<Values>(
  save: (client: CampusCareClient, values: Values) => Promise<OwnProfileSaved>,
  savedMessage: string,
): ApiMutation<Values, OwnProfileSaved> {
  return apiMutation({
    run: async (client, values) => {
      const saved = await save(client, values);
      if (saved.pendingEmail !== null) notifySuccess(emailConfirmationSentMessage(saved.pendingEmail));
      return saved;
    },
    invalidates: [queryKeys.profile, queryKeys.members],
    success: savedMessage,
  });
}
