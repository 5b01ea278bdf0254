import { type ReactNode, useId, useMemo } from 'react';
import {
  FormFrame,
  IMMUNIZATION_DAYS_RANGE,
  IMMUNIZATION_DOSES_RANGE,
  Modal,
  TextAreaField,
  TextField,
  useForm,
} from '@campuscare/shared';
import { EXEMPTION_KIND_LABEL, type Vaccine } from '@campuscare/shared/clinical';
import type { Requirement } from './requirementsApi';
import { saveRequirementMutation } from './requirementsQueries';
import {
  NEW_REQUIREMENT,
  REQUIREMENT_NAME_MAX_LENGTH,
  requirementFields,
  requirementValues,
  validateRequirement,
  YEARS_OF_STUDY,
  type RequirementValues,
} from './requirementForm';
import styles from './requirements.module.css';

interface RequirementDialogProps {
  /** The requirement edited; null adds one. */
  readonly requirement: Requirement | null;
  readonly vaccines: readonly Vaccine[];
  readonly onClose: () => void;
}

/** A group of boxes with its legend and the error of the whole group. */
function ChoiceGroup({
  legend,
  error,
  hint,
  children,
}: {
  readonly legend: string;
  readonly error?: string;
  readonly hint?: string;
  readonly children: ReactNode;
}) {
  const errorId = useId();
  const hintId = useId();
  return (
    <fieldset
      className={styles.choices}
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function toggled<Item>(items: readonly Item[], item: Item, on: boolean): Item[] {
  return on ? [...items.filter((existing) => existing !== item), item] : items.filter((existing) => existing !== item);
}

/**
 * Adds or edits a requirement: which vaccines count, how many doses how far apart, when it falls due, whom it applies
 * to and which exemptions it accepts (each with or without a document).
 */
export function RequirementDialog({ requirement, vaccines, onClose }: RequirementDialogProps) {
  const dueModeName = useId();
  const initial = useMemo(() => (requirement ? requirementValues(requirement) : NEW_REQUIREMENT), [requirement]);
  const form = useForm({
    initial,
    validate: validateRequirement,
    mutation: saveRequirementMutation,
    input: (values: RequirementValues) => ({ id: requirement?.id ?? null, fields: requirementFields(values) }),
    onSuccess: onClose,
  });
  const { values, setValue, errors } = form;

  return (
    <Modal title={requirement ? `Edit ${requirement.name}` : 'Add a requirement'} open onClose={onClose}>
      <FormFrame
        form={form}
        label="Immunization requirement"
        className={styles.form}
        submit={requirement ? 'Save the requirement' : 'Add the requirement'}
        cancel={{ label: 'Cancel', onClick: onClose }}
      >
        <TextField
          label="Name"
          maxLength={REQUIREMENT_NAME_MAX_LENGTH}
          hint="What students read, e.g. Hepatitis B or Meningitis ACWY"
          {...form.field('name')}
        />
        <ChoiceGroup
          legend="Vaccines whose doses count"
          hint="A dose of any of them counts towards the requirement"
          error={errors.cvxCodes}
        >
          <div className={styles.vaccineList}>
            {vaccines.map((vaccine) => (
              <label key={vaccine.cvx_code} className={styles.check}>
                <input
                  type="checkbox"
                  checked={values.cvxCodes.includes(vaccine.cvx_code)}
                  onChange={(event) =>
                    setValue('cvxCodes', toggled(values.cvxCodes, vaccine.cvx_code, event.target.checked))
                  }
                />
                <span>
                  {vaccine.name} <span className={styles.muted}>(CVX {vaccine.cvx_code})</span>
                </span>
              </label>
            ))}
          </div>
        </ChoiceGroup>
        <div className={styles.row}>
          <TextField
            label="Doses required"
            type="number"
            inputMode="numeric"
            min={IMMUNIZATION_DOSES_RANGE.min}
            max={IMMUNIZATION_DOSES_RANGE.max}
            {...form.field('dosesRequired')}
          />
          <TextField
            label="Days at least between doses"
            type="number"
            inputMode="numeric"
            min={IMMUNIZATION_DAYS_RANGE.min}
            max={IMMUNIZATION_DAYS_RANGE.max}
            hint="0 when any two doses count"
            {...form.field('minIntervalDays')}
          />
        </div>
        <ChoiceGroup legend="When it is due">
          <label className={styles.check}>
            <input
              type="radio"
              name={dueModeName}
              checked={values.dueMode === 'afterJoining'}
              onChange={() => setValue('dueMode', 'afterJoining')}
            />
            Some days after each student joins
          </label>
          <label className={styles.check}>
            <input
              type="radio"
              name={dueModeName}
              checked={values.dueMode === 'date'}
              onChange={() => setValue('dueMode', 'date')}
            />
            On a fixed day
          </label>
        </ChoiceGroup>
        {values.dueMode === 'date' ? (
          <TextField label="Due date" type="date" hint="On the clinic's calendar" {...form.field('dueOn')} />
        ) : (
          <TextField
            label="Days after joining"
            type="number"
            inputMode="numeric"
            min={IMMUNIZATION_DAYS_RANGE.min}
            max={IMMUNIZATION_DAYS_RANGE.max}
            {...form.field('dueDaysAfterJoining')}
          />
        )}
        <TextAreaField
          label="Departments it applies to"
          rows={3}
          hint="One per line, as students gave their department; leave empty for every department"
          {...form.field('departments')}
        />
        <ChoiceGroup legend="Years of study it applies to" hint="None chosen: every year" error={errors.years}>
          <div className={styles.years}>
            {YEARS_OF_STUDY.map((year) => (
              <label key={year} className={styles.check}>
                <input
                  type="checkbox"
                  checked={values.years.includes(year)}
                  onChange={(event) => setValue('years', toggled(values.years, year, event.target.checked))}
                />
                Year {year}
              </label>
            ))}
          </div>
        </ChoiceGroup>
        <ChoiceGroup legend="Exemptions it accepts">
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.medicalExemption}
              onChange={(event) => setValue('medicalExemption', event.target.checked)}
            />
            {EXEMPTION_KIND_LABEL.medical}
          </label>
          {values.medicalExemption && (
            <label className={`${styles.check} ${styles.nested}`}>
              <input
                type="checkbox"
                checked={values.medicalNeedsDocument}
                onChange={(event) => setValue('medicalNeedsDocument', event.target.checked)}
              />
              A document is needed for a medical exemption
            </label>
          )}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.personalExemption}
              onChange={(event) => setValue('personalExemption', event.target.checked)}
            />
            {EXEMPTION_KIND_LABEL.personal}
          </label>
          {values.personalExemption && (
            <label className={`${styles.check} ${styles.nested}`}>
              <input
                type="checkbox"
                checked={values.personalNeedsDocument}
                onChange={(event) => setValue('personalNeedsDocument', event.target.checked)}
              />
              A document is needed for a religious or personal exemption
            </label>
          )}
        </ChoiceGroup>
      </FormFrame>
    </Modal>
  );
}
