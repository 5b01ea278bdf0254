import { apiQuery, queryKeys } from '@campuscare/shared';
import type { VisitsChange } from '@campuscare/shared/scheduling';
import { listVisitsAffectedBy } from './visitsNeedingActionApi';

/**
 * Under `queryKeys.appointments`, so every reassignment, move or cancellation anywhere reads the lists again and a
 * resolved visit leaves them.
 */
export const VISITS_NEEDING_A_DOCTOR_KEY = [...queryKeys.appointments, 'needing-a-doctor'] as const;

/** The booked visits `change` would leave without a doctor or outside the hours, were it saved now. */
export const visitsAffectedQuery = (change: VisitsChange) =>
  apiQuery({
    key: [...queryKeys.appointments, 'affected-by', change],
    load: (client) => listVisitsAffectedBy(client, change),
  });
