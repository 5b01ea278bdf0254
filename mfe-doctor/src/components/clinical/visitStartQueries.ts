import { apiMutation } from '@campuscare/shared';
import { APPOINTMENT_CHANGE_INVALIDATES } from '@campuscare/shared/appointments';
import { startAppointmentVisit, startWalkInVisit, visitIdOfAppointment } from './visitStartApi';

/** Starting a booked appointment makes it ongoing: every list of appointments reloads. */
export const startVisitMutation = apiMutation({
  run: startAppointmentVisit,
  invalidates: APPOINTMENT_CHANGE_INVALIDATES,
  success: 'Visit started',
});

/** Only reads the draft visit of an ongoing appointment: nothing changes. */
export const openAppointmentVisitMutation = apiMutation({ run: visitIdOfAppointment });

export const startWalkInMutation = apiMutation({
  run: startWalkInVisit,
  invalidates: APPOINTMENT_CHANGE_INVALIDATES,
  success: 'Walk-in visit started',
});
