import { useMemo } from 'react';
import {
  COLUMN_RULES,
  ErrorBanner,
  FormFrame,
  Modal,
  SelectField,
  storedValue,
  TextField,
  useForm,
} from '@campuscare/shared';
import {
  type DoseEntry,
  doseEntryErrors,
  LOT_MAX_LENGTH,
  useVaccines,
  vaccineOptions,
} from '@campuscare/shared/clinical';
import { clinicDoseMutation } from './clinicDoseQueries';
import styles from './clinical.module.css';

interface ClinicDoseDialogProps {
  readonly student: { readonly id: string; readonly name: string };
  /** The clinic's today ('YYYY-MM-DD'), the day the form starts on and the latest it takes. */
  readonly today: string;
  readonly onClose: () => void;
}

/** Records a dose the clinic gave a student: counted at once, no review (the doctor vouches for it). */
export function ClinicDoseDialog({ student, today, onClose }: ClinicDoseDialogProps) {
  const vaccines = useVaccines();
  const options = useMemo(
    () => [{ value: '', label: 'Choose a vaccine' }, ...vaccineOptions(vaccines.data ?? [])],
    [vaccines.data],
  );
  const initial = useMemo<DoseEntry>(() => ({ cvxCode: '', givenOn: today, lot: '' }), [today]);
  const form = useForm({
    initial,
    validate: (values: DoseEntry) => doseEntryErrors(values, today),
    mutation: clinicDoseMutation(student.name),
    input: (values) => ({
      studentId: student.id,
      cvxCode: values.cvxCode,
      givenOn: values.givenOn,
      lot: storedValue(COLUMN_RULES.immunization_doses_lot_length, values.lot),
    }),
    onSuccess: onClose,
  });
  return (
    <Modal title={`Record a dose given at the clinic to ${student.name}`} open onClose={onClose}>
      <FormFrame
        form={form}
        className={styles.form}
        label="Dose given at the clinic"
        submit="Record the dose"
        busyLabel="Recording…"
        cancel={{ label: 'Cancel', onClick: onClose }}
      >
        <p className={styles.summary}>It counts towards the student&apos;s requirements at once: no review follows.</p>
        {vaccines.isError && <ErrorBanner message={vaccines.error.message} onRetry={() => void vaccines.refetch()} />}
        <SelectField label="Vaccine" options={options} {...form.field('cvxCode')} />
        <TextField label="Day it was given" type="date" max={today} {...form.field('givenOn')} />
        <TextField label="Lot number (optional)" maxLength={LOT_MAX_LENGTH} autoComplete="off" {...form.field('lot')} />
      </FormFrame>
    </Modal>
  );
}
