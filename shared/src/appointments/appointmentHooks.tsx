import { useCallback, useId, useRef, useState } from 'react';
import { type Appointment, type RowAction, useApiMutation, useApiQuery } from '@campuscare/shared';
import type { Clinic } from '@campuscare/shared/scheduling';
import type { AppointmentChange, DoctorChoice } from './appointmentsApi';
import { appointmentChangeMutation, doctorsQuery } from './appointmentsQueries';
import { appointmentTypesQuery } from './appointmentTypesQueries';
import { FRONT_DESK_LABEL, FRONT_DESK_STATUS, frontDeskSteps } from './frontDeskApi';
import { frontDeskMutation } from './frontDeskQueries';
import type { AppointmentActor } from './appointmentDialogProps';
import { changeCutoffMessage, isInBookingGrace, isPastChangeCutoff } from './clinicCalendar';
import styles from './appointments.module.css';

/** The university's active doctors (or only those students may book), cached for every picker of a doctor. */
export function useDoctors(choice: DoctorChoice = 'active') {
  return useApiQuery(doctorsQuery(choice));
}

/** The clinic's types of visit, "Other" last, cached for every picker of a type. */
export function useAppointmentTypes() {
  return useApiQuery(appointmentTypesQuery());
}

/**
 * Changes an appointment through `update_appointment`; the lists, free times and counts everywhere reload. A dialog
 * shows a refusal in its form ('caller'); a one-click row action has it toasted ('toast').
 */
export function useAppointmentChange(
  success: string | ((change: AppointmentChange) => string),
  errors: 'toast' | 'caller' = 'caller',
) {
  return useApiMutation(appointmentChangeMutation(success), { errors });
}

/**
 * Staff may save a time outside the free slots, but only after saying so. `mayProceed` checks the choice and, when it
 * is not free (`warningFor` says why), shows the warning and holds the save; "Save anyway" submits again with the
 * check skipped once.
 */
export function useFreeSlotConfirmation() {
  const [warning, setWarning] = useState<string | null>(null);
  const confirmed = useRef(false);
  const mayProceed = async (warningFor: () => Promise<string | null>): Promise<boolean> => {
    setWarning(null);
    if (confirmed.current) {
      confirmed.current = false;
      return true;
    }
    const message = await warningFor();
    if (message === null) return true;
    setWarning(message);
    return false;
  };
  const confirm = (submit: () => Promise<boolean>) => {
    confirmed.current = true;
    // A submit that stopped before the check (e.g. already sending) must not skip the next one's.
    void submit().finally(() => {
      confirmed.current = false;
    });
  };
  return { warning, dismiss: () => setWarning(null), mayProceed, confirm };
}

/**
 * The clinic's cutoff, explained where a student would act: past it the action is disabled (the database refuses it
 * anyway) and the student is told how to reach the clinic. Undefined while the appointment may still be changed, as a
 * booking just made may still be cancelled (not moved) in the clinic's grace period.
 */
export function useChangeCutoff(
  appointment: Appointment,
  clinic: Clinic,
  actor: AppointmentActor,
  change: 'cancel' | 'move',
) {
  const explanationId = useId();
  const now = new Date();
  if (actor !== 'student' || !isPastChangeCutoff(clinic, appointment.date, now)) return undefined;
  if (change === 'cancel' && isInBookingGrace(clinic, appointment, now)) return undefined;
  return {
    explanation: (
      <p id={explanationId} className={styles.cutoff}>
        {changeCutoffMessage(clinic)}
      </p>
    ),
    describedBy: explanationId,
  };
}

/**
 * The front desk's steps on a visit (check in, no-show, undo a check-in) as row actions, offered only when the
 * database would take them now; each is saved at once and a refusal is toasted.
 */
export function useFrontDesk(zone: string) {
  const { mutate, isPending } = useApiMutation(frontDeskMutation);
  const actionsFor = useCallback(
    (appointment: Pick<Appointment, 'id' | 'status' | 'date'>): RowAction[] =>
      frontDeskSteps(appointment, zone, new Date()).map((step) => ({
        label: FRONT_DESK_LABEL[step],
        onSelect: () => mutate({ id: appointment.id, status: FRONT_DESK_STATUS[step] }),
      })),
    [mutate, zone],
  );
  return { actionsFor, saving: isPending };
}
