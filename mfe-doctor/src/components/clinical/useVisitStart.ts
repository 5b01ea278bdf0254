import { useApiMutation, useNavigate } from '@campuscare/shared';
import { APPOINTMENT_CHANGE_INVALIDATES } from '@campuscare/shared/appointments';
import { visitPath } from './clinicalPaths';
import { startAppointmentVisit, startWalkInVisit, visitIdOfAppointment, type WalkInRequest } from './visitStartApi';

/**
 * "Start" on an appointment of the day: the appointment becomes ongoing, the database opens its visit, and the doctor
 * is taken to it. A refusal (the visit's day has not come, the appointment changed meanwhile) is toasted.
 */
export function useStartVisit() {
  const navigate = useNavigate();
  return useApiMutation((client, appointmentId: string) => startAppointmentVisit(client, appointmentId), {
    invalidates: APPOINTMENT_CHANGE_INVALIDATES,
    success: 'Visit started',
    onSuccess: (visitId) => navigate(visitPath(visitId)),
  });
}

/** "Open visit" on an ongoing appointment: its draft visit. */
export function useOpenAppointmentVisit() {
  const navigate = useNavigate();
  return useApiMutation((client, appointmentId: string) => visitIdOfAppointment(client, appointmentId), {
    onSuccess: (visitId) => navigate(visitPath(visitId)),
  });
}

/** Starts a walk-in visit and opens it; a refusal is left to the form that asked (it shows it in place). */
export function useStartWalkInVisit() {
  const navigate = useNavigate();
  return useApiMutation((client, request: WalkInRequest) => startWalkInVisit(client, request), {
    invalidates: APPOINTMENT_CHANGE_INVALIDATES,
    success: 'Walk-in visit started',
    errors: 'caller',
    onSuccess: (visitId) => navigate(visitPath(visitId)),
  });
}
