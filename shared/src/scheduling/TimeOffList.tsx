import {
  Button,
  type DoctorTimeOff,
  FormFrame,
  runApiMutation,
  TextField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import type { DoctorRef } from './availabilityApi';
import { addTimeOffMutation, removeTimeOffMutation } from './availabilityQueries';
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

/** A doctor's upcoming time off, each removable, and a form to add more. */
export function TimeOffList({ doctor, zone, entries, confirmChange }: TimeOffListProps) {
  const remove = useApiMutation(removeTimeOffMutation);
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
      await runApiMutation(addTimeOffMutation, { doctor, startsAt, endsAt, reason: values.reason });
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
                  onClick={() => remove.mutate(entry.id)}
                >
                  {removingId === entry.id ? 'Removing…' : 'Remove'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FormFrame form={form} className={styles.form} label="Add time off" submit="Add time off" busyLabel="Adding…">
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
      </FormFrame>
    </div>
  );
}
