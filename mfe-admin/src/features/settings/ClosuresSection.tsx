import { Button, type ClinicClosure, ErrorBanner, TextField, useApiMutation, useForm } from '@campuscare/shared';
import { dayInZone, formatShortDay } from '@campuscare/shared/scheduling';
import { addClosure, CLINIC_CHANGES, removeClosure } from './clinicSettingsApi';
import { CLOSURE_REASON_MAX_LENGTH, validateClosure, type ClosureValues } from './clinicRules';
import styles from './settings.module.css';

interface ClosuresSectionProps {
  readonly zone: string;
  /** Closures that have not ended yet. */
  readonly closures: readonly ClinicClosure[];
  readonly canEdit: boolean;
}

const EMPTY_CLOSURE: ClosureValues = { firstDay: '', lastDay: '', reason: '' };

function describeClosure(closure: ClinicClosure): string {
  return closure.starts_on === closure.ends_on ? formatShortDay(closure.starts_on) : `${formatShortDay(closure.starts_on)} – ${formatShortDay(closure.ends_on)}`;
}

/** Holidays and other days the clinic is shut: listed, removable and added by super admins. */
export function ClosuresSection({ zone, closures, canEdit }: ClosuresSectionProps) {
  const add = useApiMutation(addClosure, { invalidates: CLINIC_CHANGES, errors: 'caller' });
  const remove = useApiMutation(removeClosure, { invalidates: CLINIC_CHANGES, success: 'Closure removed' });
  const form = useForm({
    initial: EMPTY_CLOSURE,
    validate: (values) => validateClosure(values, dayInZone(new Date(), zone)),
    submit: (values) => add.mutateAsync(values),
    successMessage: 'Closure added',
    resetOnSuccess: true,
  });
  const removingId = remove.isPending ? remove.variables : null;

  const setFirstDay = (firstDay: string) => {
    form.setValue('firstDay', firstDay);
    // A closure is most often one day: the last day follows the first until it is chosen later.
    if (form.values.lastDay === '' || form.values.lastDay < firstDay) form.setValue('lastDay', firstDay);
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
                  <Button variant="secondary" aria-label={`Remove closure ${when}`} disabled={removingId === closure.id} onClick={() => remove.mutate(closure.id)}>
                    {removingId === closure.id ? 'Removing…' : 'Remove'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canEdit && (
        <form className={styles.form} aria-label="Add a closure" onSubmit={(event) => void form.handleSubmit(event)} noValidate>
          <div className={styles.row}>
            <TextField label="First day" type="date" {...form.field('firstDay')} onChange={(event) => setFirstDay(event.target.value)} />
            <TextField label="Last day" type="date" {...form.field('lastDay')} />
          </div>
          <TextField label="Reason" maxLength={CLOSURE_REASON_MAX_LENGTH} {...form.field('reason')} />
          {form.formError && <ErrorBanner message={form.formError} />}
          <div className={styles.buttons}>
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? 'Adding…' : 'Add closure'}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
