import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Button, COLUMN_RULES, ErrorBanner, type FieldErrors, hasErrors, type Member, MESSAGES, queryClient, queryKeys, SelectField, TextField, useApiMutation, useForm, validateAppointmentBooking, YEARS_OF_STUDY } from '@campuscare/shared';
import { APPOINTMENT_CHANGE_INVALIDATES, choosePickedSlot, FreeSlotPicker, pickedSlotErrors, providerName, type ProviderSummary } from '@campuscare/shared/appointments';
import type { Clinic } from '@campuscare/shared/scheduling';
import { bookAppointment, type BookingRequest } from './appointmentsApi';
import { BOOKING_MESSAGES, OTHER_REASON, OTHER_REASON_MAX_LENGTH, REASON_CHOICES, reasonValue } from './appointmentLabels';
import styles from './Appointments.module.css';

interface BookingValues {
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly day: string;
  /** ISO start of one of the offered free slots. */
  readonly startsAt: string;
  /** '' for the first available doctor. */
  readonly providerId: string;
  readonly department: string;
  readonly year: string;
  readonly reasonChoice: string;
  readonly otherReason: string;
}

/** The patient is the student as their profile names them: the database books under that name and number. */
const FROM_PROFILE = 'From your profile (Settings)';

/** What each field says when it was left empty (the banner above the form keeps the spec's one message). */
export const MISSING_FIELD = {
  department: 'Enter your department',
  year: 'Choose your year of study',
  reasonChoice: 'Choose a reason',
  otherReason: 'Say what the visit is for',
} as const;

function initialValues(member: Member): BookingValues {
  return {
    day: '',
    startsAt: '',
    providerId: '',
    department: member.department ?? '',
    year: member.year_of_study === null ? '' : String(member.year_of_study),
    reasonChoice: '',
    otherReason: '',
  };
}

/** Every field that cannot be sent as it is, each with its own message; the rules are the shared ones the database also holds. */
function bookingErrors(values: BookingValues, clinic: Clinic, now: Date): FieldErrors<BookingValues> {
  const rules = validateAppointmentBooking({
    date: values.startsAt,
    department: values.department,
    year: values.year,
    reason: reasonValue(values.reasonChoice, values.otherReason),
  });
  const missingOr = (field: 'department' | 'year', message: string | undefined) => (message === MESSAGES.fillAllCorrectly ? MISSING_FIELD[field] : message);
  const errors: FieldErrors<BookingValues> = {
    ...pickedSlotErrors(clinic, values, now),
    department: missingOr('department', rules.department),
    year: missingOr('year', rules.year),
    reasonChoice: values.reasonChoice === '' ? MISSING_FIELD.reasonChoice : undefined,
    otherReason: values.reasonChoice === OTHER_REASON && rules.reason ? MISSING_FIELD.otherReason : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

function bookingRequest(values: BookingValues): BookingRequest {
  return {
    date: values.startsAt,
    reason: reasonValue(values.reasonChoice, values.otherReason),
    providerId: values.providerId === '' ? undefined : values.providerId,
    department: values.department.trim(),
    year: Number(values.year),
  };
}

interface BookingFormProps {
  readonly member: Member;
  readonly clinic: Clinic;
  readonly doctors: readonly ProviderSummary[];
}

export function BookingForm({ member, clinic, doctors }: BookingFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useRef(false);
  const book = useApiMutation(bookAppointment, { invalidates: APPOINTMENT_CHANGE_INVALIDATES, errors: 'caller' });
  const initial = useMemo(() => initialValues(member), [member]);
  const form = useForm({
    initial,
    validate: (values) => bookingErrors(values, clinic, new Date()),
    submit: async (values) => {
      try {
        return await book.mutateAsync(bookingRequest(values));
      } catch (error) {
        // Most refusals are about the time (taken meanwhile, too soon): what is free now is read again.
        void queryClient.invalidateQueries({ queryKey: queryKeys.slots });
        throw error;
      }
    },
    // Said as the form empties, not before: the form is ready for another booking when the student reads it.
    successMessage: BOOKING_MESSAGES.booked,
    resetOnSuccess: true,
  });
  const invalid = hasErrors(form.errors);

  // After a refused submit, focus goes to the first field to fix, as it would in a form the browser validated.
  useEffect(() => {
    if (!focusFirstInvalid.current) return;
    focusFirstInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form.errors]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    focusFirstInvalid.current = true;
    await form.handleSubmit(event);
  };

  return (
    <form ref={formRef} aria-label="Book an appointment" className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {(invalid || form.formError) && <ErrorBanner message={form.formError ?? MESSAGES.fillAllCorrectly} />}
      <div className={styles.fieldGrid}>
        <SelectField
          label="Doctor"
          hint="First available: the clinic assigns a doctor who is free at the time you choose"
          options={[{ value: '', label: 'First available doctor' }, ...doctors.map((doctor) => ({ value: doctor.id, label: providerName(doctor) }))]}
          {...form.field('providerId')}
          onChange={(event) => {
            form.setValue('providerId', event.target.value);
            form.setValue('startsAt', '');
          }}
        />
        <FreeSlotPicker
          clinic={clinic}
          doctorId={form.values.providerId === '' ? null : form.values.providerId}
          value={form.values}
          errors={form.errors}
          onChange={(choice) => choosePickedSlot(form, choice)}
        />
        <TextField label="Name" value={`${member.first_name} ${member.last_name}`.trim()} readOnly hint={FROM_PROFILE} />
        <TextField label="Department" maxLength={COLUMN_RULES.appointments_department_length.maxLength} {...form.field('department')} />
        <TextField label="Registration number" value={member.reg_number ?? ''} readOnly hint={FROM_PROFILE} />
        <SelectField label="Year of study" options={[{ value: '', label: 'Choose a year' }, ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year }))]} {...form.field('year')} />
        <SelectField
          label="Reason"
          options={[{ value: '', label: 'Choose a reason' }, ...REASON_CHOICES.map((reason) => ({ value: reason, label: reason }))]}
          {...form.field('reasonChoice')}
          onChange={(event) => {
            form.setValue('reasonChoice', event.target.value);
            form.setErrors((current) => ({ ...current, otherReason: undefined }));
          }}
        />
        {form.values.reasonChoice === OTHER_REASON && <TextField label="Other reason" maxLength={OTHER_REASON_MAX_LENGTH} {...form.field('otherReason')} />}
      </div>
      <div className={styles.formActions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Sending...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
