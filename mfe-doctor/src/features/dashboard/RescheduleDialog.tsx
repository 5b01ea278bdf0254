import { useState, type FormEvent } from 'react';
import { Button, ErrorBanner, formatAppointmentDate, getSupabase, Modal, notifySuccess, TextField, toDateTimeLocal, updateAppointment, type Appointment } from '@campuscare/shared';
import styles from './dashboard.module.css';

interface RescheduleDialogProps {
  readonly appointment: Appointment;
  readonly onClose: () => void;
  readonly onChanged: (appointment: Appointment) => void;
}

/** Moves a scheduled appointment; the database refuses past times and overlaps with a message for people. */
export function RescheduleDialog({ appointment, onClose, onChanged }: RescheduleDialogProps) {
  const [when, setWhen] = useState(() => toDateTimeLocal(appointment.date));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (when === '' || Number.isNaN(new Date(when).getTime())) {
      setFieldError('Choose a date and time');
      return;
    }
    if (when === toDateTimeLocal(appointment.date)) {
      setFieldError('Choose a different date or time');
      return;
    }
    setFieldError(undefined);
    setSaving(true);
    setError(null);
    try {
      const updated = await updateAppointment(await getSupabase(), appointment.id, { date: new Date(when).toISOString() });
      notifySuccess('Appointment rescheduled');
      onChanged(updated);
      onClose();
    } catch (saveError) {
      setError(saveError instanceof Error ? saveError.message : String(saveError));
      setSaving(false);
    }
  };

  return (
    <Modal title="Reschedule appointment" open onClose={onClose}>
      <p className={styles.summary}>
        {appointment.name} ({appointment.reg}) · now {formatAppointmentDate(appointment.date)}
      </p>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField label="New date and time" type="datetime-local" value={when} error={fieldError} onChange={(event) => setWhen(event.target.value)} />
        {error && <ErrorBanner message={error} />}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Reschedule'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
