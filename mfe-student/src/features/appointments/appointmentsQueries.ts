import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { APPOINTMENT_CHANGE_INVALIDATES, FREE_TIMES_ON_REFUSAL } from '@campuscare/shared/appointments';
import { bookAppointment, listMyAppointments, type MyAppointmentPeriod } from './appointmentsApi';

export const MY_APPOINTMENTS_PAGE_SIZE = 5;

/** A page of the student's appointments of `period`, split at `now`. */
export const myAppointmentsPageQuery = (studentId: string, period: MyAppointmentPeriod, now: Date, page: number) =>
  apiQuery({
    key: [...queryKeys.appointments, 'mine', { studentId, period, now: now.toISOString() }, 'page', page],
    load: (client) => listMyAppointments(client, { studentId, period, page, pageSize: MY_APPOINTMENTS_PAGE_SIZE, now }),
  });

/**
 * The student's booking. Its success is said by the form as it empties, not before (the form is then ready for
 * another booking when the student reads it), so it has no text of its own.
 */
export const bookAppointmentMutation = apiMutation({
  run: bookAppointment,
  invalidates: APPOINTMENT_CHANGE_INVALIDATES,
  invalidatesOnRefusal: FREE_TIMES_ON_REFUSAL,
});
