import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { joinWaitlist, leaveWaitlist, loadLatestWaitlistEntry } from './waitlistApi';
import { WAITLIST_MESSAGES } from './waitlistForm';

/**
 * Under the appointments' root: booking (or moving a visit) into the days asked for ends the request in the database,
 * and every appointment change reloads that root.
 */
const WAITLIST_KEY = [...queryKeys.appointments, 'waitlist'] as const;

/** The student's latest request: still open, or how it ended; null if none. */
export const latestWaitlistEntryQuery = (studentId: string) =>
  apiQuery({ key: [...WAITLIST_KEY, studentId], load: (client) => loadLatestWaitlistEntry(client, studentId) });

export const joinWaitlistMutation = apiMutation({
  run: joinWaitlist,
  invalidates: [WAITLIST_KEY],
  success: WAITLIST_MESSAGES.joined,
});

export const leaveWaitlistMutation = apiMutation<void>({
  run: leaveWaitlist,
  invalidates: [WAITLIST_KEY],
  success: WAITLIST_MESSAGES.left,
});
