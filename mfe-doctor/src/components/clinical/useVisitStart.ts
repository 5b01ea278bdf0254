import { useApiMutation, useNavigate } from '@campuscare/shared';
import { visitPath } from './clinicalPaths';
import { openAppointmentVisitMutation, startVisitMutation } from './visitStartQueries';

/**
 * "Start" on an appointment of the day: the appointment becomes ongoing, the database opens its visit, and the doctor
 * is taken to it. A refusal (the visit's day has not come, the appointment changed meanwhile) is toasted.
 */
export function useStartVisit() {
  const navigate = useNavigate();
  return useApiMutation(startVisitMutation, { onSuccess: (visitId) => navigate(visitPath(visitId)) });
}

/** "Open visit" on an ongoing appointment: its draft visit. */
export function useOpenAppointmentVisit() {
  const navigate = useNavigate();
  return useApiMutation(openAppointmentVisitMutation, { onSuccess: (visitId) => navigate(visitPath(visitId)) });
}
