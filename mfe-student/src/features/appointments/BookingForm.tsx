import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  ErrorBanner,
  getSupabase,
  hasErrors,
  MESSAGES,
  notifySuccess,
  providerName,
  regNumberError,
  SelectField,
  TextField,
  validateAppointmentBooking,
  YEARS_OF_STUDY,
  type Clinic,
  type Member,
  type ProviderSummary,
} from '@campuscare/shared';
import { bookAppointment } from './appointmentsApi';
import { BOOKING_MESSAGES, OTHER_REASON, OTHER_REASON_MAX_LENGTH, REASON_CHOICES, reasonValue } from './appointmentLabels';
import { FreeSlotPicker, slotChoiceErrors, type SlotChoice } from './FreeSlotPicker';
import styles from './Appointments.module.css';

interface BookingValues {
  readonly slot: SlotChoice;
  /** '' for the first available doctor. */
  readonly providerId: string;
  readonly name: string;
  readonly department: string;
  readonly reg: string;
  readonly year: string;
  readonly reasonChoice: string;
  readonly otherReason: string;
}

type BookingField = 'day' | 'time' | 'name' | 'department' | 'reg' | 'year' | 'reason' | 'otherReason';
type BookingErrors = Partial<Record<BookingField, string>>;

/** What each field says when it was left empty (the banner above the form keeps the spec's one message). */
export const MISSING_FIELD: Readonly<Record<Exclude<BookingField, 'day' | 'time'>, string>> = {
  name: 'Enter your name',
  department: 'Enter your department',
  reg: 'Enter your registration number',
  year: 'Choose your year of study',
  reason: 'Choose a reason',
  otherReason: 'Say what the visit is for',
};

function initialValues(member: Member): BookingValues {
  return {
    slot: { day: '', startsAt: '' },
    providerId: '',
    name: `${member.first_name} ${member.last_name}`.trim(),
    department: member.department ?? '',
    reg: member.reg_number ?? '',
    year: member.year_of_study === null ? '' : String(member.year_of_study),
    reasonChoice: '',
    otherReason: '',
  };
}

/** Every field that cannot be sent as it is, each with its own message; the rules are the shared ones the database also holds. */
function bookingErrors(values: BookingValues, clinic: Clinic, now: Date): BookingErrors {
  const rules = validateAppointmentBooking({
    date: values.slot.startsAt,
    name: values.name,
    department: values.department,
    reg: values.reg,
    year: values.year,
    reason: reasonValue(values.reasonChoice, values.otherReason),
  });
  const missingOr = (field: 'name' | 'department' | 'year', message: string | undefined) => (message === MESSAGES.fillAllCorrectly ? MISSING_FIELD[field] : message);
  const errors: BookingErrors = {
    ...slotChoiceErrors(clinic, values.slot, now),
    name: missingOr('name', rules.name),
    department: missingOr('department', rules.department),
    reg: rules.reg ? MISSING_FIELD.reg : regNumberError(values.reg),
    year: missingOr('year', rules.year),
    reason: values.reasonChoice === '' ? MISSING_FIELD.reason : undefined,
    otherReason: values.reasonChoice === OTHER_REASON && rules.reason ? MISSING_FIELD.otherReason : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

export interface BookingFormProps {
  readonly member: Member;
  readonly clinic: Clinic;
  readonly doctors: readonly ProviderSummary[];
  readonly onBooked: () => void;
}

export function BookingForm({ member, clinic, doctors, onBooked }: BookingFormProps) {
  const [values, setValues] = useState<BookingValues>(() => initialValues(member));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const [slotReloads, setSlotReloads] = useState(0);
  const [refusedAttempts, setRefusedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, focus goes to the first field to fix, as it would in a form the browser validated.
  useEffect(() => {
    if (refusedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedAttempts]);

  const set = (changes: Partial<BookingValues>, fields: readonly BookingField[]) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as BookingField))));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = bookingErrors(values, clinic, new Date());
    setErrors(found);
    if (hasErrors(found)) {
      setProblem(MESSAGES.fillAllCorrectly);
      setRefusedAttempts((count) => count + 1);
      return;
    }
    setProblem(undefined);
    setSending(true);
    try {
      const outcome = await bookAppointment(await getSupabase(), {
        date: values.slot.startsAt,
        reason: reasonValue(values.reasonChoice, values.otherReason),
        providerId: values.providerId === '' ? undefined : values.providerId,
        name: values.name.trim(),
        department: values.department.trim(),
        reg: values.reg.trim(),
        year: Number(values.year),
      });
      if (outcome.ok) {
        notifySuccess(BOOKING_MESSAGES.booked);
        setValues(initialValues(member));
        onBooked();
      } else {
        // Most refusals are about the time (taken meanwhile, too soon): what is free now is read again.
        setProblem(outcome.message);
        setSlotReloads((count) => count + 1);
      }
    } catch {
      setProblem(BOOKING_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} aria-label="Book an appointment" className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {problem && <ErrorBanner message={problem} />}
      <div className={styles.fieldGrid}>
        <SelectField
          label="Doctor"
          value={values.providerId}
          hint="First available: the clinic assigns a doctor who is free at the time you choose"
          options={[{ value: '', label: 'First available doctor' }, ...doctors.map((doctor) => ({ value: doctor.id, label: providerName(doctor) }))]}
          onChange={(event) => set({ providerId: event.target.value, slot: { ...values.slot, startsAt: '' } }, ['time'])}
        />
        <FreeSlotPicker
          clinic={clinic}
          doctorId={values.providerId === '' ? null : values.providerId}
          value={values.slot}
          errors={{ day: errors.day, time: errors.time }}
          reloadKey={slotReloads}
          onChange={(slot) => set({ slot }, ['day', 'time'])}
        />
        <TextField label="Name" autoComplete="name" maxLength={200} value={values.name} error={errors.name} onChange={(event) => set({ name: event.target.value }, ['name'])} />
        <TextField label="Department" maxLength={100} value={values.department} error={errors.department} onChange={(event) => set({ department: event.target.value }, ['department'])} />
        <TextField label="Registration number" maxLength={30} value={values.reg} error={errors.reg} onChange={(event) => set({ reg: event.target.value }, ['reg'])} />
        <SelectField
          label="Year of study"
          value={values.year}
          error={errors.year}
          options={[{ value: '', label: 'Choose a year' }, ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year }))]}
          onChange={(event) => set({ year: event.target.value }, ['year'])}
        />
        <SelectField
          label="Reason"
          value={values.reasonChoice}
          error={errors.reason}
          options={[{ value: '', label: 'Choose a reason' }, ...REASON_CHOICES.map((reason) => ({ value: reason, label: reason }))]}
          onChange={(event) => set({ reasonChoice: event.target.value }, ['reason', 'otherReason'])}
        />
        {values.reasonChoice === OTHER_REASON && (
          <TextField
            label="Other reason"
            maxLength={OTHER_REASON_MAX_LENGTH}
            value={values.otherReason}
            error={errors.otherReason}
            onChange={(event) => set({ otherReason: event.target.value }, ['otherReason'])}
          />
        )}
      </div>
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
