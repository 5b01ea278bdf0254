import { useEffect, useRef, useState } from 'react';
import { addDays, Button, dayInZone, ErrorBanner, formatDay, formatInZone, getSupabase, listFreeSlots, SelectField, TextField, type Clinic, type FreeSlot } from '@campuscare/shared';
import { bookableDays, dayProblem, openingSummary, slotLabel } from './clinicCalendar';
import styles from './Appointments.module.css';

/** How far past an empty day the picker looks for the next free time, in one request (the database allows 31 days). */
const NEXT_FREE_SEARCH_DAYS = 14;

export const FREE_TIMES_FAILED = 'Could not load the free times. Check your connection and try again.';

export interface SlotChoice {
  /** 'YYYY-MM-DD' on the clinic's calendar; '' until chosen. */
  readonly day: string;
  /** ISO start of one of the offered free slots; '' until chosen. */
  readonly startsAt: string;
}

export interface SlotErrors {
  readonly day?: string;
  readonly time?: string;
}

/** What the picker's fields say when nothing was chosen. */
export const SLOT_MISSING = { day: 'Choose a date', time: 'Choose one of the free times' } as const;

/** What is wrong with a choice before it is sent: no day, a day that cannot be picked, no time. */
export function slotChoiceErrors(clinic: Clinic, choice: SlotChoice, now: Date): SlotErrors {
  const day = choice.day === '' ? SLOT_MISSING.day : dayProblem(clinic, choice.day, now);
  return {
    ...(day ? { day } : {}),
    ...(choice.startsAt === '' ? { time: SLOT_MISSING.time } : {}),
  };
}

export interface FreeSlotPickerProps {
  readonly clinic: Clinic;
  /** Whose free times to offer; null for any doctor ("first available": the database assigns one when booking). */
  readonly doctorId: string | null;
  readonly value: SlotChoice;
  readonly onChange: (choice: SlotChoice) => void;
  readonly errors?: SlotErrors;
  /** A change reads the free times again: after the database refused a time, what was free has changed. */
  readonly reloadKey: number;
}

type FreeTimes =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'loaded'; readonly slots: readonly FreeSlot[]; readonly nextFree?: FreeSlot };

/**
 * A day, then one of the free times the database offers that day for the doctor (or for any doctor). Taken, closed
 * and too-soon times are never offered; times are the clinic's, the zone named, whatever the browser's zone. An empty
 * day says so and offers the next day with a free time.
 */
export function FreeSlotPicker({ clinic, doctorId, value, onChange, errors = {}, reloadKey }: FreeSlotPickerProps) {
  const zone = clinic.settings.timezone;
  const { first, last } = bookableDays(zone, new Date());
  const { day, startsAt } = value;
  // Each answer remembers its question, so that nothing of a previous day or doctor is shown while the next loads.
  const question = `${day} ${doctorId ?? 'any doctor'}`;
  const [answer, setAnswer] = useState<{ readonly question: string; readonly times: FreeTimes }>();
  const [retries, setRetries] = useState(0);
  const askable = day !== '' && day >= first && day <= last;
  // The latest choice and callback, for the answer of a request sent before they changed.
  const latest = useRef({ startsAt, onChange });
  latest.current = { startsAt, onChange };

  useEffect(() => {
    if (!askable) return undefined;
    let current = true;
    setAnswer({ question, times: { status: 'loading' } });
    const open = dayProblem(clinic, day, new Date()) === undefined;
    const load = async () => {
      const client = await getSupabase();
      const slots = open ? await listFreeSlots(client, { from: day, to: day, doctorId }) : [];
      if (slots.length > 0 || day === last) return { slots };
      const searchUntil = addDays(day, NEXT_FREE_SEARCH_DAYS) < last ? addDays(day, NEXT_FREE_SEARCH_DAYS) : last;
      const [nextFree] = await listFreeSlots(client, { from: addDays(day, 1), to: searchUntil, doctorId });
      return { slots, nextFree };
    };
    load().then(
      (loaded) => {
        if (!current) return;
        setAnswer({ question, times: { status: 'loaded', ...loaded } });
        const chosen = latest.current.startsAt;
        if (chosen !== '' && !loaded.slots.some((slot) => slot.startsAt === chosen)) latest.current.onChange({ day, startsAt: '' });
      },
      () => current && setAnswer({ question, times: { status: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [askable, clinic, day, doctorId, last, question, reloadKey, retries]);

  const times: FreeTimes | undefined = !askable ? undefined : answer?.question === question ? answer.times : { status: 'loading' };
  const loaded = times?.status === 'loaded' ? times : undefined;
  const slots = loaded?.slots ?? [];
  const nextFree = loaded?.nextFree;
  const closedDay = day === '' ? undefined : dayProblem(clinic, day, new Date());
  const placeholder = day === '' ? 'Choose a date first' : times?.status === 'loading' ? 'Loading free times…' : slots.length === 0 ? 'No free times on this day' : 'Choose a time';

  return (
    <>
      <TextField
        label="Date"
        type="date"
        min={first}
        max={last}
        value={day}
        hint={openingSummary(clinic, first)}
        error={errors.day ?? closedDay}
        onChange={(event) => onChange({ day: event.target.value, startsAt: '' })}
      />
      <SelectField
        label="Time"
        value={startsAt}
        disabled={slots.length === 0}
        hint={`Free times only, on the clinic's clock (${zone})`}
        error={errors.time}
        options={[{ value: '', label: placeholder }, ...slots.map((slot) => ({ value: slot.startsAt, label: slotLabel(slot.startsAt, zone) }))]}
        onChange={(event) => onChange({ day, startsAt: event.target.value })}
      />
      <div className={styles.slotStatus}>
        <p role="status" className={styles.slotStatusText}>
          {loaded && slots.length > 0 && `${slots.length} free ${slots.length === 1 ? 'time' : 'times'} on ${formatDay(day)}.`}
          {loaded && slots.length === 0 && !closedDay && `No free times on ${formatDay(day)}.`}
          {loaded && slots.length === 0 && (nextFree ? ` The next free time is ${formatInZone(nextFree.startsAt, zone)}.` : ` No free times in the ${NEXT_FREE_SEARCH_DAYS} days after it: try a later day.`)}
        </p>
        {nextFree && (
          <Button variant="secondary" onClick={() => onChange({ day: dayInZone(nextFree.startsAt, zone), startsAt: '' })}>
            Show {formatDay(dayInZone(nextFree.startsAt, zone))}
          </Button>
        )}
        {times?.status === 'failed' && <ErrorBanner message={FREE_TIMES_FAILED} onRetry={() => setRetries((count) => count + 1)} />}
      </div>
    </>
  );
}
