import { useState, type FormEvent } from 'react';
import type { DoctorTimeOff } from '../database.types';
import { notifySuccess } from '../toast/toast';
import { Button } from '../ui/Button';
import { TextField } from '../ui/FormFields';
import { ErrorBanner } from '../ui/Page';
import { hasErrors, type FieldErrors } from '../validation/schemas';
import { describeTimeOff, TIME_OFF_REASON_MAX_LENGTH, timeOffFormErrors, timeOffMoments, type TimeOffFormValues } from './timeOff';
import styles from './scheduling.module.css';

export interface NewTimeOff {
  /** ISO moments. */
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason: string;
}

export interface TimeOffListProps {
  /** The clinic's time zone: days and times are entered and shown on its clock. */
  readonly zone: string;
  readonly entries: readonly DoctorTimeOff[];
  /** Stores new time off; throws with a message for people when it is refused. */
  readonly onAdd: (timeOff: NewTimeOff) => Promise<void>;
  readonly onRemove: (entry: DoctorTimeOff) => Promise<void>;
}

const EMPTY_FORM: TimeOffFormValues = { firstDay: '', lastDay: '', wholeDays: true, from: '09:00', until: '13:00', reason: '' };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A doctor's upcoming time off, each removable, and a form to add more. */
export function TimeOffList({ zone, entries, onAdd, onRemove }: TimeOffListProps) {
  const [values, setValues] = useState<TimeOffFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors<TimeOffFormValues>>({});
  const [saving, setSaving] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const edit = (patch: Partial<TimeOffFormValues>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      // Most time off is a single day: the last day follows the first until it is chosen later.
      if (patch.firstDay !== undefined && (current.lastDay === '' || current.lastDay < patch.firstDay)) return { ...next, lastDay: patch.firstDay };
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof TimeOffFormValues)[]) delete next[key];
      return next;
    });
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = timeOffFormErrors(values, zone);
    setErrors(fieldErrors);
    setAddError(null);
    if (hasErrors(fieldErrors)) return;
    setSaving(true);
    try {
      await onAdd({ ...timeOffMoments(values, zone), reason: values.reason.trim() });
      notifySuccess('Time off added');
      setValues(EMPTY_FORM);
    } catch (error) {
      setAddError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (entry: DoctorTimeOff) => {
    setRemovingId(entry.id);
    setRemoveError(null);
    try {
      await onRemove(entry);
      notifySuccess('Time off removed');
    } catch (error) {
      setRemoveError(messageOf(error));
    } finally {
      setRemovingId(null);
    }
  };

  return (
    <div className={styles.part}>
      {entries.length === 0 ? (
        <p className={styles.hint}>No time off planned.</p>
      ) : (
        <ul aria-label="Upcoming time off" className={styles.list}>
          {entries.map((entry) => {
            const when = describeTimeOff(entry, zone);
            return (
              <li key={entry.id} className={styles.listItem}>
                <span>
                  {when}
                  {entry.reason && ` · ${entry.reason}`}
                </span>
                <Button variant="secondary" aria-label={`Remove time off ${when}`} disabled={removingId === entry.id} onClick={() => void remove(entry)}>
                  {removingId === entry.id ? 'Removing…' : 'Remove'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {removeError && <ErrorBanner message={removeError} />}
      <form className={styles.form} aria-label="Add time off" onSubmit={(event) => void add(event)} noValidate>
        <div className={styles.row}>
          <TextField label="First day" type="date" value={values.firstDay} error={errors.firstDay} onChange={(event) => edit({ firstDay: event.target.value })} />
          <TextField label="Last day" type="date" value={values.lastDay} error={errors.lastDay} onChange={(event) => edit({ lastDay: event.target.value })} />
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={values.wholeDays} onChange={(event) => edit({ wholeDays: event.target.checked })} />
          Whole days
        </label>
        {!values.wholeDays && (
          <div className={styles.row}>
            <TextField label="From" type="time" hint="On the first day" value={values.from} error={errors.from} onChange={(event) => edit({ from: event.target.value })} />
            <TextField label="Until" type="time" hint="On the last day" value={values.until} error={errors.until} onChange={(event) => edit({ until: event.target.value })} />
          </div>
        )}
        <TextField label="Reason (optional)" maxLength={TIME_OFF_REASON_MAX_LENGTH} value={values.reason} error={errors.reason} onChange={(event) => edit({ reason: event.target.value })} />
        {addError && <ErrorBanner message={addError} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add time off'}
          </Button>
        </div>
      </form>
    </div>
  );
}
