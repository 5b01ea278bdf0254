import { useId } from 'react';
import {
  ALLERGIES_MAX_LENGTH,
  BLOOD_GROUPS,
  type BodyMeasurementValues,
  computeBmi,
  type FieldErrors,
  GENOTYPES,
  type HealthProfileValues,
  SelectField,
  TextField,
  useForm,
  validateBodyMeasurements,
} from '@campuscare/shared';
import styles from './health.module.css';

interface HealthProfileFieldsProps {
  readonly values: HealthProfileValues;
  /** Errors to show per field, usually from `validateHealthProfile` after a submit attempt. */
  readonly errors: FieldErrors<HealthProfileValues>;
  readonly onChange: (values: HealthProfileValues) => void;
  readonly disabled?: boolean;
}

const choose = (label: string) => [{ value: '', label }];
const GENOTYPE_OPTIONS = [...choose('Choose your genotype'), ...GENOTYPES.map((value) => ({ value, label: value }))];
const BLOOD_GROUP_OPTIONS = [
  ...choose('Choose your blood group'),
  ...BLOOD_GROUPS.map((value) => ({ value, label: value })),
];
const NO_MEASUREMENTS: BodyMeasurementValues = { heightCm: '', weightKg: '' };
/** The measurements only fill in the BMI: they are never sent on their own. */
const keepMeasurements = async () => undefined;

const DISABLED_CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/**
 * The health questionnaire's fields (genotype, blood group, disabled, allergies, BMI), controlled by the form
 * that owns them. Height and weight are an optional aid: once both are valid they fill in the BMI.
 */
export function HealthProfileFields({ values, errors, onChange, disabled = false }: HealthProfileFieldsProps) {
  const disabledGroupId = useId();
  const measurements = useForm({ initial: NO_MEASUREMENTS, submit: keepMeasurements });
  const measurementErrors = validateBodyMeasurements(measurements.values);
  const set = (field: keyof HealthProfileValues, value: string) => onChange({ ...values, [field]: value });

  const measure = (field: keyof BodyMeasurementValues, value: string) => {
    measurements.setValue(field, value);
    const bmi = computeBmi({ ...measurements.values, [field]: value });
    if (bmi !== undefined) onChange({ ...values, bmi: String(bmi) });
  };

  return (
    <div className={styles.fields}>
      <SelectField
        label="Genotype"
        options={GENOTYPE_OPTIONS}
        value={values.genotype}
        error={errors.genotype}
        disabled={disabled}
        required
        onChange={(event) => set('genotype', event.target.value)}
      />
      <SelectField
        label="Blood group"
        options={BLOOD_GROUP_OPTIONS}
        value={values.bloodGroup}
        error={errors.bloodGroup}
        disabled={disabled}
        required
        onChange={(event) => set('bloodGroup', event.target.value)}
      />
      <fieldset
        className={styles.choiceGroup}
        aria-describedby={errors.disabled ? `${disabledGroupId}-error` : undefined}
      >
        <legend className={styles.legend}>Disabled</legend>
        <div className={styles.choices}>
          {DISABLED_CHOICES.map((choice) => (
            <label key={choice.value} className={styles.choice}>
              <input
                type="radio"
                name={`${disabledGroupId}-disabled`}
                value={choice.value}
                checked={values.disabled === choice.value}
                disabled={disabled}
                onChange={() => set('disabled', choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {errors.disabled && (
          <p id={`${disabledGroupId}-error`} className={styles.choiceError}>
            {errors.disabled}
          </p>
        )}
      </fieldset>
      <TextField
        label="Allergies"
        hint="Leave empty if you have none"
        value={values.allergies}
        error={errors.allergies}
        disabled={disabled}
        maxLength={ALLERGIES_MAX_LENGTH}
        onChange={(event) => set('allergies', event.target.value)}
      />
      <TextField
        label="BMI"
        hint="A number from 10 to 80, or enter your height and weight below"
        inputMode="decimal"
        value={values.bmi}
        error={errors.bmi}
        disabled={disabled}
        required
        onChange={(event) => set('bmi', event.target.value)}
      />
      <fieldset className={styles.measurements}>
        <legend className={styles.measurementsLegend}>Work out my BMI (optional)</legend>
        <TextField
          label="Height (cm)"
          inputMode="decimal"
          value={measurements.values.heightCm}
          error={measurementErrors.heightCm}
          disabled={disabled}
          onChange={(event) => measure('heightCm', event.target.value)}
        />
        <TextField
          label="Weight (kg)"
          inputMode="decimal"
          value={measurements.values.weightKg}
          error={measurementErrors.weightKg}
          disabled={disabled}
          onChange={(event) => measure('weightKg', event.target.value)}
        />
      </fieldset>
    </div>
  );
}
