import { useMemo, useState } from 'react';
import { ErrorBanner, FormFrame, SelectField, TextField, useForm } from '@campuscare/shared';
import { LOT_MAX_LENGTH, useVaccines, vaccineOptions } from '@campuscare/shared/clinical';
import { recordDoseMutation } from './immunizationsQueries';
import { EMPTY_DOSE, GIVEN_AT_MAX_LENGTH, storedDose, validateDose, type DoseValues } from './immunizationRules';
import type { MedicalDocument } from './proofApi';
import { ProofField } from './ProofField';
import styles from './Immunizations.module.css';

interface RecordDoseFormProps {
  readonly studentId: string;
  /** The clinic's today ('YYYY-MM-DD'): the latest day a dose can have been given. */
  readonly today: string;
  readonly zone: string;
  readonly documents: readonly MedicalDocument[];
}

/** A dose the student was given elsewhere: the vaccine, the day, where, the lot, and the card or letter that shows it. */
export function RecordDoseForm({ studentId, today, zone, documents }: RecordDoseFormProps) {
  const vaccines = useVaccines();
  const options = useMemo(
    () => [{ value: '', label: 'Choose a vaccine' }, ...vaccineOptions(vaccines.data ?? [])],
    [vaccines.data],
  );
  const [recorded, setRecorded] = useState('first');
  const form = useForm({
    initial: EMPTY_DOSE,
    validate: (values: DoseValues) => validateDose(values, today),
    mutation: recordDoseMutation,
    input: (values: DoseValues) => ({ studentId, dose: storedDose(values) }),
    onSuccess: (dose) => setRecorded(dose.id),
    resetOnSuccess: true,
  });
  return (
    <FormFrame form={form} label="Record a dose" className={styles.form} submit="Record the dose" busyLabel="Sending…">
      {vaccines.isError && <ErrorBanner message={vaccines.error.message} onRetry={() => void vaccines.refetch()} />}
      <div className={styles.fields}>
        <SelectField label="Vaccine" options={options} {...form.field('cvxCode')} />
        <TextField label="Day it was given" type="date" max={today} {...form.field('givenOn')} />
        <TextField
          label="Where it was given (optional)"
          maxLength={GIVEN_AT_MAX_LENGTH}
          hint="A clinic, a pharmacy, a country"
          {...form.field('givenAt')}
        />
        <TextField
          label="Lot number (optional)"
          maxLength={LOT_MAX_LENGTH}
          hint="On your vaccination card, if it shows one"
          {...form.field('lot')}
        />
      </div>
      <ProofField
        // A new form after a dose was recorded: the file input forgets the file sent.
        key={recorded}
        label="Proof"
        value={form.values.proof}
        onChange={(proof) => form.setValue('proof', proof)}
        documents={documents}
        zone={zone}
        error={form.errors.proof}
        optional
      />
    </FormFrame>
  );
}
