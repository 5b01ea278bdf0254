import { useId, useState } from 'react';
import {
  type ApiError,
  COLUMN_RULES,
  columnError,
  type ColumnRule,
  type FieldErrors,
  FormFrame,
  runApiMutation,
  storedValue,
  TextAreaField,
  TextField,
  toApiError,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import type { VisitRecord } from '@campuscare/shared/clinical';
import { PrescriptionList } from '../../components/clinical/RecordViews';
import type { PrescriptionColumns } from './visitApi';
import { prescriptionFromRow, useVisitUpdate } from './visitCache';
import { addPrescriptionMutation, removePrescriptionMutation } from './visitQueries';
import styles from './visit.module.css';

interface PrescriptionValues {
  readonly drug: string;
  readonly strength: string;
  readonly dose: string;
  readonly route: string;
  readonly frequency: string;
  readonly duration: string;
  readonly quantity: string;
  readonly instructions: string;
  readonly allergyAcknowledgement: string;
}

const EMPTY_PRESCRIPTION: PrescriptionValues = {
  drug: '',
  strength: '',
  dose: '',
  route: '',
  frequency: '',
  duration: '',
  quantity: '',
  instructions: '',
  allergyAcknowledgement: '',
};

/** The prescriptions_<column>_length rules, by the form's field names (as the rules name them). */
const PRESCRIPTION_RULES: Readonly<Record<keyof PrescriptionValues, ColumnRule>> = {
  drug: COLUMN_RULES.prescriptions_drug_length,
  strength: COLUMN_RULES.prescriptions_strength_length,
  dose: COLUMN_RULES.prescriptions_dose_length,
  route: COLUMN_RULES.prescriptions_route_length,
  frequency: COLUMN_RULES.prescriptions_frequency_length,
  duration: COLUMN_RULES.prescriptions_duration_length,
  quantity: COLUMN_RULES.prescriptions_quantity_length,
  instructions: COLUMN_RULES.prescriptions_instructions_length,
  allergyAcknowledgement: COLUMN_RULES.prescriptions_allergy_acknowledgement_length,
};

export const ACKNOWLEDGEMENT_REQUIRED = 'Say why you are prescribing it despite the allergy';

/**
 * The marker the database's allergy refusal carries as its hint (prescriptions_guard_allergies, migration
 * 20260116000000_clinical_record.sql); its message, for people, says which words of the allergies the drug matched.
 */
export const ALLERGY_ACKNOWLEDGEMENT_REQUIRED = 'allergy_acknowledgement_required';

/** The database refuses a drug that matches the student's recorded allergies until the doctor says why. */
export function isAllergyRefusal(error: ApiError): boolean {
  return error.code === 'P0001' && error.hint === ALLERGY_ACKNOWLEDGEMENT_REQUIRED;
}

/** The form's errors by the rules the database holds; the acknowledgement is required once the database asked for it. */
function prescriptionErrors(
  values: PrescriptionValues,
  acknowledgementAsked: boolean,
): FieldErrors<PrescriptionValues> {
  const errors: Partial<Record<keyof PrescriptionValues, string>> = {};
  for (const name of Object.keys(PRESCRIPTION_RULES) as Array<keyof PrescriptionValues>) {
    const problem = columnError(PRESCRIPTION_RULES[name], values[name]);
    if (problem) errors[name] = problem;
  }
  if (acknowledgementAsked && values.allergyAcknowledgement.trim() === '')
    errors.allergyAcknowledgement = ACKNOWLEDGEMENT_REQUIRED;
  return errors;
}

function prescriptionColumns(values: PrescriptionValues, withAcknowledgement: boolean): PrescriptionColumns {
  return {
    drug: values.drug.trim(),
    strength: storedValue(PRESCRIPTION_RULES.strength, values.strength),
    dose: storedValue(PRESCRIPTION_RULES.dose, values.dose),
    route: storedValue(PRESCRIPTION_RULES.route, values.route),
    frequency: storedValue(PRESCRIPTION_RULES.frequency, values.frequency),
    duration: storedValue(PRESCRIPTION_RULES.duration, values.duration),
    quantity: storedValue(PRESCRIPTION_RULES.quantity, values.quantity),
    instructions: storedValue(PRESCRIPTION_RULES.instructions, values.instructions),
    allergy_acknowledgement: withAcknowledgement
      ? storedValue(PRESCRIPTION_RULES.allergyAcknowledgement, values.allergyAcknowledgement)
      : null,
  };
}

/**
 * The draft's prescriptions and the form that adds one. A drug that matches the student's allergies is refused by the
 * database with its reason; the form then shows that reason and asks for an acknowledgement, which is sent with the
 * prescription and kept on it.
 */
export function PrescriptionsEditor({ visit }: { readonly visit: VisitRecord }) {
  const update = useVisitUpdate(visit.id);
  const refusalId = useId();
  /** The database's refusal of the drug as typed, while the doctor decides whether to acknowledge it. */
  const [allergyRefusal, setAllergyRefusal] = useState<string | null>(null);
  const remove = useApiMutation(removePrescriptionMutation, {
    onSuccess: (_done, id) =>
      update((current) => ({
        ...current,
        prescriptions: current.prescriptions.filter((prescription) => prescription.id !== id),
      })),
  });
  const form = useForm({
    initial: EMPTY_PRESCRIPTION,
    validate: (values: PrescriptionValues) => prescriptionErrors(values, allergyRefusal !== null),
    // A refusal for the student's allergies is no failure: it asks for the acknowledgement.
    submit: async (values: PrescriptionValues) => {
      try {
        return await runApiMutation(addPrescriptionMutation, {
          visitId: visit.id,
          prescription: prescriptionColumns(values, allergyRefusal !== null),
        });
      } catch (error) {
        const refusal = toApiError(error);
        if (!isAllergyRefusal(refusal)) throw refusal;
        setAllergyRefusal(refusal.message);
        return null;
      }
    },
    onSuccess: (row) => {
      if (!row) return;
      update((current) => ({ ...current, prescriptions: [...current.prescriptions, prescriptionFromRow(row)] }));
      setAllergyRefusal(null);
      form.reset();
    },
  });
  const drug = form.field('drug');
  // Another drug is another question: the refusal was about the one typed before.
  const editDrug = (event: { readonly target: { readonly value: string } }) => {
    drug.onChange(event);
    if (allergyRefusal !== null) {
      setAllergyRefusal(null);
      form.setValue('allergyAcknowledgement', '');
    }
  };

  return (
    <div className={styles.stack}>
      <PrescriptionList
        prescriptions={visit.prescriptions}
        onRemove={(prescription) => remove.mutate(prescription.id)}
      />
      <FormFrame
        form={form}
        className={styles.form}
        label="Add a prescription"
        submit={allergyRefusal ? 'Prescribe anyway' : 'Add prescription'}
        busyLabel="Adding…"
        danger={allergyRefusal !== null}
        cancel={
          allergyRefusal
            ? {
                label: 'Don’t prescribe it',
                onClick: () => {
                  setAllergyRefusal(null);
                  form.reset();
                },
              }
            : undefined
        }
      >
        <TextField
          label="Drug"
          maxLength={PRESCRIPTION_RULES.drug.maxLength}
          autoComplete="off"
          {...drug}
          onChange={editDrug}
          aria-describedby={allergyRefusal ? refusalId : undefined}
        />
        <div className={styles.fieldGrid}>
          <TextField
            label="Strength"
            hint="e.g. 500 mg"
            maxLength={PRESCRIPTION_RULES.strength.maxLength}
            autoComplete="off"
            {...form.field('strength')}
          />
          <TextField
            label="Dose"
            hint="e.g. 2 tablets"
            maxLength={PRESCRIPTION_RULES.dose.maxLength}
            autoComplete="off"
            {...form.field('dose')}
          />
          <TextField
            label="Route"
            hint="e.g. by mouth"
            maxLength={PRESCRIPTION_RULES.route.maxLength}
            autoComplete="off"
            {...form.field('route')}
          />
          <TextField
            label="Frequency"
            hint="e.g. three times a day"
            maxLength={PRESCRIPTION_RULES.frequency.maxLength}
            autoComplete="off"
            {...form.field('frequency')}
          />
          <TextField
            label="Duration"
            hint="e.g. 5 days"
            maxLength={PRESCRIPTION_RULES.duration.maxLength}
            autoComplete="off"
            {...form.field('duration')}
          />
          <TextField
            label="Quantity"
            hint="e.g. 30 tablets"
            maxLength={PRESCRIPTION_RULES.quantity.maxLength}
            autoComplete="off"
            {...form.field('quantity')}
          />
        </div>
        <TextAreaField
          label="Instructions"
          rows={2}
          maxLength={PRESCRIPTION_RULES.instructions.maxLength}
          {...form.field('instructions')}
        />
        {allergyRefusal && (
          <div className={styles.allergyRefusal}>
            <p id={refusalId} role="alert" className={styles.allergyRefusalText}>
              {allergyRefusal}
            </p>
            <TextField
              label="Allergy acknowledgement"
              hint="Why this drug is right for the student despite the allergy. It is kept with the prescription."
              maxLength={PRESCRIPTION_RULES.allergyAcknowledgement.maxLength}
              autoComplete="off"
              {...form.field('allergyAcknowledgement')}
            />
          </div>
        )}
      </FormFrame>
    </div>
  );
}
