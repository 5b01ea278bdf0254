import { useMemo, useState } from 'react';
import {
  type FieldErrors,
  FormFrame,
  Modal,
  QueryErrorBanner,
  QueryView,
  SelectField,
  TextField,
  useForm,
} from '@campuscare/shared';
import type { Clinic } from '@campuscare/shared/scheduling';
import {
  type AppointmentType,
  chooseAppointmentType,
  detailsError,
  detailsLabel,
  detailsMaxLength,
  isOtherType,
  typeLabel,
} from './appointmentTypesApi';
import { useAppointmentTypes, useDoctors } from './appointmentHooks';
import { DoctorAndTimeFields } from './DoctorAndTimeFields';
import { pickedSlotErrors, type PickedSlot } from './FreeSlotPicker';
import type { StudentBooking } from './frontDeskApi';
import { bookForStudentMutation } from './frontDeskQueries';
import { StudentSearch } from './StudentSearch';
import { type StudentChoice, studentLine } from './studentSearchApi';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

export interface StudentBookingValues extends PickedSlot {
  readonly studentId: string;
  readonly typeId: string;
  /** '' for the first available doctor who offers the type. */
  readonly providerId: string;
  readonly details: string;
}

export const STUDENT_BOOKING_MESSAGES = {
  student: 'Choose the student',
  type: 'Choose the type of visit',
} as const;

/** What must be fixed before the booking is sent: the student, the type, a free time, and the words "Other" asks for. */
export function studentBookingErrors(
  values: StudentBookingValues,
  context: { readonly clinic: Clinic; readonly now: Date; readonly type: AppointmentType | undefined },
): FieldErrors<StudentBookingValues> {
  const errors: FieldErrors<StudentBookingValues> = { ...pickedSlotErrors(context.clinic, values, context.now) };
  if (values.studentId === '') errors.studentId = STUDENT_BOOKING_MESSAGES.student;
  if (!context.type) errors.typeId = STUDENT_BOOKING_MESSAGES.type;
  else {
    const details = detailsError(context.type, values.details, { required: isOtherType(context.type) });
    if (details) errors.details = details;
  }
  return errors;
}

export function studentBooking(values: StudentBookingValues): StudentBooking {
  return {
    studentId: values.studentId,
    startsAt: values.startsAt,
    appointmentTypeId: values.typeId,
    ...(values.providerId === '' ? {} : { providerId: values.providerId }),
    ...(values.details.trim() === '' ? {} : { details: values.details.trim() }),
  };
}

/** Staff see every type; those students cannot book themselves are marked. */
function staffTypeLabel(type: AppointmentType): string {
  return type.self_bookable ? typeLabel(type) : `${typeLabel(type)} (staff only)`;
}

interface BookForStudentFormProps {
  readonly clinic: Clinic;
  readonly types: readonly AppointmentType[];
  /** The student, when the booking starts from their row; otherwise staff find them. */
  readonly student?: StudentChoice;
  readonly onClose: () => void;
}

function BookForStudentForm({ clinic, types, student, onClose }: BookForStudentFormProps) {
  const doctors = useDoctors('bookable');
  const [chosen, setChosen] = useState<StudentChoice | null>(student ?? null);
  const initial = useMemo<StudentBookingValues>(
    () => ({ studentId: student?.id ?? '', typeId: '', providerId: '', day: '', startsAt: '', details: '' }),
    [student],
  );
  const form = useForm({
    initial,
    validate: (values) =>
      studentBookingErrors(values, { clinic, now: new Date(), type: types.find((type) => type.id === values.typeId) }),
    mutation: bookForStudentMutation,
    input: studentBooking,
    onSuccess: onClose,
  });
  const type = types.find((candidate) => candidate.id === form.values.typeId);

  const chooseStudent = (next: StudentChoice) => {
    setChosen(next);
    form.setValue('studentId', next.id);
  };

  return (
    <>
      {!student && <StudentSearch chosen={chosen} error={form.errors.studentId} onChoose={chooseStudent} />}
      <FormFrame
        form={form}
        className={styles.form}
        label="Book for a student"
        submit="Book the visit"
        busyLabel="Booking…"
        cancel={{ label: 'Close', onClick: onClose }}
      >
        {chosen && (
          <p className={styles.summary} aria-live="polite">
            <strong>{student ? 'Student' : 'Chosen'}:</strong> {studentLine(chosen)}
          </p>
        )}
        <div className={styles.fieldGrid}>
          <SelectField
            label="Type of visit"
            options={[
              { value: '', label: 'Choose a type' },
              ...types.map((candidate) => ({ value: candidate.id, label: staffTypeLabel(candidate) })),
            ]}
            {...form.field('typeId')}
            onChange={(event) => chooseAppointmentType(form, types, event.target.value)}
          />
          <DoctorAndTimeFields clinic={clinic} type={type} doctors={doctors.data ?? []} form={form} />
          <TextField
            label={detailsLabel(type)}
            maxLength={type ? detailsMaxLength(type) : undefined}
            autoComplete="off"
            {...form.field('details')}
          />
        </div>
        <p className={styles.summary}>The student is emailed the date and time, as when they book themselves.</p>
        <QueryErrorBanner query={doctors} />
      </FormFrame>
    </>
  );
}

/**
 * The front desk books for a student who phones or stands at the desk: the student, a type of visit (any, including
 * those students cannot book themselves), then one of the free times the database offers for it, with a doctor who
 * offers it. The student's own other visits are checked by the database when booking, which says so.
 */
export function BookForStudentDialog({
  student,
  onClose,
}: {
  readonly student?: StudentChoice;
  readonly onClose: () => void;
}) {
  const types = useAppointmentTypes();
  return (
    <Modal title="Book for a student" open onClose={onClose}>
      <QueryView query={types} loadingLabel="Loading the types of visit…">
        {(loaded) => (
          <WithClinic>
            {(clinic) => <BookForStudentForm clinic={clinic} types={loaded} student={student} onClose={onClose} />}
          </WithClinic>
        )}
      </QueryView>
    </Modal>
  );
}
