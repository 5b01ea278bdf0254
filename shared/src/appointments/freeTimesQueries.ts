import { apiQuery, queryKeys } from '@campuscare/shared';
import { type FreeTimesRequest, loadFreeTimes } from './freeTimesApi';

/**
 * A day's free times for the doctor (or any doctor) and type. They change with every booking: a day looked at before
 * is read again, never shown from memory.
 */
export const freeTimesQuery = (request: FreeTimesRequest) =>
  apiQuery({
    key: [
      ...queryKeys.slots,
      'day',
      request.day,
      request.doctorId ?? 'any doctor',
      request.appointmentTypeId ?? 'one slot',
    ],
    load: (client) => loadFreeTimes(client, request),
    gcTime: 0,
  });
