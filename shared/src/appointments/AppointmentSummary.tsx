import { formatInZone } from '@campuscare/shared/scheduling';
import type { ClinicDialogProps } from './appointmentDialogProps';
import styles from './appointments.module.css';

/** The appointment a dialog acts on, in one line: a student knows who they are, staff are told whose it is. */
export function AppointmentSummary({ appointment, actor, doctorName, clinic }: Omit<ClinicDialogProps, 'onClose'>) {
  const when = formatInZone(appointment.date, clinic.settings.timezone);
  return (
    <p className={styles.summary}>
      {actor === 'student'
        ? `${when} · ${appointment.reason} · ${doctorName}`
        : `${appointment.name} (${appointment.reg}) · ${when} · ${doctorName}`}
    </p>
  );
}
