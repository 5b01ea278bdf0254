import {
  Button,
  type DoctorTimeOff,
  ErrorBanner,
  queryKeys,
  TextField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import { addTimeOff, removeTimeOff, type DoctorRef } from './availabilityApi';
import type { ConfirmVisitsChange } from './visitsChange';
import {
  describeTimeOff,
  TIME_OFF_REASON_MAX_LENGTH,
  timeOffFormErrors,
  timeOffMoments,
  type TimeOffFormValues,
} from './timeOff';
import styles from './scheduling.module.css';

interface TimeOffListProps {
  readonly doctor: DoctorRef;
  /** The clinic's time zone: days and times are entered and shown on its clock. */
  readonly zone: string;
  readonly entries: readonly DoctorTimeOff[];
  /** Asked before time off is added: it can leave booked visits without their doctor. */
  readonly confirmChange?: ConfirmVisitsChange;
}

const EMPTY_FORM: TimeOffFormValues = {
  firstDay: '',
  lastDay: '',
  wholeDays: true,
  from: '09:00',
  until: '13:00',
  reason: '',
};
/** Time off changes the doctor's availability and the free slots students are offered. */
const TIME_OFF_CHANGES = [queryKeys.availability, queryKeys.slots] as const;

/** A doctor's upcoming time off, each removable, and a form to add more. */
export function TimeOffList({ doctor, zone, entries, confirmChange }: TimeOffListProps) {
  const add = useApiMutation(
    (client, values: TimeOffFormValues) =>
      addTimeOff(client, { doctor, ...timeOffMoments(values, zone), reason: values.reason }),
    {
      invalidates: TIME_OFF_CHANGES,
      errors: 'caller',
      success: 'Time off added',
    },
  );
  const remove = useApiMutation((client, entry: DoctorTimeOff) => removeTimeOff(client, entry.id), {
    invalidates: TIME_OFF_CHANGES,
    success: 'Time off removed',
  });
  const form = useForm({
    initial: EMPTY_FORM,
    validate: (values) => timeOffFormErrors(values, zone),
    submit: async (values) => {
      const { startsAt, endsAt } = timeOffMoments(values, zone);
      if (
        confirmChange &&
        !(await confirmChange({ kind: 'time_off', doctor_id: doctor.id, starts_at: startsAt, ends_at: endsAt }))
      )
        return false;
      await add.mutateAsync(values);
      return true;
    },
    // Kept as typed when staff went back from the visits it affects.
    onSuccess: (added) => {
      if (added) form.reset();
    },
  });
  const removingId = remove.isPending ? remove.variables.id : null;

  const setFirstDay = (firstDay: string) => {
    form.setValue('firstDay', firstDay);
    // Most time off is a single day: the last day follows the first until it is chosen later.
    if (form.values.lastDay === '' || form.values.lastDay < firstDay) form.setValue('lastDay', firstDay);
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
                <Button
                  variant="secondary"
                  aria-label={`Remove time off ${when}`}
                  disabled={removingId === entry.id}
                  onClick={() => remove.mutate(entry)}
                >
                  {removingId === entry.id ? 'Removing…' : 'Remove'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className={styles.form}
        aria-label="Add time off"
        onSubmit={(event) => void form.handleSubmit(event)}
        noValidate
      >
        <div className={styles.row}>
          <TextField
            label="First day"
            type="date"
            {...form.field('firstDay')}
            onChange={(event) => setFirstDay(event.target.value)}
          />
          <TextField label="Last day" type="date" {...form.field('lastDay')} />
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form.values.wholeDays}
            onChange={(event) => form.setValue('wholeDays', event.target.checked)}
          />
          Whole days
        </label>
        {!form.values.wholeDays && (
          <div className={styles.row}>
            <TextField label="From" type="time" hint="On the first day" {...form.field('from')} />
            <TextField label="Until" type="time" hint="On the last day" {...form.field('until')} />
          </div>
        )}
        <TextField label="Reason (optional)" maxLength={TIME_OFF_REASON_MAX_LENGTH} {...form.field('reason')} />
        {form.formError && <ErrorBanner message={form.formError} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Adding…' : 'Add time off'}
          </Button>
        </div>
      </form>
    </div>
  );
}
