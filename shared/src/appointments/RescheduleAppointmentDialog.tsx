import { useMemo } from 'react';
import { type Appointment, FormFrame, Modal, useForm } from '@campuscare/shared';
import { type Clinic, dayInZone } from '@campuscare/shared/scheduling';
import { useChangeCutoff } from './appointmentHooks';
import { rescheduleAppointmentMutation } from './appointmentsQueries';
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

function FreeSlotRescheduleForm({ appointment, actor, doctorName, clinic, onClose }: ClinicDialogProps) {
  const cutoff = useChangeCutoff(appointment, clinic, actor, 'move');
  const initial = useMemo(() => startingChoice(appointment, clinic), [appointment, clinic]);
  const form = useForm({
    initial,
    validate: (values) => pickedSlotErrors(clinic, values, new Date()),
    mutation: rescheduleAppointmentMutation,
    input: (values) => ({ id: appointment.id, date: values.startsAt }),
    onSuccess: onClose,
  });
  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Reschedule appointment"
      submit="Reschedule"
      busyLabel="Sending…"
      cancel={{ label: 'Keep current time', onClick: onClose }}
      disabled={cutoff !== undefined}
      describedBy={cutoff?.describedBy}
    >
      <AppointmentSummary appointment={appointment} actor={actor} doctorName={doctorName} clinic={clinic} />
      {cutoff?.explanation}
      {!cutoff && (
        <div className={styles.fieldGrid}>
          <FreeSlotPicker
            clinic={clinic}
            doctorId={appointment.provider_id}
            appointmentTypeId={appointment.appointment_type_id}
            value={form.values}
            errors={form.errors}
            onChange={(choice) => choosePickedSlot(form, choice)}
          />
        </div>
      )}
    </FormFrame>
  );
}

/**
 * Moves an appointment to one of the free slots the database offers for its doctor (any doctor's while it has none)
 * and its type (times of the type's length; one clinic slot for an appointment without one), the student's way and the
 * doctor's alike; only a student stops at the clinic's cutoff. Staff who must place a visit
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
