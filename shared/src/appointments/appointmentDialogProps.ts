import type { Appointment } from '@campuscare/shared';
import type { Clinic } from '@campuscare/shared/scheduling';

/**
 * Who acts on the appointment. Both are offered the free slots; a student stops at the clinic's cutoff (the database
 * refuses later changes), and staff are shown whose appointment it is.
 */
export type AppointmentActor = 'student' | 'staff';

export interface AppointmentDialogProps {
  readonly appointment: Appointment;
  readonly actor: AppointmentActor;
  /** The appointment's doctor as the viewer knows them ("Dr Amelia Adams", "Not assigned yet"). */
  readonly doctorName: string;
  readonly onClose: () => void;
}

/** What the forms inside the cancel and reschedule dialogs get once the clinic is loaded. */
export interface ClinicDialogProps extends AppointmentDialogProps {
  readonly clinic: Clinic;
}
