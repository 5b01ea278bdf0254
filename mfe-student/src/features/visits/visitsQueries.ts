import { apiQuery, queryKeys } from '@campuscare/shared';
import { loadMyVisits } from './visitsApi';

/**
 * The student's signed visits hang off their appointments: signing a visit completes its appointment, so whatever
 * reloads the appointments reloads these too.
 */
export const myVisitsQuery = () => apiQuery({ key: [...queryKeys.appointments, 'visits', 'mine'], load: loadMyVisits });
