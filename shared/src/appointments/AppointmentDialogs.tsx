import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, type Appointment, type AppointmentStatus, Button, COLUMN_RULES, columnError, ErrorBanner, type Form, getSupabase, Modal, queryClient, QueryErrorBanner, queryKeys, QueryView, type Role, RULE_MESSAGES, SelectField, TextField, useApiMutation, useApiQuery, useForm } from '@campuscare/shared';
import { type Clinic, dateTimeInputInZone, dayInZone, formatInZone, isFreeSlot, momentFromDateTimeInput, useClinic } from '@campuscare/shared/scheduling';
import {
  APPOINTMENT_CHANGE_INVALIDATES,
  listDoctors,
  nextStatuses,
  providerName,
  STATUS_LABEL,
  updateAppointment,
  visitDayHasCome,
  type AppointmentChange,
  type OverviewAppointment,
  type ProviderSummary,
} from './appointmentsApi';
import { bookableDays, changeCutoffMessage, isPastChangeCutoff } from './clinicCalendar';
import { FreeSlotPicker, pickedSlotErrors, type PickedSlot, type PickedSlotChange } from './FreeSlotPicker';
import { FreeSlotWarning, outsideFreeSlotsMessage } from './FreeSlotWarning';
import styles from './appointments.module.css';

export { FreeSlotWarning, outsideFreeSlotsMessage };

export const CANCEL_REASON_REQUIRED = RULE_MESSAGES.cancelReasonRequired;
export const NOTHING_CHANGED = 'Change the date, the doctor or the status first';
export const CANCEL_REASON_MAX_LENGTH = COLUMN_RULES.appointments_cancel_reason_length.maxLength;
export const RESCHEDULE_MESSAGES = { missing: 'Choose a date and time', unchanged: 'Choose a different date or time' } as const;
/** Why a doctor is not offered Start yet. Completing is not a status to choose: signing the visit completes it. */
export const START_ON_THE_DAY = 'Start is offered on the day of the visit; signing the visit completes it';

/**
 * Who acts on the appointment. A student is offered the free slots only and stops at the clinic's cutoff (the
 * database refuses later changes); staff pick any time, warned when it is not one of the free slots.
 */
export type AppointmentActor = 'student' | 'staff';

/** Renders `children` once the clinic is loaded; loading and a readable error with "Try again" until then. */
export function WithClinic({ children, loadingLabel }: { readonly children: (clinic: Clinic) => ReactNode; readonly loadingLabel?: string }) {
  return (
    <QueryView query={useClinic()} loadingLabel={loadingLabel}>
      {children}
    </QueryView>
  );
}

/** The university's active doctors, cached for every picker of a doctor. */
export function useDoctors() {
  return useApiQuery([...queryKeys.members, 'doctors'], listDoctors);
}

/**
 * Changes an appointment through `update_appointment`; the lists, free times and counts everywhere reload. A dialog
 * shows a refusal in its form ('caller'); a one-click row action has it toasted ('toast').
 */
export function useAppointmentChange(success: string | ((change: AppointmentChange) => string), errors: 'toast' | 'caller' = 'caller') {
  return useApiMutation((client, change: AppointmentChange) => updateAppointment(client, change), {
    invalidates: APPOINTMENT_CHANGE_INVALIDATES,
    success: (_updated, change) => (typeof success === 'string' ? success : success(change)),
    errors,
  });
}

/**
 * Staff may save a time outside the free slots, but only after saying so. `mayProceed` checks the choice and, when it
 * is not free, shows the warning and holds the save; "Save anyway" submits again with the check skipped once.
 */
function useFreeSlotConfirmation() {
  const [warning, setWarning] = useState<string | null>(null);
  const confirmed = useRef(false);
  const mayProceed = async (isFree: () => Promise<boolean>, message: string): Promise<boolean> => {
    setWarning(null);
    if (confirmed.current) {
      confirmed.current = false;
      return true;
    }
    if (await isFree()) return true;
    setWarning(message);
    return false;
  };
  const confirm = (submit: () => Promise<boolean>) => {
    confirmed.current = true;
    // A submit that stopped before the check (e.g. already sending) must not skip the next one's.
    void submit().finally(() => {
      confirmed.current = false;
    });
  };
  return { warning, dismiss: () => setWarning(null), mayProceed, confirm };
}

function DialogButtons({ dismiss, submit, busy, busyLabel, danger = false, describedBy, disabled = false }: {
  readonly dismiss: { readonly label: string; readonly onClick: () => void };
  readonly submit: string;
  readonly busy: boolean;
  readonly busyLabel: string;
  readonly danger?: boolean;
  readonly describedBy?: string;
  readonly disabled?: boolean;
}) {
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={dismiss.onClick}>
        {dismiss.label}
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || disabled} aria-describedby={describedBy}>
        {busy ? busyLabel : submit}
      </Button>
    </div>
  );
}

