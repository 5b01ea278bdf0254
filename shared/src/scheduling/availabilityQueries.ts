import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import {
  addTimeOff,
  clearDoctorHours,
  loadDoctorAvailability,
  removeTimeOff,
  saveDoctorHours,
  type DoctorRef,
} from './availabilityApi';
import type { WeeklyHours } from './weeklyHours';

/** A doctor's hours and time off change the free slots students are offered. */
const AVAILABILITY_CHANGES = [queryKeys.availability, queryKeys.slots] as const;

export const doctorAvailabilityQuery = (doctorId: string) =>
  apiQuery({ key: [...queryKeys.availability, doctorId], load: (client) => loadDoctorAvailability(client, doctorId) });

/** A doctor's weekly hours: a week of their own, or none (`week: null`) to work whenever the clinic is open. */
export const weeklyHoursMutation = apiMutation({
  run: (client, { doctor, week }: { readonly doctor: DoctorRef; readonly week: WeeklyHours | null }) =>
    week ? saveDoctorHours(client, { doctor, week }) : clearDoctorHours(client, doctor.id),
  invalidates: AVAILABILITY_CHANGES,
  success: 'Weekly hours saved',
});

export const addTimeOffMutation = apiMutation({
  run: addTimeOff,
  invalidates: AVAILABILITY_CHANGES,
  success: 'Time off added',
});

/** Removes the time off of that id. */
export const removeTimeOffMutation = apiMutation({
  run: removeTimeOff,
  invalidates: AVAILABILITY_CHANGES,
  success: 'Time off removed',
});
