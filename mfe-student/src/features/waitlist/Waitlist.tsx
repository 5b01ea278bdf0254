import { useMemo } from 'react';
import {
  Button,
  ErrorBanner,
  type FieldErrors,
  MESSAGES,
  QueryView,
  Section,
  SelectField,
  TextField,
  useApiMutation,
  useApiQuery,
  useForm,
} from '@campuscare/shared';
import {
  bookableDays,
  providerName,
  type ProviderSummary,
  useDoctors,
  WithClinic,
} from '@campuscare/shared/appointments';
import { type Clinic, formatDayRange } from '@campuscare/shared/scheduling';
import { joinWaitlist, leaveWaitlist, loadLatestWaitlistEntry, WAITLIST_KEY, type WaitlistEntry } from './waitlistApi';
import styles from './Waitlist.module.css';

export const WAITLIST_MESSAGES = {
  joined: 'You are on the waitlist: we will email you when a time frees up',
  left: 'You have left the waitlist',
  lastDayBeforeFirst: 'The last day cannot come before the first',
  endedByBooking: 'Your last request ended when you booked a visit on those days.',
} as const;

interface WaitlistValues {
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly fromDay: string;
  readonly toDay: string;
  /** '' for any doctor. */
  readonly doctorId: string;
}

function waitlistErrors(values: WaitlistValues): FieldErrors<WaitlistValues> {
  if (values.fromDay === '') return { fromDay: MESSAGES.required };
  if (values.toDay === '') return { toDay: MESSAGES.required };
  if (values.toDay < values.fromDay) return { toDay: WAITLIST_MESSAGES.lastDayBeforeFirst };
  return {};
}

/** "Mon, 7 Dec 2026 – Fri, 11 Dec 2026, with Dr Amelia Adams": what an open request waits for. */
function describeRequest(entry: WaitlistEntry, doctors: readonly ProviderSummary[]): string {
  const days = formatDayRange(entry.from_day, entry.to_day);
  if (entry.provider_id === null) return `${days}, with any doctor`;
  const doctor = doctors.find((candidate) => candidate.id === entry.provider_id);
  return doctor ? `${days}, with ${providerName(doctor)}` : `${days}, with the doctor you chose`;
}

function OpenRequest({
  entry,
  doctors,
}: {
  readonly entry: WaitlistEntry;
  readonly doctors: readonly ProviderSummary[];
}) {
  const leave = useApiMutation(leaveWaitlist, {
    invalidates: [WAITLIST_KEY],
    success: WAITLIST_MESSAGES.left,
    errors: 'caller',
  });
  return (
    <div className={styles.request}>
      <p>
        You asked to hear of an earlier time: <strong>{describeRequest(entry, doctors)}</strong>. We email you when one
        frees up; the first to book it gets it.
      </p>
      {leave.error && <ErrorBanner message={leave.error.message} />}
      <Button
        variant="secondary"
        className={styles.leave}
        disabled={leave.isPending}
        onClick={() => leave.mutate(undefined)}
      >
        {leave.isPending ? 'Leaving…' : 'Leave the waitlist'}
      </Button>
    </div>
  );
}

function WaitlistForm({ clinic, doctors }: { readonly clinic: Clinic; readonly doctors: readonly ProviderSummary[] }) {
  const { first, last } = bookableDays(clinic.settings.timezone, new Date());
  const join = useApiMutation(joinWaitlist, { invalidates: [WAITLIST_KEY], errors: 'caller' });
  const initial = useMemo<WaitlistValues>(() => ({ fromDay: '', toDay: '', doctorId: '' }), []);
  const form = useForm({
    initial,
    validate: waitlistErrors,
    submit: (values) =>
      join.mutateAsync({
        fromDay: values.fromDay,
        toDay: values.toDay,
        doctorId: values.doctorId === '' ? undefined : values.doctorId,
      }),
    successMessage: WAITLIST_MESSAGES.joined,
  });
  return (
    <form
      aria-label="Tell me if an earlier time frees up"
      className={styles.form}
      noValidate
      onSubmit={(event) => void form.handleSubmit(event)}
    >
      <p className={styles.hint}>
        No time that suits you? Say which days you could come, and we email you when a time on one of them frees up.
      </p>
      {form.formError && <ErrorBanner message={form.formError} />}
      <div className={styles.fields}>
        <TextField label="First day" type="date" min={first} max={last} {...form.field('fromDay')} />
        <TextField
          label="Last day"
          type="date"
          min={form.values.fromDay || first}
          max={last}
          {...form.field('toDay')}
        />
        <SelectField
          label="Doctor"
          options={[
            { value: '', label: 'Any doctor' },
            ...doctors.map((doctor) => ({ value: doctor.id, label: providerName(doctor) })),
          ]}
          {...form.field('doctorId')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Tell me'}
        </Button>
      </div>
    </form>
  );
}

function WaitlistPanel({ studentId, clinic }: { readonly studentId: string; readonly clinic: Clinic }) {
  const latest = useApiQuery([...WAITLIST_KEY, studentId], (client) => loadLatestWaitlistEntry(client, studentId));
  const doctors = useDoctors('bookable').data ?? [];
  return (
    <QueryView query={latest} loadingLabel="Loading your waitlist request…">
      {(entry) =>
        entry !== null && entry.ended_at === null ? (
          <OpenRequest entry={entry} doctors={doctors} />
        ) : (
          <>
            {entry?.end_reason === 'booked' && <p className={styles.ended}>{WAITLIST_MESSAGES.endedByBooking}</p>}
            <WaitlistForm clinic={clinic} doctors={doctors} />
          </>
        )
      }
    </QueryView>
  );
}

/**
 * "Tell me if an earlier time frees up": the student's request to be emailed when a booked time on the days they name
 * frees (optionally with one doctor), and a way to leave. It ends by itself once they book a visit on those days.
 */
export function Waitlist({ studentId }: { readonly studentId: string }) {
  return (
    <Section title="Tell me if an earlier time frees up">
      <WithClinic loadingLabel="Loading the clinic’s calendar…">
        {(clinic) => <WaitlistPanel studentId={studentId} clinic={clinic} />}
      </WithClinic>
    </Section>
  );
}