interface EditValues {
  /** A `datetime-local` value on the clinic's clock. */
  readonly when: string;
  readonly providerId: string;
  readonly status: string;
}

/** The changes the edit form asks for, compared with the stored appointment; `null` when nothing changed. */
export function editedChange(appointment: Appointment, form: EditValues & { readonly zone: string }): AppointmentChange | null {
  const change: { date?: string; providerId?: string; status?: AppointmentStatus } = {};
  const moment = form.when === dateTimeInputInZone(appointment.date, form.zone) ? null : momentFromDateTimeInput(form.when, form.zone);
  if (moment) change.date = moment;
  if (form.providerId !== '' && form.providerId !== appointment.provider_id) change.providerId = form.providerId;
  if (form.status !== appointment.status) change.status = form.status as AppointmentStatus;
  return Object.keys(change).length === 0 ? null : { id: appointment.id, ...change };
}

interface StaffDialogProps {
  readonly appointment: OverviewAppointment;
  readonly onClose: () => void;
}

function EditAppointmentForm({ appointment, viewerRole, zone, onClose }: StaffDialogProps & { readonly viewerRole: Role; readonly zone: string }) {
  const doctors = useDoctors();
  const save = useAppointmentChange('Appointment updated');
  const confirmation = useFreeSlotConfirmation();
  const canReschedule = appointment.status === 'scheduled';
  const laterStatuses = nextStatuses(appointment.status, viewerRole);
  const dayHasCome = visitDayHasCome(appointment.date, zone);
  const doctorNameOf = (id: string | null): string | null => {
    const doctor: ProviderSummary | undefined = doctors.data?.find((candidate) => candidate.id === id) ?? (appointment.provider?.id === id ? appointment.provider : undefined);
    return doctor ? providerName(doctor) : null;
  };

  const initial = useMemo<EditValues>(() => ({ when: dateTimeInputInZone(appointment.date, zone), providerId: appointment.provider_id ?? '', status: appointment.status }), [appointment, zone]);
  const form = useForm<EditValues, Appointment | null>({
    initial,
    submit: async (values) => {
      const change = editedChange(appointment, { ...values, zone });
      if (!change) throw new ApiError(NOTHING_CHANGED);
      const moves = canReschedule && (change.date !== undefined || change.providerId !== undefined);
      const doctorId = change.providerId ?? appointment.provider_id;
      const startsAt = change.date ?? appointment.date;
      if (moves && !(await confirmation.mayProceed(async () => isFreeSlot(await getSupabase(), { startsAt, doctorId, zone }), outsideFreeSlotsMessage(doctorNameOf(doctorId))))) return null;
      return save.mutateAsync(change);
    },
    onSuccess: (saved) => {
      if (saved) onClose();
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
    ...(appointment.provider && !doctors.data?.some((doctor) => doctor.id === appointment.provider_id) ? [{ value: appointment.provider.id, label: providerName(appointment.provider) }] : []),
    ...(doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: providerName(doctor) })),
  ];
  const statusOptions = [appointment.status, ...(dayHasCome ? laterStatuses : [])].map((value) => ({ value, label: STATUS_LABEL[value] }));

  return (
    <>
      <p className={styles.summary}>
        {appointment.name} ({appointment.reg}) · {formatInZone(appointment.date, zone)}
      </p>
      <form className={styles.form} onSubmit={(event) => void form.handleSubmit(event)} noValidate>
        <TextField
          label="Date and time"
          type="datetime-local"
          {...bind('when')}
          disabled={!canReschedule}
          hint={canReschedule ? `Clinic time (${zone})` : 'Only a scheduled appointment can be rescheduled'}
        />
        <SelectField label="Doctor" {...bind('providerId')} options={doctorOptions} disabled={doctors.data === undefined} />
        <SelectField
          label="Status"
          {...bind('status')}
          options={statusOptions}
          disabled={statusOptions.length < 2}
          hint={laterStatuses.length > 0 && !dayHasCome ? START_ON_THE_DAY : undefined}
        />
        {confirmation.warning && <FreeSlotWarning message={confirmation.warning} onConfirm={() => confirmation.confirm(form.handleSubmit)} onDismiss={confirmation.dismiss} />}
        <QueryErrorBanner query={doctors} />
        {form.formError && <ErrorBanner message={form.formError} />}
        <DialogButtons dismiss={{ label: 'Close', onClick: onClose }} submit="Save changes" busy={form.submitting} busyLabel="Saving…" />
      </form>
    </>
  );
}

/** Reschedule, assign or move the status of an appointment (staff); times are the clinic's, whatever the browser's zone. */
export function EditAppointmentDialog({ appointment, viewerRole, onClose }: StaffDialogProps & { readonly viewerRole: Role }) {
  return (
    <Modal title="Edit appointment" open onClose={onClose}>
      <WithClinic>{(clinic) => <EditAppointmentForm appointment={appointment} viewerRole={viewerRole} zone={clinic.settings.timezone} onClose={onClose} />}</WithClinic>
    </Modal>
  );
}

