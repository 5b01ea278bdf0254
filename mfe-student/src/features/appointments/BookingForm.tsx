import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import {
  COLUMN_RULES,
  ErrorBanner,
  type FieldErrors,
  FormFrame,
  hasErrors,
  type Member,
  MESSAGES,
  runApiMutation,
  SelectField,
  TextField,
  useForm,
  validateAppointmentBooking,
  YEARS_OF_STUDY,
} from '@campuscare/shared';
import {
  type AppointmentType,
  chooseAppointmentType,
  detailsError,
  detailsLabel,
  detailsMaxLength,
  DoctorAndTimeFields,
  isOtherType,
  pickedSlotErrors,
  type ProviderSummary,
  REASON_DETAILS_MESSAGES,
  typeLabel,
} from '@campuscare/shared/appointments';
import type { Clinic } from '@campuscare/shared/scheduling';
import type { BookingRequest } from './appointmentsApi';
import { bookAppointmentMutation } from './appointmentsQueries';
import { BOOKING_MESSAGES } from './appointmentLabels';
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
  /** The type of visit chosen: what the visit is for and how long it lasts. */
  readonly typeId: string;
  /** The student's own words about it: asked for "Other", optional otherwise. */
  readonly details: string;
}

/** The patient is the student as their profile names them: the database books under that name and number. */
const FROM_PROFILE = 'From your profile (Settings)';

/** What each field says when it was left empty (the banner above the form keeps the spec's one message). */
export const MISSING_FIELD = {
  department: 'Enter your department',
  year: 'Choose your year of study',
  typeId: 'Choose a reason',
  details: REASON_DETAILS_MESSAGES.missing,
} as const;

function initialValues(member: Member): BookingValues {
  return {
    day: '',
    startsAt: '',
    providerId: '',
    department: member.department ?? '',
    year: member.year_of_study === null ? '' : String(member.year_of_study),
    typeId: '',
    details: '',
  };
}

/**
 * Every field that cannot be sent as it is, each with its own message; the rules are the shared ones the database also
 * holds. `type` is the type chosen, if any.
 */
function bookingErrors(
  values: BookingValues,
  type: AppointmentType | undefined,
  clinic: Clinic,
  now: Date,
): FieldErrors<BookingValues> {
  const rules = validateAppointmentBooking({
    date: values.startsAt,
    department: values.department,
    year: values.year,
    reason: type?.name ?? '',
  });
  const missingOr = (field: 'department' | 'year', message: string | undefined) =>
    message === MESSAGES.fillAllCorrectly ? MISSING_FIELD[field] : message;
  const errors: FieldErrors<BookingValues> = {
    ...pickedSlotErrors(clinic, values, now),
    department: missingOr('department', rules.department),
    year: missingOr('year', rules.year),
    typeId: type ? undefined : MISSING_FIELD.typeId,
    details: type ? detailsError(type, values.details, { required: isOtherType(type) }) : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

function bookingRequest(values: BookingValues): BookingRequest {
  return {
    date: values.startsAt,
    appointmentTypeId: values.typeId,
    details: values.details.trim(),
    providerId: values.providerId === '' ? undefined : values.providerId,
    department: values.department.trim(),
    year: Number(values.year),
  };
}

interface BookingFormProps {
  readonly member: Member;
  readonly clinic: Clinic;
  /** The types of visit the student may book themselves. */
  readonly types: readonly AppointmentType[];
  readonly doctors: readonly ProviderSummary[];
}

/**
 * The student's booking: a type of visit first (what for, how long), a few words about it, then a doctor who offers it
 * or the first available, and one of the free times the database offers for that type.
 */
export function BookingForm({ member, clinic, types, doctors }: BookingFormProps) {
  const fieldsRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useRef(false);
  const initial = useMemo(() => initialValues(member), [member]);
  const form = useForm({
    initial,
    validate: (values) =>
      bookingErrors(
        values,
        types.find((type) => type.id === values.typeId),
        clinic,
        new Date(),
      ),
    submit: (values) => runApiMutation(bookAppointmentMutation, bookingRequest(values)),
    // Said as the form empties, not before: the form is ready for another booking when the student reads it.
    successMessage: BOOKING_MESSAGES.booked,
    resetOnSuccess: true,
  });
  const invalid = hasErrors(form.errors);
  const type = types.find((candidate) => candidate.id === form.values.typeId);

  // After a refused submit, focus goes to the first field to fix, as it would in a form the browser validated.
  useEffect(() => {
    if (!focusFirstInvalid.current) return;
    focusFirstInvalid.current = false;
    fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form.errors]);

  const handleSubmit = (event?: FormEvent) => {
    focusFirstInvalid.current = true;
    return form.handleSubmit(event);
  };

  return (
    <FormFrame
      form={{ ...form, handleSubmit }}
      label="Book an appointment"
      className={styles.form}
      submit="Submit"
      busyLabel="Sending..."
    >
      {invalid && !form.formError && <ErrorBanner message={MESSAGES.fillAllCorrectly} />}
      <div ref={fieldsRef} className={styles.fieldGrid}>
        <SelectField
          label="Reason"
          hint="The type of visit: how long it lasts decides the free times"
          options={[
            { value: '', label: 'Choose a reason' },
            ...types.map((candidate) => ({ value: candidate.id, label: typeLabel(candidate) })),
          ]}
          {...form.field('typeId')}
          onChange={(event) => chooseAppointmentType(form, types, event.target.value)}
        />
        <TextField
          label={detailsLabel(type)}
          maxLength={type ? detailsMaxLength(type) : undefined}
          autoComplete="off"
          {...form.field('details')}
        />
        <DoctorAndTimeFields clinic={clinic} type={type} doctors={doctors} form={form} />
        <TextField
          label="Name"
          value={`${member.first_name} ${member.last_name}`.trim()}
          readOnly
          hint={FROM_PROFILE}
        />
        <TextField
          label="Department"
          maxLength={COLUMN_RULES.appointments_department_length.maxLength}
          {...form.field('department')}
        />
        <TextField label="Registration number" value={member.reg_number ?? ''} readOnly hint={FROM_PROFILE} />
        <SelectField
          label="Year of study"
          options={[
            { value: '', label: 'Choose a year' },
            ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year })),
          ]}
          {...form.field('year')}
        />
      </div>
    </FormFrame>
  );
}
