import { apiQuery, queryKeys } from '@campuscare/shared';
import type { VisitsChange } from '@campuscare/shared/scheduling';
import { listVisitsAffectedBy } from './visitsNeedingActionApi';

/**
 * Under `queryKeys.appointments`, so every reassignment, move or cancellation anywhere reads the lists again and a
 * resolved visit leaves them.
 */
export const VISITS_NEEDING_A_DOCTOR_KEY = [...queryKeys.appointments, 'needing-a-doctor'] as const;

/** Visits a page in the preview of a change, as on the admin dashboard. */
export const VISITS_AFFECTED_PAGE_SIZE = 10;

/** A page of the booked visits `change` would leave without a doctor or outside the hours, were it saved now. */
export const visitsAffectedPageQuery = (change: VisitsChange, page: number) =>
  apiQuery({
    key: [...queryKeys.appointments, 'affected-by', change, 'page', page],
    load: (client) => listVisitsAffectedBy(client, change, { page, pageSize: VISITS_AFFECTED_PAGE_SIZE }),
  });