export interface AppointmentDialogProps {
  readonly appointment: Appointment;
  readonly actor: AppointmentActor;
  /** The appointment's doctor as the viewer knows them ("Dr Amelia Adams", "Not assigned yet"). */
  readonly doctorName: string;
  readonly onClose: () => void;
}

interface ClinicDialogProps extends AppointmentDialogProps {
  readonly clinic: Clinic;
}

function AppointmentSummary({ appointment, actor, doctorName, clinic }: Omit<ClinicDialogProps, 'onClose'>) {
  const when = formatInZone(appointment.date, clinic.settings.timezone);
  return <p className={styles.summary}>{actor === 'student' ? `${when} · ${appointment.reason} · ${doctorName}` : `${appointment.name} (${appointment.reg}) · ${when} · ${doctorName}`}</p>;
}

/**
 * The clinic's cutoff, explained where a student would act: past it the action is disabled (the database refuses it
 * anyway) and the student is told to call the clinic. Undefined while the appointment may still be changed.
 */
function useChangeCutoff(appointment: Appointment, clinic: Clinic, actor: AppointmentActor) {
  const explanationId = useId();
  if (actor !== 'student' || !isPastChangeCutoff(clinic, appointment.date, new Date())) return undefined;
  return {
    explanation: (
      <p id={explanationId} className={styles.cutoff}>
        {changeCutoffMessage(clinic)}
      </p>
    ),
    describedBy: explanationId,
  };
}

function CancelForm({ appointment, actor, doctorName, clinic, onClose }: ClinicDialogProps) {
  const cancel = useAppointmentChange('Appointment cancelled');
  const cutoff = useChangeCutoff(appointment, clinic, actor);
  const initial = useMemo(() => ({ reason: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const reason = values.reason.trim() === '' ? CANCEL_REASON_REQUIRED : columnError(COLUMN_RULES.appointments_cancel_reason_length, values.reason);
      return reason === undefined ? {} : { reason };
    },
    submit: (values) => cancel.mutateAsync({ id: appointment.id, status: 'cancelled', cancelReason: values.reason.trim() }),
    onSuccess: onClose,
  });
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <AppointmentSummary appointment={appointment} actor={actor} doctorName={doctorName} clinic={clinic} />
      {actor === 'staff' && <p className={styles.summary}>The student sees the reason.</p>}
      {appointment.status === 'ongoing' && <p className={styles.summary}>The visit was started: its unsigned draft is discarded.</p>}
      {cutoff?.explanation}
      {form.formError && <ErrorBanner message={form.formError} />}
      {!cutoff && <TextField label="Reason for cancelling" maxLength={CANCEL_REASON_MAX_LENGTH} {...form.field('reason')} />}
      <DialogButtons
        dismiss={{ label: 'Keep appointment', onClick: onClose }}
        submit="Cancel appointment"
        busy={form.submitting}
        busyLabel="Cancelling…"
        danger
        disabled={cutoff !== undefined}
        describedBy={cutoff?.describedBy}
      />
    </form>
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

/**
 * Takes a new choice from the picker, clearing its fields' errors. A refusal stays on screen: the picker also drops a
 * time the refusal made unavailable, and the student should still read why.
 */
export function choosePickedSlot<Values extends PickedSlot>(form: Pick<Form<Values>, 'setValues' | 'setErrors'>, choice: PickedSlotChange) {
  if (choice.dropped !== undefined) {
    const gone = choice.dropped;
    form.setValues((current) => (current.startsAt === gone ? { ...current, startsAt: '' } : current));
    return;
  }
  form.setValues((current) => ({ ...current, day: choice.day, startsAt: choice.startsAt }));
  form.setErrors((current) => ({ ...current, day: undefined, startsAt: undefined }));
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

export type AppointmentDialogKind = 'reschedule' | 'cancel';

/**
 * The reschedule and cancel dialogs of a list of appointments: `open(kind, appointment)` from a row's menu, and
 * `dialog` rendered once below the list.
 */
export function useAppointmentDialogs<Row extends Appointment>(actor: AppointmentActor, doctorNameOf: (appointment: Row) => string) {
  const [opened, setOpened] = useState<{ readonly kind: AppointmentDialogKind; readonly appointment: Row } | null>(null);
  const close = () => setOpened(null);
  const Dialog = opened?.kind === 'reschedule' ? RescheduleAppointmentDialog : CancelAppointmentDialog;
  const dialog = opened && <Dialog appointment={opened.appointment} actor={actor} doctorName={doctorNameOf(opened.appointment)} onClose={close} />;
  return { open: (kind: AppointmentDialogKind, appointment: Row) => setOpened({ kind, appointment }), dialog };
}
