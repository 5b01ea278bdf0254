import { useMemo } from 'react';
import {
  ApiError,
  type Appointment,
  type AppointmentStatus,
  FormFrame,
  getSupabase,
  Modal,
  QueryErrorBanner,
  type Role,
  runApiMutation,
  SelectField,
  TextField,
  useForm,
} from '@campuscare/shared';
import {
  type Clinic,
  dateTimeInputInZone,
  formatInZone,
  momentFromDateTimeInput,
  slotRuleBroken,
} from '@campuscare/shared/scheduling';
import {
  nextStatuses,
  providerName,
  STATUS_LABEL,
  visitDayHasCome,
  type AppointmentChange,
  type OverviewAppointment,
  type ProviderSummary,
} from './appointmentsApi';
import { useDoctors, useFreeSlotConfirmation } from './appointmentHooks';
import { editAppointmentMutation } from './appointmentsQueries';
import { FreeSlotWarning, outsideFreeSlotsMessage } from './FreeSlotWarning';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

const NOTHING_CHANGED = 'Change the date, the doctor or the status first';
/** Why a doctor is not offered Start yet. Completing is not a status to choose: signing the visit completes it. */
const START_ON_THE_DAY = 'Start is offered on the day of the visit; signing the visit completes it';

interface EditValues {
  /** A `datetime-local` value on the clinic's clock. */
  readonly when: string;
  readonly providerId: string;
  readonly status: string;
}

/** The changes the edit form asks for, compared with the stored appointment; `null` when nothing changed. */
export function editedChange(
  appointment: Appointment,
  form: EditValues & { readonly zone: string },
): AppointmentChange | null {
  const change: { date?: string; providerId?: string; status?: AppointmentStatus } = {};
  const moment =
    form.when === dateTimeInputInZone(appointment.date, form.zone)
      ? null
      : momentFromDateTimeInput(form.when, form.zone);
  if (moment) change.date = moment;
  if (form.providerId !== '' && form.providerId !== appointment.provider_id) change.providerId = form.providerId;
  if (form.status !== appointment.status) change.status = form.status as AppointmentStatus;
  return Object.keys(change).length === 0 ? null : { id: appointment.id, ...change };
}

interface StaffDialogProps {
  readonly appointment: OverviewAppointment;
  readonly onClose: () => void;
  /** Called once a change to Ongoing is saved: a started visit is written on its own page, not left behind. */
  readonly onVisitStarted?: (appointment: OverviewAppointment) => void;
}

function EditAppointmentForm({
  appointment,
  viewerRole,
  clinic,
  onClose,
  onVisitStarted,
}: StaffDialogProps & { readonly viewerRole: Role; readonly clinic: Clinic }) {
  const zone = clinic.settings.timezone;
  const doctors = useDoctors();
  const confirmation = useFreeSlotConfirmation();
  const canReschedule = appointment.status === 'scheduled';
  const laterStatuses = nextStatuses(appointment.status, viewerRole);
  const dayHasCome = visitDayHasCome(appointment.date, zone);
  const doctorNameOf = (id: string | null): string | null => {
    const doctor: ProviderSummary | undefined =
      doctors.data?.find((candidate) => candidate.id === id) ??
      (appointment.provider?.id === id ? appointment.provider : undefined);
    return doctor ? providerName(doctor) : null;
  };

  const initial = useMemo<EditValues>(
    () => ({
      when: dateTimeInputInZone(appointment.date, zone),
      providerId: appointment.provider_id ?? '',
      status: appointment.status,
    }),
    [appointment, zone],
  );
  const form = useForm<EditValues, Appointment | null>({
    initial,
    submit: async (values) => {
      const change = editedChange(appointment, { ...values, zone });
      if (!change) throw new ApiError(NOTHING_CHANGED);
      const moves = canReschedule && (change.date !== undefined || change.providerId !== undefined);
      const doctorId = change.providerId ?? appointment.provider_id;
      const startsAt = change.date ?? appointment.date;
      // The visit's own time is not taken for its own doctor.
      const movedVisit =
        doctorId === appointment.provider_id
          ? { startsAt: appointment.date, durationMinutes: appointment.duration_minutes }
          : undefined;
      const warningFor = async () => {
        const rule = await slotRuleBroken(await getSupabase(), { clinic, startsAt, doctorId, movedVisit });
        return rule && outsideFreeSlotsMessage(rule, doctorNameOf(doctorId));
      };
      if (moves && !(await confirmation.mayProceed(warningFor))) return null;
      return runApiMutation(editAppointmentMutation, change);
    },
    onSuccess: (saved) => {
      if (!saved) return;
      onClose();
      if (saved.status === 'ongoing' && appointment.status !== 'ongoing') onVisitStarted?.(appointment);
    },
  });
  /** Editing any field after a warning asks again on the next save: the warning was about the old choice. */
  const bind = (name: keyof EditValues) => {
    const bound = form.field(name);
    const onChange = (event: { readonly target: { readonly value: string } }) => {
      bound.onChange(event);
      confirmation.dismiss();
    };
    return { ...bound, onChange };
  };

  const doctorOptions = [
    ...(appointment.provider_id ? [] : [{ value: '', label: 'Unassigned' }]),
    ...(appointment.provider && !doctors.data?.some((doctor) => doctor.id === appointment.provider_id)
      ? [{ value: appointment.provider.id, label: providerName(appointment.provider) }]
      : []),
    ...(doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: providerName(doctor) })),
  ];
  const statusOptions = [appointment.status, ...(dayHasCome ? laterStatuses : [])].map((value) => ({
    value,
    label: STATUS_LABEL[value],
  }));

  return (
    <>
      <p className={styles.summary}>
        {appointment.name} ({appointment.reg}) · {formatInZone(appointment.date, zone)}
      </p>
      <FormFrame
        form={form}
        className={styles.form}
        label="Edit appointment"
        submit="Save changes"
        cancel={{ label: 'Close', onClick: onClose }}
      >
        <TextField
          label="Date and time"
          type="datetime-local"
          {...bind('when')}
          disabled={!canReschedule}
          hint={canReschedule ? `Clinic time (${zone})` : 'Only a scheduled appointment can be rescheduled'}
        />
        <SelectField
          label="Doctor"
          {...bind('providerId')}
          options={doctorOptions}
          disabled={doctors.data === undefined}
        />
        <SelectField
          label="Status"
          {...bind('status')}
          options={statusOptions}
          disabled={statusOptions.length < 2}
          hint={laterStatuses.length > 0 && !dayHasCome ? START_ON_THE_DAY : undefined}
        />
        {confirmation.warning && (
          <FreeSlotWarning
            message={confirmation.warning}
            onConfirm={() => confirmation.confirm(form.handleSubmit)}
            onDismiss={confirmation.dismiss}
          />
        )}
        <QueryErrorBanner query={doctors} />
      </FormFrame>
    </>
  );
}

/** Reschedule, assign or move the status of an appointment (staff); times are the clinic's, whatever the browser's zone. */
export function EditAppointmentDialog({
  appointment,
  viewerRole,
  onClose,
  onVisitStarted,
}: StaffDialogProps & { readonly viewerRole: Role }) {
  return (
    <Modal title="Edit appointment" open onClose={onClose}>
      <WithClinic>
        {(clinic) => (
          <EditAppointmentForm
            appointment={appointment}
            viewerRole={viewerRole}
            clinic={clinic}
            onClose={onClose}
            onVisitStarted={onVisitStarted}
          />
        )}
      </WithClinic>
    </Modal>
  );
}
