import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { APPOINTMENT_CHANGE_INVALIDATES, FREE_TIMES_ON_REFUSAL } from '@campuscare/shared/appointments';
import { addDays, formatInZone, listFreeSlots } from '@campuscare/shared/scheduling';
import {
  addAddendum,
  addDiagnosis,
  addPrescription,
  bookFollowUp,
  listUpcomingVisits,
  openVisit,
  recordVitals,
  removeDiagnosis,
  removePrescription,
  removeVitals,
  saveNote,
  searchIcd10Codes,
  signVisit,
} from './visitApi';

/** How far ahead a follow-up is offered: the next two weeks of the doctor's free times. */
export const FOLLOW_UP_DAYS = 14;

/**
 * The opened visit: read once per opening (each read is recorded for the student), so never read again while the page
 * is open and forgotten when it closes; what the doctor writes is put into it in place (visitCache's `useVisitUpdate`).
 */
export const visitQuery = (visitId: string) =>
  apiQuery({
    key: [...queryKeys.patients, 'visit', visitId],
    load: (client) => openVisit(client, visitId),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The ICD-10 list does not change while the app runs. */
export const icd10SearchQuery = (term: string) =>
  apiQuery({
    key: [...queryKeys.clinic, 'icd10', term],
    load: (client) => searchIcd10Codes(client, term),
    keepPrevious: true,
    staleTime: Infinity,
  });

/** The doctor's free times from `today` on: they change with every booking, so read again, never shown from memory. */
export const followUpSlotsQuery = (doctorId: string, today: string) =>
  apiQuery({
    key: [...queryKeys.slots, 'follow-up', doctorId, today],
    load: (client) => listFreeSlots(client, { from: today, to: addDays(today, FOLLOW_UP_DAYS - 1), doctorId }),
    gcTime: 0,
  });

export const upcomingVisitsQuery = (studentId: string, from: string) =>
  apiQuery({
    key: [...queryKeys.appointments, 'student upcoming', studentId, from],
    load: (client) => listUpcomingVisits(client, { studentId, from }),
  });

/*
 * The draft's parts are written into the opened visit by the section that wrote them (it is never read again), so
 * these invalidate nothing.
 */
export const saveNoteMutation = apiMutation({ run: saveNote });

export const recordVitalsMutation = apiMutation({ run: recordVitals, success: 'Vital signs recorded' });

export const removeVitalsMutation = apiMutation({ run: removeVitals, success: 'Reading removed' });

export const addDiagnosisMutation = apiMutation({ run: addDiagnosis, success: 'Diagnosis added' });

export const removeDiagnosisMutation = apiMutation({ run: removeDiagnosis, success: 'Diagnosis removed' });

export const addPrescriptionMutation = apiMutation({ run: addPrescription, success: 'Prescription added' });

export const removePrescriptionMutation = apiMutation({ run: removePrescription, success: 'Prescription removed' });

export const addAddendumMutation = apiMutation({ run: addAddendum, success: 'Addendum added' });

/** Signing completes the appointment: every list of appointments reloads. */
export const signVisitMutation = apiMutation({
  run: signVisit,
  invalidates: APPOINTMENT_CHANGE_INVALIDATES,
  success: 'Visit signed',
});

/** A follow-up, announced on the clinic's clock (`zone`). */
export const followUpMutation = (zone: string) =>
  apiMutation({
    run: bookFollowUp,
    invalidates: APPOINTMENT_CHANGE_INVALIDATES,
    invalidatesOnRefusal: FREE_TIMES_ON_REFUSAL,
    success: (_done, request) => `Follow-up booked for ${formatInZone(request.date, zone)}`,
  });
