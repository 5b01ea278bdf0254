import { apiMutation, queryKeys } from '@campuscare/shared';
import { recordClinicDose } from './clinicDoseApi';

/** A dose the clinic gave `studentName`: every immunization view reloads (the student's status, the review queue's series). */
export const clinicDoseMutation = (studentName: string) =>
  apiMutation({
    run: recordClinicDose,
    invalidates: [queryKeys.immunizations],
    success: `Dose recorded for ${studentName}`,
  });
