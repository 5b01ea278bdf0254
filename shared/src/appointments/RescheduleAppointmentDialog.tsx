import { useMemo } from 'react';
import {
  type Appointment,
  DialogButtons,
  ErrorBanner,
  Modal,
  queryClient,
  queryKeys,
  useForm,
} from '@campuscare/shared';
import { type Clinic, dayInZone } from '@campuscare/shared/scheduling';
import { useAppointmentChange, useChangeCutoff } from './appointmentHooks';
import type { AppointmentDialogProps, ClinicDialogProps } from './appointmentDialogProps';
import { AppointmentSummary } from './AppointmentSummary';
import { bookableDays } from './clinicCalendar';
import { choosePickedSlot, FreeSlotPicker, pickedSlotErrors, type PickedSlot } from './FreeSlotPicker';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

/** The appointment's own day, when it can still be picked: the free times around the current one are a good start. */
function startingChoice(appointment: Appointment, clinic: Clinic): PickedSlot {
  const zone = clinic.settings.timezone;
  const day = dayInZone(appointment.date, zone);
  const { first, last } = bookableDays(zone, new Date());
  return { day: day >= first && day <= last ? day : '', startsAt: '' };
}

/** A refusal (the time was taken meanwhile, or is now too soon) means the free times have changed: read them again. */
async function rereadingSlotsOnRefusal<Output>(send: () => Promise<Output>): Promise<Output> {
  try {
    return await send();
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.slots });
    throw error;
  }
}

function FreeSlotRescheduleForm({ appointment, actor, doctorName, clinic, onClose }: ClinicDialogProps) {
  const reschedule = useAppointmentChange('Appointment rescheduled');
  const cutoff = useChangeCutoff(appointment, clinic, actor, 'move');
  const initial = useMemo(() => startingChoice(appointment, clinic), [appointment, clinic]);
  const form = useForm<PickedSlot>({
    initial,
    validate: (values) => pickedSlotErrors(clinic, values, new Date()),
    submit: (values) =>
      rereadingSlotsOnRefusal(() => reschedule.mutateAsync({ id: appointment.id, date: values.startsAt })),
    onSuccess: onClose,
  });
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <AppointmentSummary appointment={appointment} actor={actor} doctorName={doctorName} clinic={clinic} />
      {cutoff?.explanation}
      {form.formError && <ErrorBanner message={form.formError} />}
      {!cutoff && (
        <div className={styles.fieldGrid}>
          <FreeSlotPicker
            clinic={clinic}
            doctorId={appointment.provider_id}
            value={form.values}
            errors={form.errors}
            onChange={(choice) => choosePickedSlot(form, choice)}
          />
        </div>
      )}
      <DialogButtons
        dismiss={{ label: 'Keep current time', onClick: onClose }}
        submit="Reschedule"
        busy={form.submitting}
        busyLabel="Sending…"
        disabled={cutoff !== undefined}
        describedBy={cutoff?.describedBy}
      />
    </form>
  );
}

/**
 * Moves an appointment to one of the free slots the database offers for its doctor (any doctor's while it has none),
 * the student's way and the doctor's alike; only a student stops at the clinic's cutoff. Staff who must place a visit
 * outside the free slots do it from the appointments overview's Edit, after a warning. The database still refuses
 * past times and overlaps, with a message for people.
 */
export function RescheduleAppointmentDialog(props: AppointmentDialogProps) {
  return (
    <Modal title="Reschedule appointment" open onClose={props.onClose}>
      <WithClinic>{(clinic) => <FreeSlotRescheduleForm {...props} clinic={clinic} />}</WithClinic>
    </Modal>
  );
}
