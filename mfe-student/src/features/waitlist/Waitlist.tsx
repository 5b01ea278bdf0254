import { useMemo } from 'react';
import {
  Button,
  ErrorBanner,
  FormFrame,
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
import type { WaitlistEntry } from './waitlistApi';
import { WAITLIST_MESSAGES, waitlistErrors, type WaitlistValues } from './waitlistForm';
import { joinWaitlistMutation, latestWaitlistEntryQuery, leaveWaitlistMutation } from './waitlistQueries';
import styles from './Waitlist.module.css';

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
  const leave = useApiMutation(leaveWaitlistMutation, { errors: 'caller' });
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
  const initial = useMemo<WaitlistValues>(() => ({ fromDay: '', toDay: '', doctorId: '' }), []);
  const form = useForm({
    initial,
    validate: waitlistErrors,
    mutation: joinWaitlistMutation,
    input: (values: WaitlistValues) => ({
      fromDay: values.fromDay,
      toDay: values.toDay,
      doctorId: values.doctorId === '' ? undefined : values.doctorId,
    }),
  });
  return (
    <FormFrame
      form={form}
      label="Tell me if an earlier time frees up"
      className={styles.form}
      submit="Tell me"
      busyLabel="Sending…"
    >
      <p className={styles.hint}>
        No time that suits you? Say which days you could come, and we email you when a time on one of them frees up.
      </p>
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
    </FormFrame>
  );
}

function WaitlistPanel({ studentId, clinic }: { readonly studentId: string; readonly clinic: Clinic }) {
  const latest = useApiQuery(latestWaitlistEntryQuery(studentId));
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
