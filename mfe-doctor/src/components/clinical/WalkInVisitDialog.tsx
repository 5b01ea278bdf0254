import { useMemo, useState } from 'react';
import {
  appointmentReason,
  COLUMN_RULES,
  columnError,
  type FieldErrors,
  FormFrame,
  Modal,
  OTHER_REASON,
  OTHER_REASON_MAX_LENGTH,
  QueryErrorBanner,
  SelectField,
  TextField,
  useForm,
  useNavigate,
} from '@campuscare/shared';
import {
  type AppointmentType,
  isOtherType,
  type StudentChoice,
  studentLine,
  StudentSearch,
  useAppointmentTypes,
} from '@campuscare/shared/appointments';
import { visitPath } from './clinicalPaths';
import { startWalkInMutation } from './visitStartQueries';
import styles from './clinical.module.css';

interface WalkInValues {
  readonly studentId: string;
  readonly reasonChoice: string;
  readonly otherReason: string;
}

export const WALK_IN_MESSAGES = {
  student: 'Choose the student',
  reasonChoice: 'Choose a reason',
  otherReason: 'Say why the student came in',
} as const;

/**
 * The reasons offered: the clinic's types of visit by name (start_walk_in_visit takes a type's name as that type), then
 * "Other", which asks for the complaint in words. Until the types load, or if they cannot, "Other" still starts a visit.
 */
function reasonOptions(types: readonly AppointmentType[]) {
  return [
    { value: '', label: 'Choose a reason' },
    ...types.filter((type) => !isOtherType(type)).map((type) => ({ value: type.name, label: type.name })),
    { value: OTHER_REASON, label: 'Other (describe)' },
  ];
}

/** What start_walk_in_visit takes: a type's name, or the words typed for "Other" (the database adds "Other: "). */
export function walkInReason(values: Pick<WalkInValues, 'reasonChoice' | 'otherReason'>): string {
  return values.reasonChoice === OTHER_REASON ? values.otherReason.trim() : values.reasonChoice;
}

/** The walk-in form's errors, by the rule the database holds for an appointment's reason. */
export function walkInErrors(values: WalkInValues): FieldErrors<WalkInValues> {
  const errors: FieldErrors<WalkInValues> = {};
  if (values.studentId === '') errors.studentId = WALK_IN_MESSAGES.student;
  if (values.reasonChoice === '') errors.reasonChoice = WALK_IN_MESSAGES.reasonChoice;
  else if (values.reasonChoice === OTHER_REASON) {
    if (values.otherReason.trim() === '') errors.otherReason = WALK_IN_MESSAGES.otherReason;
    else {
      const problem = columnError(
        COLUMN_RULES.appointments_reason_format,
        appointmentReason(values.reasonChoice, values.otherReason),
      );
      if (problem) errors.otherReason = problem;
    }
  }
  return errors;
}

interface WalkInVisitDialogProps {
  /** The student, when the dialog is opened from their chart; otherwise the doctor finds them. */
  readonly student?: StudentChoice;
  readonly onClose: () => void;
}

/**
 * A walk-in visit: a student of the university seen now without a booking. The database creates an appointment for
 * now (the doctor's own, ongoing) and its draft visit, which opens.
 */
export function WalkInVisitDialog({ student, onClose }: WalkInVisitDialogProps) {
  const navigate = useNavigate();
  const types = useAppointmentTypes();
  const [chosen, setChosen] = useState<StudentChoice | null>(student ?? null);
  const initial = useMemo<WalkInValues>(
    () => ({ studentId: student?.id ?? '', reasonChoice: '', otherReason: '' }),
    [student],
  );
  const form = useForm({
    initial,
    validate: walkInErrors,
    mutation: startWalkInMutation,
    input: (values: WalkInValues) => ({ studentId: values.studentId, reason: walkInReason(values) }),
    onSuccess: (visitId) => {
      navigate(visitPath(visitId));
      onClose();
    },
  });
  const choose = (next: StudentChoice) => {
    setChosen(next);
    form.setValue('studentId', next.id);
  };

  return (
    <Modal title="Start a walk-in visit" open onClose={onClose}>
      {/* The search is outside the form: Enter in it searches, it does not start the visit. */}
      {!student && <StudentSearch chosen={chosen} error={form.errors.studentId} onChoose={choose} />}
      <FormFrame
        form={form}
        className={styles.form}
        label="Walk-in visit"
        submit="Start visit"
        busyLabel="Starting…"
        cancel={{ label: 'Close', onClick: onClose }}
      >
        {student && (
          <p className={styles.summary}>
            <strong>Student:</strong> {studentLine(student)}
          </p>
        )}
        {!student && chosen && (
          <p className={styles.summary} aria-live="polite">
            <strong>Chosen:</strong> {studentLine(chosen)}
          </p>
        )}
        <SelectField label="Reason" options={reasonOptions(types.data ?? [])} {...form.field('reasonChoice')} />
        {form.values.reasonChoice === OTHER_REASON && (
          <TextField
            label="Why did the student come in?"
            maxLength={OTHER_REASON_MAX_LENGTH}
            autoComplete="off"
            {...form.field('otherReason')}
          />
        )}
        <QueryErrorBanner query={types} />
      </FormFrame>
    </Modal>
  );
}
