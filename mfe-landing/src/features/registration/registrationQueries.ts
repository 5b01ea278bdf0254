import { apiMutation, apiQuery, type EmailLinkSession, queryKeys } from '@campuscare/shared';
import {
  acceptStaffInvitation,
  findStaffInvitation,
  findUniversityByJoinCode,
  joinUniversity,
  LINK_RESENT_MESSAGE,
  registerUniversity,
  resendConfirmation,
  startConfirmedSession,
} from './registrationApi';

/** The university a join code belongs to (null: no university has that code). */
export const joinableUniversityQuery = (joinCode: string) =>
  apiQuery({
    key: [...queryKeys.university, 'join-code', joinCode],
    load: (client) => findUniversityByJoinCode(client, joinCode),
  });

/** The invitation an emailed link opens (null: the link no longer works). */
export const staffInvitationQuery = (token: string) =>
  apiQuery({
    key: [...queryKeys.registration, 'invitation', token],
    load: (client) => findStaffInvitation(client, token),
  });

/**
 * The session the opened confirmation link started, with the member's first page: started once and kept, so a
 * remount after the fragment was cleared still finds it.
 */
export const confirmedSessionQuery = (link: EmailLinkSession) =>
  apiQuery({
    key: [...queryKeys.registration, 'confirmation'],
    load: (client) => startConfirmedSession(client, link),
    staleTime: Infinity,
  });

export const registerUniversityMutation = apiMutation({ run: registerUniversity });

export const joinUniversityMutation = apiMutation({ run: joinUniversity });

/** The invited person's account, welcomed to the university that invited them. */
export const acceptInvitationMutation = (universityName: string) =>
  apiMutation({ run: acceptStaffInvitation, success: `Welcome to ${universityName}` });

/** A new confirmation link, told in a toast (the page stays as it is). */
export const resendConfirmationMutation = apiMutation({ run: resendConfirmation, success: LINK_RESENT_MESSAGE });

/** A new confirmation link for a spent one: the page itself then says it was sent. */
export const newConfirmationLinkMutation = apiMutation({ run: resendConfirmation });
