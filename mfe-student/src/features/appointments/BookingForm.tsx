import { useState, type FormEvent } from 'react';
import { Button, ErrorBanner, hasErrors, MESSAGES, notifySuccess, providerName, SelectField, TextField, validateAppointmentBooking, YEARS_OF_STUDY, type Member, type ProviderSummary } from '@campuscare/shared';
import { bookAppointment } from './appointmentsApi';
import { BOOKING_MESSAGES, OTHER_REASON, OTHER_REASON_MAX_LENGTH, REASON_CHOICES, reasonValue } from './appointmentLabels';
import { slotError, slotStart } from './clinicHours';
import { SlotFields } from './SlotFields';
import styles from './Appointments.module.css';

/** Years of study the database accepts. */

interface BookingValues {
  readonly date: string;
  readonly time: string;
  readonly providerId: string;
  readonly name: string;
  readonly department: string;
  readonly reg: string;
  readonly year: string;
  readonly reasonChoice: string;
  readonly otherReason: string;
}

function initialValues(member: Member): BookingValues {
  return {
    date: '',
    time: '',
    providerId: '',
    name: `${member.first_name} ${member.last_name}`.trim(),
    department: member.department ?? '',
    reg: member.reg_number ?? '',
    year: member.year_of_study === null ? '' : String(member.year_of_study),
    reasonChoice: '',
    otherReason: '',
  };
}

/** The first thing wrong with the form, or undefined when it may be sent. */
function formProblem(values: BookingValues, now: Date): string | undefined {
  const errors = validateAppointmentBooking({
    date: values.date !== '' && values.time !== '' ? `${values.date} ${values.time}` : '',
    name: values.name,
    department: values.department,
    reg: values.reg,
    year: values.year,
    reason: reasonValue(values.reasonChoice, values.otherReason),
  });
  if (hasErrors(errors)) return Object.values(errors).includes(MESSAGES.fillAllCorrectly) ? MESSAGES.fillAllCorrectly : Object.values(errors)[0];
  return slotError(values.date, values.time, now);
}

export interface BookingFormProps {
  readonly member: Member;
  readonly doctors: readonly ProviderSummary[];
  readonly onBooked: () => void;
}

export function BookingForm({ member, doctors, onBooked }: BookingFormProps) {
  const [values, setValues] = useState<BookingValues>(() => initialValues(member));
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const now = new Date();

  const set = (changes: Partial<BookingValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = formProblem(values, new Date());
    const start = slotStart(values.date, values.time);
    if (invalid || !start) {
      setProblem(invalid ?? MESSAGES.fillAllCorrectly);
      return;
    }
    setProblem(undefined);
    setSending(true);
    try {
      const outcome = await bookAppointment({
        date: start.toISOString(),
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
        setProblem(outcome.message);
      }
    } catch {
      setProblem(BOOKING_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form aria-label="Book an appointment" className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {problem && <ErrorBanner message={problem} />}
      <div className={styles.fieldGrid}>
        <SlotFields date={values.date} time={values.time} now={now} onChange={(date, time) => set({ date, time })} />
        <SelectField
          label="Doctor"
          value={values.providerId}
          hint="Optional: the clinic assigns one otherwise"
          options={[{ value: '', label: 'No preference' }, ...doctors.map((doctor) => ({ value: doctor.id, label: providerName(doctor) }))]}
          onChange={(event) => set({ providerId: event.target.value })}
        />
        <TextField label="Name" autoComplete="name" maxLength={200} value={values.name} onChange={(event) => set({ name: event.target.value })} />
        <TextField label="Department" maxLength={100} value={values.department} onChange={(event) => set({ department: event.target.value })} />
        <TextField label="Registration number" maxLength={30} value={values.reg} onChange={(event) => set({ reg: event.target.value })} />
        <SelectField
          label="Year of study"
          value={values.year}
          options={[{ value: '', label: 'Choose a year' }, ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year }))]}
          onChange={(event) => set({ year: event.target.value })}
        />
        <SelectField
          label="Reason"
          value={values.reasonChoice}
          options={[{ value: '', label: 'Choose a reason' }, ...REASON_CHOICES.map((reason) => ({ value: reason, label: reason }))]}
          onChange={(event) => set({ reasonChoice: event.target.value })}
        />
        {values.reasonChoice === OTHER_REASON && (
          <TextField label="Other reason" maxLength={OTHER_REASON_MAX_LENGTH} value={values.otherReason} onChange={(event) => set({ otherReason: event.target.value })} />
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
