import { apiQuery, queryKeys } from '@campuscare/shared';
import { listAppointmentTypes } from './appointmentTypesApi';

/**
 * Under the clinic's root: the types are part of how the clinic books, and a change of the clinic reads them again.
 * A change of a type makes the free times stale too (their length and doctors follow it).
 */
export const APPOINTMENT_TYPES_KEY = [...queryKeys.clinic, 'appointment-types'] as const;

/** The clinic's types of visit, "Other" last, shared by every picker of a type. */
export const appointmentTypesQuery = () => apiQuery({ key: APPOINTMENT_TYPES_KEY, load: listAppointmentTypes });
