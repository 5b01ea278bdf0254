import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import {
  APPOINTMENT_CHANGE_INVALIDATES,
  appointmentChangeMutation,
  FREE_TIMES_ON_REFUSAL,
} from './appointmentsQueries';
import { bookForStudent, FRONT_DESK_DONE, listWaiting } from './frontDeskApi';

/** How often the waiting list is read again, and so how often each student's time waiting moves on. */
const WAITING_REFRESH_MS = 60_000;

interface WaitingFilter {
  /** The clinic's time zone, and its today ('YYYY-MM-DD'): a new day is a new list. */
  readonly zone: string;
  readonly today: string;
  /** Only this doctor's visits; the whole clinic's when null. */
  readonly providerId: string | null;
}

/** Who is waiting today, read again every minute and after every change of an appointment anywhere. */
export const waitingQuery = ({ zone, today, providerId }: WaitingFilter) =>
  apiQuery({
    key: [...queryKeys.appointments, 'waiting', providerId ?? 'whole clinic', today],
    load: (client) => listWaiting(client, { zone, now: new Date(), providerId }),
    refetchInterval: WAITING_REFRESH_MS,
  });

/** A front-desk step (check in, no-show, undo a check-in), told by the status it gave. */
export const frontDeskMutation = appointmentChangeMutation(
  (requested) => (requested.status && FRONT_DESK_DONE[requested.status]) ?? 'Appointment updated',
);

/** Staff booking for a student at a free time; the student is emailed it. */
export const bookForStudentMutation = apiMutation({
  run: bookForStudent,
  invalidates: APPOINTMENT_CHANGE_INVALIDATES,
  invalidatesOnRefusal: FREE_TIMES_ON_REFUSAL,
  success: (appointment) => `Visit booked for ${appointment.name}: they are emailed the time`,
});
