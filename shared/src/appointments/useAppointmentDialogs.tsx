import { useState } from 'react';
import type { Appointment } from '@campuscare/shared';
import type { AppointmentActor } from './appointmentDialogProps';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';
import { RescheduleAppointmentDialog } from './RescheduleAppointmentDialog';

type AppointmentDialogKind = 'reschedule' | 'cancel';

/**
 * The reschedule and cancel dialogs of a list of appointments: `open(kind, appointment)` from a row's menu, and
 * `dialog` rendered once below the list.
 */
export function useAppointmentDialogs<Row extends Appointment>(
  actor: AppointmentActor,
  doctorNameOf: (appointment: Row) => string,
) {
  const [opened, setOpened] = useState<{ readonly kind: AppointmentDialogKind; readonly appointment: Row } | null>(
    null,
  );
  const close = () => setOpened(null);
  const Dialog = opened?.kind === 'reschedule' ? RescheduleAppointmentDialog : CancelAppointmentDialog;
  const dialog = opened && (
    <Dialog
      appointment={opened.appointment}
      actor={actor}
      doctorName={doctorNameOf(opened.appointment)}
      onClose={close}
    />
  );
  return { open: (kind: AppointmentDialogKind, appointment: Row) => setOpened({ kind, appointment }), dialog };
}
