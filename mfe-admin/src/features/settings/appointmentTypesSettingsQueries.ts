import { apiMutation, queryKeys } from '@campuscare/shared';
import { APPOINTMENT_TYPES_KEY } from '@campuscare/shared/appointments';
import { APPOINTMENT_TYPE_MESSAGES } from './appointmentTypeForm';
import { deleteAppointmentType, saveAppointmentType } from './appointmentTypesSettingsApi';

/** A change of a type makes its list stale, and the free times, whose length and doctors follow it. */
const APPOINTMENT_TYPE_CHANGES = [APPOINTMENT_TYPES_KEY, queryKeys.slots] as const;

export const saveAppointmentTypeMutation = apiMutation({
  run: saveAppointmentType,
  invalidates: APPOINTMENT_TYPE_CHANGES,
  success: (_saved, save) => (save.id ? APPOINTMENT_TYPE_MESSAGES.saved : APPOINTMENT_TYPE_MESSAGES.created),
});

export const deleteAppointmentTypeMutation = apiMutation({
  run: deleteAppointmentType,
  invalidates: APPOINTMENT_TYPE_CHANGES,
  success: APPOINTMENT_TYPE_MESSAGES.deleted,
});
