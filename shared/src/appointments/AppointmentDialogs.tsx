import { useEffect, useState, type FormEvent } from 'react';
import type { Appointment, AppointmentStatus } from '../database.types';
import type { Role } from '../routes/contract';
import { isFreeSlot } from '../scheduling/slotCheck';
import { useClinic } from '../scheduling/useClinic';
import { dateTimeInputInZone, momentFromDateTimeInput } from '../scheduling/wallClock';
import { formatInZone } from '../scheduling/zonedTime';
import { getSupabase } from '../supabase/client';
import { notifySuccess } from '../toast/toast';
import { Button } from '../ui/Button';
import { SelectField, TextAreaField, TextField } from '../ui/FormFields';
import { Modal } from '../ui/Modal';
import { ErrorBanner, LoadingState } from '../ui/Page';
import {
  formatAppointmentDate,
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
import { FreeSlotWarning, outsideFreeSlotsMessage } from './FreeSlotWarning';
import styles from './appointments.module.css';

// Part of the package through this module, which its index lists: the doctor's reschedule dialog warns the same way.
export { FreeSlotWarning, outsideFreeSlotsMessage };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface DialogProps {
  readonly appointment: OverviewAppointment;
  readonly onClose: () => void;
  readonly onChanged: (appointment: Appointment) => void;
}

interface EditForm {
  /** A `datetime-local` value on the clinic's clock. */
  readonly when: string;
  readonly providerId: string;
  readonly status: string;
  /** The clinic's time zone, the one `when` is read in. */
  readonly zone: string;
}

/** The changes the edit form asks for, compared with the stored appointment; `null` when nothing changed. */
export function editedChange(appointment: Appointment, form: EditForm): AppointmentChange | null {
  const change: { date?: string; providerId?: string; status?: AppointmentStatus } = {};
  const moment = form.when === dateTimeInputInZone(appointment.date, form.zone) ? null : momentFromDateTimeInput(form.when, form.zone);
  if (moment) change.date = moment;
  if (form.providerId !== '' && form.providerId !== appointment.provider_id) change.providerId = form.providerId;
  if (form.status !== appointment.status) change.status = form.status as AppointmentStatus;
  return Object.keys(change).length === 0 ? null : change;
}

interface Unconfirmed {
  readonly change: AppointmentChange;
  readonly message: string;
}

function EditAppointmentForm({ appointment, viewerRole, zone, onClose, onChanged }: DialogProps & { readonly viewerRole: Role; readonly zone: string }) {
  const [doctors, setDoctors] = useState<readonly ProviderSummary[] | null>(null);
  const [when, setWhen] = useState(() => dateTimeInputInZone(appointment.date, zone));
  const [providerId, setProviderId] = useState(appointment.provider_id ?? '');
  const [status, setStatus] = useState<string>(appointment.status);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);
  const canReschedule = appointment.status === 'scheduled';
  const laterStatuses = nextStatuses(appointment.status, viewerRole);
  const dayHasCome = visitDayHasCome(appointment.date, zone);

  useEffect(() => {
    let current = true;
    getSupabase()
      .then(listDoctors)
      .then(
        (rows) => current && setDoctors(rows),
        (loadError: unknown) => current && setError(`Could not load the doctors: ${messageOf(loadError)}`),
      );
    return () => {
      current = false;
    };
  }, []);

  const doctorOptions = [
    ...(appointment.provider_id ? [] : [{ value: '', label: 'Unassigned' }]),
    ...(appointment.provider && !doctors?.some((doctor) => doctor.id === appointment.provider_id) ? [{ value: appointment.provider.id, label: providerName(appointment.provider) }] : []),
    ...(doctors ?? []).map((doctor) => ({ value: doctor.id, label: providerName(doctor) })),
  ];
  const statusOptions = [appointment.status, ...(dayHasCome ? laterStatuses : [])].map((value) => ({ value, label: STATUS_LABEL[value] }));
  const doctorNamed = (id: string | null): ProviderSummary | null => doctors?.find((doctor) => doctor.id === id) ?? (appointment.provider?.id === id ? appointment.provider : null);

  const persist = async (change: AppointmentChange) => {
    setUnconfirmed(null);
    setSaving(true);
    setError(null);
    try {
      const updated = await updateAppointment(await getSupabase(), appointment.id, change);
      notifySuccess('Appointment updated');
      onChanged(updated);
      onClose();
    } catch (saveError) {
      setError(messageOf(saveError));
      setSaving(false);
    }
  };

  /** Whether the new time (or doctor) is one of the free slots; staff are warned, not stopped, when it is not. */
  const offeredAsFree = async (change: AppointmentChange): Promise<boolean> => {
    const doctorId = change.providerId ?? appointment.provider_id;
    return isFreeSlot(await getSupabase(), { startsAt: change.date ?? appointment.date, doctorId, zone });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setUnconfirmed(null);
    const change = editedChange(appointment, { when, providerId, status, zone });
    if (!change) {
      setError('Change the date, the doctor or the status first');
      return;
    }
    if (canReschedule && (change.date || change.providerId)) {
      setSaving(true);
      setError(null);
      try {
        if (!(await offeredAsFree(change))) {
          setUnconfirmed({ change, message: outsideFreeSlotsMessage(doctorNamed(change.providerId ?? appointment.provider_id)) });
          setSaving(false);
          return;
        }
      } catch (checkError) {
        setError(`Could not check the free times: ${messageOf(checkError)}`);
        setSaving(false);
        return;
      }
    }
    await persist(change);
  };

  /** Editing any field after a warning asks again on the next save: the warning was about the old choice. */
  const edit = <Value,>(set: (value: Value) => void, value: Value) => {
    set(value);
    setUnconfirmed(null);
  };

  return (
    <>
      <p className={styles.summary}>
        {appointment.name} ({appointment.reg}) · {formatInZone(appointment.date, zone)}
      </p>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="Date and time"
          type="datetime-local"
          value={when}
          disabled={!canReschedule}
          hint={canReschedule ? `Clinic time (${zone})` : 'Only a scheduled appointment can be rescheduled'}
          onChange={(event) => edit(setWhen, event.target.value)}
        />
        <SelectField label="Doctor" value={providerId} options={doctorOptions} disabled={doctors === null} onChange={(event) => edit(setProviderId, event.target.value)} />
        <SelectField
          label="Status"
          value={status}
          options={statusOptions}
          disabled={statusOptions.length < 2}
          hint={laterStatuses.length > 0 && !dayHasCome ? 'Start and Complete are offered on the day of the visit' : undefined}
          onChange={(event) => edit(setStatus, event.target.value)}
        />
        {unconfirmed && <FreeSlotWarning message={unconfirmed.message} onConfirm={() => void persist(unconfirmed.change)} onDismiss={() => setUnconfirmed(null)} />}
        {error && <ErrorBanner message={error} />}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
    </>
  );
}

