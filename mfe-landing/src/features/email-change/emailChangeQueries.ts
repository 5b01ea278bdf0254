import { apiQuery, type EmailLinkSession, queryKeys } from '@campuscare/shared';
import { startEmailChangedSession } from './emailChangeApi';

/** The session of the opened link, started once and kept, so a remount still finds it (the link itself is spent). */
export const emailChangedSessionQuery = (link: EmailLinkSession | null) =>
  apiQuery({
    key: [...queryKeys.emailChange, 'session'],
    load: (client) => (link ? startEmailChangedSession(client, link) : Promise.resolve('')),
    staleTime: Infinity,
  });
