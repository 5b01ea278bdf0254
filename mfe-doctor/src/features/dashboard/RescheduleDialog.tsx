import { useState, type FormEvent } from 'react';
import {
  Button,
  dateTimeInputInZone,
  ErrorBanner,
  formatInZone,
  FreeSlotWarning,
  getSupabase,
  isFreeSlot,
  Modal,
  momentFromDateTimeInput,
  notifySuccess,
  outsideFreeSlotsMessage,
  TextField,
  updateAppointment,
  type Appointment,
  type OverviewAppointment,
} from '@campuscare/shared';
import styles from './dashboard.module.css';

interface RescheduleDialogProps {
  readonly appointment: OverviewAppointment;
  /** The clinic's time zone: the time is typed and shown on its clock. */
  readonly zone: string;
  readonly onClose: () => void;
  readonly onChanged: (appointment: Appointment) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Moves a scheduled appointment. A time outside the doctor's free slots is allowed after a warning; the database
 * still refuses past times and overlaps, with a message for people.
 */
export function RescheduleDialog({ appointment, zone, onClose, onChanged }: RescheduleDialogProps) {
  const [when, setWhen] = useState(() => dateTimeInputInZone(appointment.date, zone));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The new start waiting for "Save anyway" because it is not one of the free slots. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const persist = async (startsAt: string) => {
    setUnconfirmed(null);
    setSaving(true);
    setError(null);
    try {
      const updated = await updateAppointment(await getSupabase(), appointment.id, { date: startsAt });
      notifySuccess('Appointment rescheduled');
      onChanged(updated);
      onClose();
    } catch (saveError) {
      setError(messageOf(saveError));
      setSaving(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setUnconfirmed(null);
    const startsAt = momentFromDateTimeInput(when, zone);
    if (!startsAt) {
      setFieldError('Choose a date and time');
      return;
    }
    if (when === dateTimeInputInZone(appointment.date, zone)) {
      setFieldError('Choose a different date or time');
      return;
    }
    setFieldError(undefined);
    setSaving(true);
    setError(null);
    try {
      if (!(await isFreeSlot(await getSupabase(), { startsAt, doctorId: appointment.provider_id, zone }))) {
        setUnconfirmed(startsAt);
        setSaving(false);
        return;
      }
    } catch (checkError) {
      setError(`Could not check the free times: ${messageOf(checkError)}`);
      setSaving(false);
      return;
    }
    await persist(startsAt);
  };

  return (
    <Modal title="Reschedule appointment" open onClose={onClose}>
      <p className={styles.summary}>
        {appointment.name} ({appointment.reg}) · now {formatInZone(appointment.date, zone)}
      </p>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="New date and time"
          type="datetime-local"
          value={when}
          error={fieldError}
          hint={`Clinic time (${zone})`}
          onChange={(event) => {
            setWhen(event.target.value);
            setUnconfirmed(null);
          }}
        />
        {unconfirmed && (
          <FreeSlotWarning message={outsideFreeSlotsMessage(appointment.provider)} onConfirm={() => void persist(unconfirmed)} onDismiss={() => setUnconfirmed(null)} />
        )}
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
