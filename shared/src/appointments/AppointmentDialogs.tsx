import { useEffect, useState, type FormEvent } from 'react';
import type { Appointment, AppointmentStatus } from '../database.types';
import type { Role } from '../routes/contract';
import { getSupabase } from '../supabase/client';
import { notifySuccess } from '../toast/toast';
import { Button } from '../ui/Button';
import { SelectField, TextAreaField, TextField } from '../ui/FormFields';
import { Modal } from '../ui/Modal';
import { ErrorBanner } from '../ui/Page';
import {
  formatAppointmentDate,
  listDoctors,
  nextStatuses,
  providerName,
  STATUS_LABEL,
  toDateTimeLocal,
  updateAppointment,
  type AppointmentChange,
  type OverviewAppointment,
  type ProviderSummary,
} from './appointmentsApi';
import styles from './appointments.module.css';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface DialogProps {
  readonly appointment: OverviewAppointment;
  readonly onClose: () => void;
  readonly onChanged: (appointment: Appointment) => void;
}

/** The changes the edit form asks for, compared with the stored appointment; `null` when nothing changed. */
export function editedChange(appointment: Appointment, form: { readonly when: string; readonly providerId: string; readonly status: string }): AppointmentChange | null {
  const change: { date?: string; providerId?: string; status?: AppointmentStatus } = {};
  if (form.when !== '' && form.when !== toDateTimeLocal(appointment.date)) change.date = new Date(form.when).toISOString();
  if (form.providerId !== '' && form.providerId !== appointment.provider_id) change.providerId = form.providerId;
  if (form.status !== appointment.status) change.status = form.status as AppointmentStatus;
  return Object.keys(change).length === 0 ? null : change;
}

export function EditAppointmentDialog({ appointment, viewerRole, onClose, onChanged }: DialogProps & { readonly viewerRole: Role }) {
  const [doctors, setDoctors] = useState<readonly ProviderSummary[] | null>(null);
  const [when, setWhen] = useState(() => toDateTimeLocal(appointment.date));
  const [providerId, setProviderId] = useState(appointment.provider_id ?? '');
  const [status, setStatus] = useState<string>(appointment.status);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const canReschedule = appointment.status === 'scheduled';

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
  const statusOptions = [appointment.status, ...nextStatuses(appointment.status, viewerRole)].map((value) => ({ value, label: STATUS_LABEL[value] }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const change = editedChange(appointment, { when, providerId, status });
    if (!change) {
      setError('Change the date, the doctor or the status first');
      return;
    }
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

  return (
    <Modal title="Edit appointment" open onClose={onClose}>
      <p className={styles.summary}>
        {appointment.name} ({appointment.reg}) · {formatAppointmentDate(appointment.date)}
      </p>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="Date and time"
          type="datetime-local"
          value={when}
          disabled={!canReschedule}
          hint={canReschedule ? undefined : 'Only a scheduled appointment can be rescheduled'}
          onChange={(event) => setWhen(event.target.value)}
        />
        <SelectField label="Doctor" value={providerId} options={doctorOptions} disabled={doctors === null} onChange={(event) => setProviderId(event.target.value)} />
        <SelectField label="Status" value={status} options={statusOptions} disabled={statusOptions.length < 2} onChange={(event) => setStatus(event.target.value)} />
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
