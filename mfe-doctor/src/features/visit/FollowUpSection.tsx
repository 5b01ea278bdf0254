import { useMemo, useState } from 'react';
import { type Column, DataTable, FormFrame, QueryView, SelectField, useApiQuery, useForm } from '@campuscare/shared';
import { appointmentTimeColumn, type OverviewAppointment, providerName } from '@campuscare/shared/appointments';
import type { VisitRecord } from '@campuscare/shared/clinical';
import { dayInZone, formatDay, type FreeSlot, momentInZone, timeInZone } from '@campuscare/shared/scheduling';
import { FOLLOW_UP_DAYS, followUpMutation, followUpSlotsQuery, upcomingVisitsQuery } from './visitQueries';
import styles from './visit.module.css';

const FOLLOW_UP_MESSAGES = { day: 'Choose a day', startsAt: 'Choose one of the free times' } as const;

interface FollowUpValues {
  readonly day: string;
  readonly startsAt: string;
}

const EMPTY_CHOICE: FollowUpValues = { day: '', startsAt: '' };

const upcomingColumns = (zone: string): readonly Column<OverviewAppointment>[] => [
  appointmentTimeColumn(zone),
  { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
  { key: 'doctor', header: 'Doctor', render: (appointment) => providerName(appointment.provider) },
];

function minutesOf(slot: FreeSlot): number {
  return Math.round((Date.parse(slot.endsAt) - Date.parse(slot.startsAt)) / 60_000);
}

/** The free times of the visit's doctor over the coming two weeks, by day; one of them is booked as the follow-up. */
function FollowUpForm({
  visit,
  zone,
  slots,
}: {
  readonly visit: VisitRecord;
  readonly zone: string;
  readonly slots: readonly FreeSlot[];
}) {
  const byDay = useMemo(() => {
    const days = new Map<string, FreeSlot[]>();
    for (const slot of slots) {
      const day = dayInZone(slot.startsAt, zone);
      days.set(day, [...(days.get(day) ?? []), slot]);
    }
    return days;
  }, [slots, zone]);
  const form = useForm({
    initial: EMPTY_CHOICE,
    validate: (values: FollowUpValues) => ({
      ...(values.day === '' ? { day: FOLLOW_UP_MESSAGES.day } : {}),
      ...(values.startsAt === '' ? { startsAt: FOLLOW_UP_MESSAGES.startsAt } : {}),
    }),
    mutation: followUpMutation(zone),
    input: (values: FollowUpValues) => {
      const slot = slots.find((candidate) => candidate.startsAt === values.startsAt);
      return {
        visitId: visit.id,
        date: values.startsAt,
        durationMinutes: slot ? minutesOf(slot) : visit.duration_minutes,
      };
    },
    resetOnSuccess: true,
  });
  const day = form.field('day');
  const times = byDay.get(form.values.day) ?? [];
  if (slots.length === 0)
    return <p className={styles.muted}>The visit’s doctor has no free times in the next {FOLLOW_UP_DAYS} days.</p>;
  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Book a follow-up"
      submit="Book follow-up"
      busyLabel="Booking…"
    >
      <div className={styles.fieldGrid}>
        <SelectField
          label="Day"
          options={[
            { value: '', label: 'Choose a day' },
            ...[...byDay.entries()].map(([value, free]) => ({
              value,
              label: `${formatDay(value)} (${free.length} free)`,
            })),
          ]}
          {...day}
          onChange={(event) => {
            day.onChange(event);
            form.setValue('startsAt', '');
          }}
        />
        <SelectField
          label="Time"
          hint={`The clinic's clock (${zone})`}
          disabled={times.length === 0}
          options={[
            { value: '', label: form.values.day === '' ? 'Choose a day first' : 'Choose a time' },
            ...times.map((slot) => ({ value: slot.startsAt, label: timeInZone(slot.startsAt, zone) })),
          ]}
          {...form.field('startsAt')}
        />
      </div>
    </FormFrame>
  );
}

/** Books the student's follow-up with the visit's doctor at a free time, and lists the student's coming visits. */
export function FollowUpSection({ visit, zone }: { readonly visit: VisitRecord; readonly zone: string }) {
  const doctorId = visit.doctor_id;
  const [today] = useState(() => dayInZone(new Date(), zone));
  const [from] = useState(() => momentInZone(today, '00:00', zone));
  const slots = useApiQuery(followUpSlotsQuery(doctorId ?? '', today), { enabled: doctorId !== null });
  const upcoming = useApiQuery(upcomingVisitsQuery(visit.student_id, from));
  return (
    <div className={styles.stack}>
      <QueryView query={upcoming} loadingLabel="Loading the student's coming visits…">
        {(appointments) => (
          <DataTable
            caption="The student's coming visits"
            columns={upcomingColumns(zone)}
            rows={appointments}
            rowKey={(appointment) => appointment.id}
            emptyMessage="No visits booked yet"
          />
        )}
      </QueryView>
      {doctorId === null ? (
        <p className={styles.muted}>
          The visit’s doctor no longer has an account: book a follow-up from the appointments overview.
        </p>
      ) : (
        <QueryView query={slots} loadingLabel="Loading the free times…">
          {(free) => <FollowUpForm visit={visit} zone={zone} slots={free} />}
        </QueryView>
      )}
    </div>
  );
}
