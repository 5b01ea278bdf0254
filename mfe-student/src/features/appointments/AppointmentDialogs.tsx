import { useId, useState, type FormEvent } from 'react';
import { Button, dayInZone, ErrorBanner, formatInZone, getSupabase, Modal, notifySuccess, TextAreaField, type Appointment, type Clinic } from '@campuscare/shared';
import { changeMyAppointment, type MyAppointmentChange } from './appointmentsApi';
import { bookableDays, changeCutoffMessage, isPastChangeCutoff } from './clinicCalendar';
import { FreeSlotPicker, slotChoiceErrors, type SlotChoice, type SlotErrors } from './FreeSlotPicker';
import styles from './Appointments.module.css';

export const CANCEL_REASON_REQUIRED = 'Give a reason for cancelling the appointment';
/** The change got no answer (network down, server unreachable). */
export const CHANGE_FAILED = 'Could not send the change. Check your connection and try again.';

/** Sends a change through update_appointment: the database's refusal stays in the dialog, success closes it. */
function useAppointmentChange(appointment: Appointment, successMessage: string, onChanged: () => void) {
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async (change: MyAppointmentChange): Promise<'changed' | 'refused' | 'failed'> => {
    setProblem(undefined);
    setSending(true);
    try {
      const outcome = await changeMyAppointment(await getSupabase(), { ...change, id: appointment.id });
      if (outcome.ok) {
        notifySuccess(successMessage);
        onChanged();
        return 'changed';
      }
      setProblem(outcome.message);
      setSending(false);
      return 'refused';
    } catch {
      setProblem(CHANGE_FAILED);
      setSending(false);
      return 'failed';
    }
  };
  return { problem, sending, send };
}

export interface AppointmentDialogProps {
  readonly appointment: Appointment;
  readonly clinic: Clinic;
  /** The appointment's doctor as the student knows them ("Dr Amelia Adams", "Not assigned yet"). */
  readonly doctorName: string;
  readonly onClose: () => void;
  readonly onChanged: () => void;
}

function AppointmentSummary({ appointment, clinic, doctorName }: Pick<AppointmentDialogProps, 'appointment' | 'clinic' | 'doctorName'>) {
  return (
    <p>
      {formatInZone(appointment.date, clinic.settings.timezone)} · {appointment.reason} · {doctorName}
    </p>
  );
}

/**
 * The clinic's cutoff, explained where the student would act: past it the action is disabled (the database refuses
 * it anyway) and the student is told to call the clinic. Undefined while the appointment may still be changed.
 */
function useChangeCutoff(appointment: Appointment, clinic: Clinic) {
  const explanationId = useId();
  const [locked] = useState(() => isPastChangeCutoff(clinic, appointment.date, new Date()));
  if (!locked) return undefined;
  return {
    explanation: (
      <p id={explanationId} className={styles.cutoff}>
        {changeCutoffMessage(clinic)}
      </p>
    ),
    describedBy: explanationId,
  };
}

export function CancelAppointmentDialog({ appointment, clinic, doctorName, onClose, onChanged }: AppointmentDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const { problem, sending, send } = useAppointmentChange(appointment, 'Appointment cancelled', onChanged);
  const cutoff = useChangeCutoff(appointment, clinic);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(CANCEL_REASON_REQUIRED);
      return;
    }
    setReasonError(undefined);
    void send({ kind: 'cancel', reason: reason.trim() });
  };

  return (
    <Modal title="Cancel appointment" open onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={submit}>
        <AppointmentSummary appointment={appointment} clinic={clinic} doctorName={doctorName} />
        {cutoff?.explanation}
        {problem && <ErrorBanner message={problem} />}
        {!cutoff && <TextAreaField label="Reason for cancelling" maxLength={500} rows={3} value={reason} error={reasonError} onChange={(event) => setReason(event.target.value)} />}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            Keep appointment
          </Button>
          <Button type="submit" variant="danger" disabled={sending || cutoff !== undefined} aria-describedby={cutoff?.describedBy}>
            {sending ? 'Sending...' : 'Cancel appointment'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The appointment's own day, when it can still be picked: the free times around the current one are a good start. */
function startingChoice(appointment: Appointment, clinic: Clinic): SlotChoice {
  const zone = clinic.settings.timezone;
  const day = dayInZone(appointment.date, zone);
  const { first, last } = bookableDays(zone, new Date());
  return { day: day >= first && day <= last ? day : '', startsAt: '' };
}

export function RescheduleAppointmentDialog({ appointment, clinic, doctorName, onClose, onChanged }: AppointmentDialogProps) {
  const [slot, setSlot] = useState<SlotChoice>(() => startingChoice(appointment, clinic));
  const [errors, setErrors] = useState<SlotErrors>({});
  const [slotReloads, setSlotReloads] = useState(0);
  const { problem, sending, send } = useAppointmentChange(appointment, 'Appointment rescheduled', onChanged);
  const cutoff = useChangeCutoff(appointment, clinic);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = slotChoiceErrors(clinic, slot, new Date());
    setErrors(found);
    if (found.day || found.time) return;
    // A refusal (the time was taken meanwhile, or is now too soon) means the free times have changed: read them again.
    if ((await send({ kind: 'reschedule', date: slot.startsAt })) === 'refused') setSlotReloads((count) => count + 1);
  };

  return (
    <Modal title="Reschedule appointment" open onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <AppointmentSummary appointment={appointment} clinic={clinic} doctorName={doctorName} />
        {cutoff?.explanation}
        {problem && <ErrorBanner message={problem} />}
        {!cutoff && (
          <div className={styles.fieldGrid}>
            <FreeSlotPicker
              clinic={clinic}
              doctorId={appointment.provider_id}
              value={slot}
              errors={errors}
              reloadKey={slotReloads}
              onChange={(choice) => {
                setSlot(choice);
                setErrors({});
              }}
            />
          </div>
        )}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            Keep current time
          </Button>
          <Button type="submit" disabled={sending || cutoff !== undefined} aria-describedby={cutoff?.describedBy}>
            {sending ? 'Sending...' : 'Reschedule'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
