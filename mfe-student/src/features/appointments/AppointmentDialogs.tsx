import { useState, type FormEvent } from 'react';
import {
  Button,
  ErrorBanner,
  formatAppointmentDate,
  getSupabase,
  Modal,
  notifySuccess,
  TextAreaField,
  updateAppointment,
  type Appointment,
  type AppointmentChange,
} from '@campuscare/shared';
import { slotError, slotStart } from './clinicHours';
import { SlotFields } from './SlotFields';
import styles from './Appointments.module.css';

export const CANCEL_REASON_REQUIRED = 'Give a reason for cancelling the appointment';
export const CHOOSE_NEW_TIME = 'Choose the new date and time';

/** Sends a change through update_appointment: the database's refusal stays in the dialog, success closes it. */
function useAppointmentChange(appointment: Appointment, successMessage: string, onChanged: () => void) {
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async (change: AppointmentChange) => {
    setProblem(undefined);
    setSending(true);
    try {
      await updateAppointment(await getSupabase(), appointment.id, change);
      notifySuccess(successMessage);
      onChanged();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setSending(false);
    }
  };
  return { problem, setProblem, sending, send };
}

export interface AppointmentDialogProps {
  readonly appointment: Appointment;
  readonly onClose: () => void;
  readonly onChanged: () => void;
}

function AppointmentSummary({ appointment }: { readonly appointment: Appointment }) {
  return (
    <p>
      {formatAppointmentDate(appointment.date)} · {appointment.reason}
    </p>
  );
}

export function CancelAppointmentDialog({ appointment, onClose, onChanged }: AppointmentDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const { problem, sending, send } = useAppointmentChange(appointment, 'Appointment cancelled', onChanged);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(CANCEL_REASON_REQUIRED);
      return;
    }
    setReasonError(undefined);
    void send({ status: 'cancelled', cancelReason: reason.trim() });
  };

  return (
    <Modal title="Cancel appointment" open onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={submit}>
        <AppointmentSummary appointment={appointment} />
        {problem && <ErrorBanner message={problem} />}
        <TextAreaField label="Reason for cancelling" maxLength={500} rows={3} value={reason} error={reasonError} onChange={(event) => setReason(event.target.value)} />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            Keep appointment
          </Button>
          <Button type="submit" variant="danger" disabled={sending}>
            {sending ? 'Sending...' : 'Cancel appointment'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function RescheduleAppointmentDialog({ appointment, onClose, onChanged }: AppointmentDialogProps) {
  const [slot, setSlot] = useState({ date: '', time: '' });
  const { problem, setProblem, sending, send } = useAppointmentChange(appointment, 'Appointment rescheduled', onChanged);
  const now = new Date();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = slotStart(slot.date, slot.time);
    const invalid = start ? slotError(slot.date, slot.time, new Date()) : CHOOSE_NEW_TIME;
    if (invalid || !start) {
      setProblem(invalid);
      return;
    }
    void send({ date: start.toISOString() });
  };

  return (
    <Modal title="Reschedule appointment" open onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={submit}>
        <AppointmentSummary appointment={appointment} />
        {problem && <ErrorBanner message={problem} />}
        <SlotFields date={slot.date} time={slot.time} now={now} onChange={(date, time) => setSlot({ date, time })} />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            Keep current time
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending...' : 'Reschedule'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
