import { useMemo } from 'react';
import { type Appointment, ErrorBanner, getSupabase, Modal, queryClient, queryKeys, TextField, useForm } from '@campuscare/shared';
import { type Clinic, dateTimeInputInZone, dayInZone, isFreeSlot, momentFromDateTimeInput } from '@campuscare/shared/scheduling';
import { useAppointmentChange, useChangeCutoff, useFreeSlotConfirmation } from './appointmentHooks';
import type { AppointmentDialogProps, ClinicDialogProps } from './appointmentDialogProps';
import { AppointmentSummary } from './AppointmentSummary';
import { bookableDays } from './clinicCalendar';
import { DialogButtons } from './DialogButtons';
import { choosePickedSlot, FreeSlotPicker, pickedSlotErrors, type PickedSlot } from './FreeSlotPicker';
import { FreeSlotWarning, outsideFreeSlotsMessage } from './FreeSlotWarning';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

const RESCHEDULE_MESSAGES = { missing: 'Choose a date and time', unchanged: 'Choose a different date or time' } as const;

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
  const cutoff = useChangeCutoff(appointment, clinic, actor);
  const initial = useMemo(() => startingChoice(appointment, clinic), [appointment, clinic]);
  const form = useForm<PickedSlot>({
    initial,
    validate: (values) => pickedSlotErrors(clinic, values, new Date()),
    submit: (values) => rereadingSlotsOnRefusal(() => reschedule.mutateAsync({ id: appointment.id, date: values.startsAt })),
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

function AnyTimeRescheduleForm({ appointment, actor, doctorName, clinic, onClose }: ClinicDialogProps) {
  const zone = clinic.settings.timezone;
  const reschedule = useAppointmentChange('Appointment rescheduled');
  const confirmation = useFreeSlotConfirmation();
  const current = dateTimeInputInZone(appointment.date, zone);
  const initial = useMemo(() => ({ when: current }), [current]);
  const form = useForm<{ readonly when: string }, Appointment | null>({
    initial,
    validate: ({ when }) => {
      if (!momentFromDateTimeInput(when, zone)) return { when: RESCHEDULE_MESSAGES.missing };
      return when === current ? { when: RESCHEDULE_MESSAGES.unchanged } : {};
    },
    submit: async ({ when }) => {
      const startsAt = momentFromDateTimeInput(when, zone) ?? appointment.date;
      const isFree = async () => isFreeSlot(await getSupabase(), { startsAt, doctorId: appointment.provider_id, zone });
      if (!(await confirmation.mayProceed(isFree, outsideFreeSlotsMessage(appointment.provider_id ? doctorName : null)))) return null;
      return reschedule.mutateAsync({ id: appointment.id, date: startsAt });
    },
    onSuccess: (saved) => {
      if (saved) onClose();
    },
  });
  const when = form.field('when');
  const editWhen = (event: { readonly target: { readonly value: string } }) => {
    when.onChange(event);
    confirmation.dismiss();
  };
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <AppointmentSummary appointment={appointment} actor={actor} doctorName={doctorName} clinic={clinic} />
      <TextField label="New date and time" type="datetime-local" {...when} hint={`Clinic time (${zone})`} onChange={editWhen} />
      {confirmation.warning && <FreeSlotWarning message={confirmation.warning} onConfirm={() => confirmation.confirm(form.handleSubmit)} onDismiss={confirmation.dismiss} />}
      {form.formError && <ErrorBanner message={form.formError} />}
      <DialogButtons dismiss={{ label: 'Close', onClick: onClose }} submit="Reschedule" busy={form.submitting} busyLabel="Saving…" />
    </form>
  );
}

/**
 * Moves an appointment. A student picks one of the free slots, up to the clinic's cutoff; staff type any time on the
 * clinic's clock and are warned outside the free slots. The database still refuses past times and overlaps, with a
 * message for people.
 */
export function RescheduleAppointmentDialog(props: AppointmentDialogProps) {
  return (
    <Modal title="Reschedule appointment" open onClose={props.onClose}>
      <WithClinic>{(clinic) => (props.actor === 'student' ? <FreeSlotRescheduleForm {...props} clinic={clinic} /> : <AnyTimeRescheduleForm {...props} clinic={clinic} />)}</WithClinic>
    </Modal>
  );
}
