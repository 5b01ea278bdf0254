import { useEffect, useRef } from 'react';
import { Button, type Form, QueryErrorBanner, SelectField, TextField, useApiQuery } from '@campuscare/shared';
import { type Clinic, dayInZone, formatDay, formatInZone } from '@campuscare/shared/scheduling';
import { bookableDays, dayProblem, openingSummary, slotLabel } from './clinicCalendar';
import { NEXT_FREE_SEARCH_DAYS } from './freeTimesApi';
import { freeTimesQuery } from './freeTimesQueries';
import styles from './appointments.module.css';

/** A change from the picker: a new choice, or (`dropped`) only that the time `dropped` is no longer offered. */
type PickedSlotChange = PickedSlot & { readonly dropped?: string };

/** A day, then one of its free times: the part of a form that picks a free slot. */
export interface PickedSlot {
  /** 'YYYY-MM-DD' on the clinic's calendar; '' until chosen. */
  readonly day: string;
  /** ISO start of one of the offered free slots; '' until chosen. */
  readonly startsAt: string;
}

type PickedSlotErrors = Partial<Record<keyof PickedSlot, string>>;

/** What the picker's fields say when nothing was chosen. */
export const SLOT_MISSING = { day: 'Choose a date', startsAt: 'Choose one of the free times' } as const;

/** What is wrong with a choice before it is sent: no day, a day that cannot be picked, no time. */
export function pickedSlotErrors(clinic: Clinic, choice: PickedSlot, now: Date): PickedSlotErrors {
  const day = choice.day === '' ? SLOT_MISSING.day : dayProblem(clinic, choice.day, now);
  return {
    ...(day ? { day } : {}),
    ...(choice.startsAt === '' ? { startsAt: SLOT_MISSING.startsAt } : {}),
  };
}

/**
 * Takes a new choice from the picker, clearing its fields' errors. A refusal stays on screen: the picker also drops a
 * time the refusal made unavailable, and the student should still read why.
 */
export function choosePickedSlot<Values extends PickedSlot>(
  form: Pick<Form<Values>, 'setValues' | 'setErrors'>,
  choice: PickedSlotChange,
) {
  if (choice.dropped !== undefined) {
    const gone = choice.dropped;
    form.setValues((current) => (current.startsAt === gone ? { ...current, startsAt: '' } : current));
    return;
  }
  form.setValues((current) => ({ ...current, day: choice.day, startsAt: choice.startsAt }));
  form.setErrors((current) => ({ ...current, day: undefined, startsAt: undefined }));
}

interface FreeSlotPickerProps {
  readonly clinic: Clinic;
  /** Whose free times to offer; null for any doctor ("first available": the database assigns one when booking). */
  readonly doctorId: string | null;
  /** Times of this type of visit (its length, the doctors who offer it); one clinic slot when absent. */
  readonly appointmentTypeId?: string | null;
  readonly value: PickedSlot;
  readonly onChange: (choice: PickedSlotChange) => void;
  readonly errors?: PickedSlotErrors;
  readonly disabled?: boolean;
}

/**
 * A day, then one of the free times the database offers that day for the doctor (or for any doctor), as long as the
 * type of visit chosen lasts. Taken, closed
 * and too-soon times are never offered; times are the clinic's, the zone named, whatever the browser's zone. An empty
 * day says so and offers the next day with a free time. Every booking and change reads the times again.
 */
export function FreeSlotPicker({
  clinic,
  doctorId,
  appointmentTypeId = null,
  value,
  onChange,
  errors = {},
  disabled = false,
}: FreeSlotPickerProps) {
  const zone = clinic.settings.timezone;
  const { first, last } = bookableDays(zone, new Date());
  const { day, startsAt } = value;
  const closedDay = day === '' ? undefined : dayProblem(clinic, day, new Date());
  const askable = day !== '' && day >= first && day <= last;
  const times = useApiQuery(freeTimesQuery({ day, open: closedDay === undefined, last, doctorId, appointmentTypeId }), {
    enabled: askable,
  });
  const loaded = askable ? times.data : undefined;
  const slots = loaded?.slots ?? [];
  const nextFree = loaded?.nextFree;

  // A chosen time that is no longer offered (taken meanwhile) is dropped, so it cannot be sent. Said as "drop this time"
  // rather than as a new choice: by the time this runs the form may have moved on (reset after a booking).
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  useEffect(() => {
    if (loaded && startsAt !== '' && !loaded.slots.some((slot) => slot.startsAt === startsAt))
      latestChange.current({ day, startsAt: '', dropped: startsAt });
  }, [loaded, startsAt, day]);

  const placeholder =
    day === ''
      ? 'Choose a date first'
      : askable && times.isPending
        ? 'Loading free times…'
        : slots.length === 0
          ? 'No free times on this day'
          : 'Choose a time';

  return (
    <>
      <TextField
        label="Date"
        type="date"
        min={first}
        max={last}
        value={day}
        disabled={disabled}
        hint={openingSummary(clinic, first)}
        error={errors.day ?? closedDay}
        onChange={(event) => onChange({ day: event.target.value, startsAt: '' })}
      />
      <SelectField
        label="Time"
        value={startsAt}
        disabled={disabled || slots.length === 0}
        hint={`Free times only, on the clinic's clock (${zone})`}
        error={errors.startsAt}
        options={[
          { value: '', label: placeholder },
          ...slots.map((slot) => ({ value: slot.startsAt, label: slotLabel(slot.startsAt, zone) })),
        ]}
        onChange={(event) => onChange({ day, startsAt: event.target.value })}
      />
      <div className={styles.slotStatus}>
        <p role="status" className={styles.slotStatusText}>
          {loaded &&
            slots.length > 0 &&
            `${slots.length} free ${slots.length === 1 ? 'time' : 'times'} on ${formatDay(day)}.`}
          {loaded && slots.length === 0 && !closedDay && `No free times on ${formatDay(day)}.`}
          {loaded &&
            slots.length === 0 &&
            (nextFree
              ? ` The next free time is ${formatInZone(nextFree.startsAt, zone)}.`
              : ` No free times in the ${NEXT_FREE_SEARCH_DAYS} days after it: try a later day.`)}
        </p>
        {nextFree && (
          <Button
            variant="secondary"
            onClick={() => onChange({ day: dayInZone(nextFree.startsAt, zone), startsAt: '' })}
          >
            Show {formatDay(dayInZone(nextFree.startsAt, zone))}
          </Button>
        )}
        {askable && <QueryErrorBanner query={times} />}
      </div>
    </>
  );
}
