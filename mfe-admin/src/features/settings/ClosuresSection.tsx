import {
  Button,
  type ClinicClosure,
  FormFrame,
  runApiMutation,
  TextField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import { useAffectedVisitsCheck } from '@campuscare/shared/appointments';
import { dayInZone, formatDayRange } from '@campuscare/shared/scheduling';
import { addClosureMutation, removeClosureMutation } from './clinicSettingsQueries';
import { CLOSURE_REASON_MAX_LENGTH, validateClosure, type ClosureValues } from './clinicRules';
import styles from './settings.module.css';

interface ClosuresSectionProps {
  readonly zone: string;
  /** Closures that have not ended yet. */
  readonly closures: readonly ClinicClosure[];
  readonly canEdit: boolean;
}

const EMPTY_CLOSURE: ClosureValues = { firstDay: '', lastDay: '', reason: '' };

/** Holidays and other days the clinic is shut: listed, removable and added by super admins. */
export function ClosuresSection({ zone, closures, canEdit }: ClosuresSectionProps) {
  const affectedVisits = useAffectedVisitsCheck('Add the closure');
  const remove = useApiMutation(removeClosureMutation);
  const form = useForm({
    initial: EMPTY_CLOSURE,
    validate: (values) => validateClosure(values, dayInZone(new Date(), zone)),
    submit: async (values) => {
      if (!(await affectedVisits.confirm({ kind: 'closure', starts_on: values.firstDay, ends_on: values.lastDay })))
        return false;
      await runApiMutation(addClosureMutation, values);
      return true;
    },
    // Kept as typed when staff went back from the visits it affects.
    onSuccess: (added) => {
      if (added) form.reset();
    },
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
            const when = formatDayRange(closure.starts_on, closure.ends_on);
            return (
              <li key={closure.id} className={styles.listItem}>
                <span>
                  {when} · {closure.reason}
                </span>
                {canEdit && (
                  <Button
                    variant="secondary"
                    aria-label={`Remove closure ${when}`}
                    disabled={removingId === closure.id}
                    onClick={() => remove.mutate(closure.id)}
                  >
                    {removingId === closure.id ? 'Removing…' : 'Remove'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canEdit && (
        <FormFrame form={form} className={styles.form} label="Add a closure" submit="Add closure" busyLabel="Adding…">
          <div className={styles.row}>
            <TextField
              label="First day"
              type="date"
              {...form.field('firstDay')}
              onChange={(event) => setFirstDay(event.target.value)}
            />
            <TextField label="Last day" type="date" {...form.field('lastDay')} />
          </div>
          <TextField label="Reason" maxLength={CLOSURE_REASON_MAX_LENGTH} {...form.field('reason')} />
        </FormFrame>
      )}
      {affectedVisits.dialog}
    </>
  );
}