/** Reschedule, assign or move the status of an appointment; times are the clinic's, whatever the browser's zone. */
export function EditAppointmentDialog({ appointment, viewerRole, onClose, onChanged }: DialogProps & { readonly viewerRole: Role }) {
  const { state, reload } = useClinic();
  return (
    <Modal title="Edit appointment" open onClose={onClose}>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorBanner message={`Could not load the clinic: ${state.message}`} onRetry={reload} />}
      {state.status === 'ready' && (
        <EditAppointmentForm appointment={appointment} viewerRole={viewerRole} zone={state.clinic.settings.timezone} onClose={onClose} onChanged={onChanged} />
      )}
    </Modal>
  );
}

export function CancelAppointmentDialog({ appointment, onClose, onChanged }: DialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError('Give a reason for cancelling the appointment');
      return;
    }
    setReasonError(undefined);
    setSaving(true);
    setError(null);
    try {
      const updated = await updateAppointment(await getSupabase(), appointment.id, { status: 'cancelled', cancelReason: reason.trim() });
      notifySuccess('Appointment cancelled');
      onChanged(updated);
      onClose();
    } catch (saveError) {
      setError(messageOf(saveError));
      setSaving(false);
    }
  };

  return (
    <Modal title="Cancel appointment" open onClose={onClose}>
      <p className={styles.summary}>
        Cancel {appointment.name}&apos;s appointment on {formatAppointmentDate(appointment.date)}? The student sees the reason.
      </p>
      <form className={styles.form} onSubmit={(event) => void confirm(event)} noValidate>
        <TextAreaField label="Reason for cancelling" rows={3} maxLength={500} value={reason} error={reasonError} onChange={(event) => setReason(event.target.value)} />
        {error && <ErrorBanner message={error} />}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            Keep appointment
          </Button>
          <Button type="submit" variant="danger" disabled={saving}>
            {saving ? 'Cancelling…' : 'Cancel appointment'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
