import { useMemo } from 'react';
import { COLUMN_RULES, columnError, FormFrame, Modal, RULE_MESSAGES, TextField, useForm } from '@campuscare/shared';
import { useChangeCutoff } from './appointmentHooks';
import { cancelAppointmentMutation } from './appointmentsQueries';
import type { AppointmentDialogProps, ClinicDialogProps } from './appointmentDialogProps';
import { AppointmentSummary } from './AppointmentSummary';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

export const CANCEL_REASON_REQUIRED = RULE_MESSAGES.cancelReasonRequired;
const CANCEL_REASON_MAX_LENGTH = COLUMN_RULES.appointments_cancel_reason_length.maxLength;

function CancelForm({ appointment, actor, doctorName, clinic, onClose }: ClinicDialogProps) {
  const cutoff = useChangeCutoff(appointment, clinic, actor, 'cancel');
  const initial = useMemo(() => ({ reason: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const reason =
        values.reason.trim() === ''
          ? CANCEL_REASON_REQUIRED
          : columnError(COLUMN_RULES.appointments_cancel_reason_length, values.reason);
      return reason === undefined ? {} : { reason };
    },
    mutation: cancelAppointmentMutation,
    input: (values) => ({ id: appointment.id, status: 'cancelled' as const, cancelReason: values.reason.trim() }),
    onSuccess: onClose,
  });
  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Cancel appointment"
      submit="Cancel appointment"
      busyLabel="Cancelling…"
      cancel={{ label: 'Keep appointment', onClick: onClose }}
      danger
      disabled={cutoff !== undefined}
      describedBy={cutoff?.describedBy}
    >
      <AppointmentSummary appointment={appointment} actor={actor} doctorName={doctorName} clinic={clinic} />
      {actor === 'staff' && <p className={styles.summary}>The student sees the reason.</p>}
      {appointment.status === 'ongoing' && (
        <p className={styles.summary}>The visit was started: its unsigned draft is discarded.</p>
      )}
      {cutoff?.explanation}
      {!cutoff && (
        <TextField label="Reason for cancelling" maxLength={CANCEL_REASON_MAX_LENGTH} {...form.field('reason')} />
      )}
    </FormFrame>
  );
}

/** Cancels an appointment with a reason the student sees. */
export function CancelAppointmentDialog(props: AppointmentDialogProps) {
  return (
    <Modal title="Cancel appointment" open onClose={props.onClose}>
      <WithClinic>{(clinic) => <CancelForm {...props} clinic={clinic} />}</WithClinic>
    </Modal>
  );
}
