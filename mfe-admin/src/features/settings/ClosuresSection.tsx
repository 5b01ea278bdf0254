import { useState, type FormEvent } from 'react';
import { Button, dayInZone, ErrorBanner, formatShortDay, getSupabase, hasErrors, notifySuccess, TextField, type ClinicClosure, type FieldErrors } from '@campuscare/shared';
import { addClosure, removeClosure } from './clinicSettingsApi';
import { CLOSURE_REASON_MAX_LENGTH, validateClosure, type ClosureValues } from './clinicRules';
import styles from './settings.module.css';

interface ClosuresSectionProps {
  readonly universityId: string;
  readonly zone: string;
  /** Closures that have not ended yet. */
  readonly closures: readonly ClinicClosure[];
  readonly canEdit: boolean;
  readonly onChanged: () => void;
}

const EMPTY_CLOSURE: ClosureValues = { firstDay: '', lastDay: '', reason: '' };

function describeClosure(closure: ClinicClosure): string {
  return closure.starts_on === closure.ends_on ? formatShortDay(closure.starts_on) : `${formatShortDay(closure.starts_on)} – ${formatShortDay(closure.ends_on)}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Holidays and other days the clinic is shut: listed, removable and added by super admins. */
export function ClosuresSection({ universityId, zone, closures, canEdit, onChanged }: ClosuresSectionProps) {
  const [values, setValues] = useState<ClosureValues>(EMPTY_CLOSURE);
  const [errors, setErrors] = useState<FieldErrors<ClosureValues>>({});
  const [saving, setSaving] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const edit = (name: keyof ClosureValues, value: string) => {
    setValues((current) => {
      // A closure is most often one day: the last day follows the first until it is chosen later.
      if (name === 'firstDay' && (current.lastDay === '' || current.lastDay < value)) return { ...current, firstDay: value, lastDay: value };
      return { ...current, [name]: value };
    });
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = validateClosure(values, dayInZone(new Date(), zone));
    setErrors(fieldErrors);
    setAddError(null);
    if (hasErrors(fieldErrors)) return;
    setSaving(true);
    try {
      await addClosure(await getSupabase(), { universityId, ...values });
      notifySuccess('Closure added');
      setValues(EMPTY_CLOSURE);
      onChanged();
    } catch (error) {
      setAddError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (closure: ClinicClosure) => {
    setRemovingId(closure.id);
    setRemoveError(null);
    try {
      await removeClosure(await getSupabase(), closure.id);
      notifySuccess('Closure removed');
      onChanged();
    } catch (error) {
      setRemoveError(messageOf(error));
    } finally {
      setRemovingId(null);
    }
  };

  return (
    <>
      {closures.length === 0 ? (
        <p className={styles.hint}>No closures planned.</p>
      ) : (
        <ul aria-label="Upcoming closures" className={styles.list}>
          {closures.map((closure) => {
            const when = describeClosure(closure);
            return (
              <li key={closure.id} className={styles.listItem}>
                <span>
                  {when} · {closure.reason}
                </span>
                {canEdit && (
                  <Button variant="secondary" aria-label={`Remove closure ${when}`} disabled={removingId === closure.id} onClick={() => void remove(closure)}>
                    {removingId === closure.id ? 'Removing…' : 'Remove'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {removeError && <ErrorBanner message={removeError} />}
      {canEdit && (
        <form className={styles.form} aria-label="Add a closure" onSubmit={(event) => void add(event)} noValidate>
          <div className={styles.row}>
            <TextField label="First day" type="date" value={values.firstDay} error={errors.firstDay} onChange={(event) => edit('firstDay', event.target.value)} />
            <TextField label="Last day" type="date" value={values.lastDay} error={errors.lastDay} onChange={(event) => edit('lastDay', event.target.value)} />
          </div>
          <TextField label="Reason" maxLength={CLOSURE_REASON_MAX_LENGTH} value={values.reason} error={errors.reason} onChange={(event) => edit('reason', event.target.value)} />
          {addError && <ErrorBanner message={addError} />}
          <div className={styles.buttons}>
            <Button type="submit" disabled={saving}>
              {saving ? 'Adding…' : 'Add closure'}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
