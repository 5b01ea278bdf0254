import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { decide, loadReviewQueue, openDocument } from './reviewApi';

/** Under the immunizations' root: a decision, or a dose the clinic gave, reloads the queue. */
const REVIEW_QUEUE_KEY = [...queryKeys.immunizations, 'review'] as const;

export const reviewQueueQuery = () => apiQuery({ key: REVIEW_QUEUE_KEY, load: loadReviewQueue });

export const approveMutation = apiMutation({
  run: decide,
  invalidates: [REVIEW_QUEUE_KEY],
  success: 'Approved: it counts for the student now',
});

export const rejectMutation = apiMutation({
  run: decide,
  invalidates: [REVIEW_QUEUE_KEY],
  success: 'Rejected: the student sees your reason',
});

/** Opening a document changes nothing shown: it is only recorded where the student can see it. */
export const openDocumentMutation = apiMutation({ run: openDocument });
