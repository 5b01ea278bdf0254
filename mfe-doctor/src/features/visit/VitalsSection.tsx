import { useState } from 'react';
import {
  ApiError,
  Button,
  columnError,
  CONSTRAINT_RULES,
  type FieldErrors,
  FormFrame,
  parseWholeNumber,
  roundedToTenths,
  runApiMutation,
  TextField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import type { VisitRecord, VitalReading } from '@campuscare/shared/clinical';
import { timeInZone } from '@campuscare/shared/scheduling';
import { VitalReadingsTable } from '../../components/clinical/RecordViews';
import {
  VITAL_FIELDS,
  type VitalField,
  type VitalFormField,
  vitalRangeHint,
  vitalRule,
} from '../../components/clinical/vitals';
import type { VitalsColumns } from './visitApi';
import { readingFromRow, useVisitUpdate } from './visitCache';
import { recordVitalsMutation, removeVitalsMutation } from './visitQueries';
import styles from './visit.module.css';

type VitalsValues = Readonly<Record<VitalFormField, string>>;

export const EMPTY_VITALS: VitalsValues = {
  temperatureC: '',
  systolicMmhg: '',
  diastolicMmhg: '',
  pulseBpm: '',
  respiratoryRate: '',
  spo2Percent: '',
  weightKg: '',
  heightCm: '',
};

/** The database's words for the rules across fields (vital_signs_blood_pressure_pair, _order, _something_recorded). */
export const VITALS_MESSAGES = {
  pressurePair:
    CONSTRAINT_RULES.vital_signs_blood_pressure_pair?.message ?? 'Enter both the systolic and the diastolic pressure',
  pressureOrder:
    CONSTRAINT_RULES.vital_signs_blood_pressure_order?.message ??
    'The systolic pressure must be higher than the diastolic',
  nothingRecorded: CONSTRAINT_RULES.vital_signs_something_recorded?.message ?? 'Record at least one vital sign',
} as const;

/** What a field's typed text is stored as: its number (tenths or whole), null when blank, undefined when not a number. */
function storedNumber(field: VitalField, typed: string): number | null | undefined {
  if (typed.trim() === '') return null;
  return field.decimals === 1 ? roundedToTenths(typed) : parseWholeNumber(typed);
}

/**
 * The reading's errors by the rules the database holds: each value in its range (vital_signs_<column>_range, the
 * messages naming the field and the range), both blood pressures or neither, systolic above diastolic.
 */
export function vitalsErrors(values: VitalsValues): FieldErrors<VitalsValues> {
  const errors: Partial<Record<VitalFormField, string>> = {};
  for (const field of VITAL_FIELDS) {
    const problem = columnError(vitalRule(field), values[field.field]);
    if (problem) errors[field.field] = problem;
  }
  const systolicBlank = values.systolicMmhg.trim() === '';
  const diastolicBlank = values.diastolicMmhg.trim() === '';
  if (systolicBlank !== diastolicBlank) {
    const missing: VitalFormField = systolicBlank ? 'systolicMmhg' : 'diastolicMmhg';
    errors[missing] ??= VITALS_MESSAGES.pressurePair;
  } else if (!systolicBlank && !errors.systolicMmhg && !errors.diastolicMmhg) {
    const systolic = parseWholeNumber(values.systolicMmhg) ?? 0;
    const diastolic = parseWholeNumber(values.diastolicMmhg) ?? 0;
    if (systolic <= diastolic) errors.diastolicMmhg = VITALS_MESSAGES.pressureOrder;
  }
  return errors;
}

/** The columns to insert; null for what was not taken. */
export function vitalsColumns(values: VitalsValues): VitalsColumns {
  const columns: Partial<Record<VitalField['key'], number | null>> = {};
  for (const field of VITAL_FIELDS) columns[field.key] = storedNumber(field, values[field.field]) ?? null;
  return columns;
}

function fieldLabel(field: VitalField): string {
  return `${field.label} (${field.unit})`;
}

/** The vitals form: eight optional values, each checked against the range the database holds, at least one taken. */
export function VitalsForm({ visitId }: { readonly visitId: string }) {
  const update = useVisitUpdate(visitId);
  const form = useForm({
    initial: EMPTY_VITALS,
    validate: vitalsErrors,
    submit: async (values: VitalsValues) => {
      const vitals = vitalsColumns(values);
      if (Object.values(vitals).every((value) => value === null)) throw new ApiError(VITALS_MESSAGES.nothingRecorded);
      return runApiMutation(recordVitalsMutation, { visitId, vitals });
    },
    resetOnSuccess: true,
    onSuccess: (row) => {
      const reading = readingFromRow(row);
      update((visit) => ({ ...visit, vital_signs: [...visit.vital_signs, reading] }));
    },
  });
  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Record vital signs"
      submit="Record vital signs"
      busyLabel="Recording…"
    >
      <div className={styles.fieldGrid}>
        {VITAL_FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={fieldLabel(field)}
            inputMode={field.decimals === 1 ? 'decimal' : 'numeric'}
            autoComplete="off"
            hint={vitalRangeHint(field)}
            {...form.field(field.field)}
          />
        ))}
      </div>
      <p className={styles.hint}>Fill in what you measured; BMI is worked out from the weight and height.</p>
    </FormFrame>
  );
}

/** The readings of the visit, with BMI and warnings; a draft's readings may be removed. */
export function VisitReadings({
  visit,
  zone,
  editable,
}: {
  readonly visit: VisitRecord;
  readonly zone: string;
  readonly editable: boolean;
}) {
  const update = useVisitUpdate(visit.id);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useApiMutation(removeVitalsMutation, {
    onSuccess: (_done, id) =>
      update((current) => ({ ...current, vital_signs: current.vital_signs.filter((reading) => reading.id !== id) })),
  });
  const rowAction = editable
    ? (reading: VitalReading) => (
        <Button
          variant="secondary"
          disabled={removing === reading.id}
          aria-label={`Remove the reading taken ${timeInZone(reading.recorded_at, zone)}`}
          onClick={() => {
            setRemoving(reading.id);
            remove.mutate(reading.id, { onSettled: () => setRemoving(null) });
          }}
        >
          Remove
        </Button>
      )
    : undefined;
  if (visit.vital_signs.length === 0) return <p className={styles.muted}>No vital signs recorded yet.</p>;
  return (
    <VitalReadingsTable
      caption="Readings of this visit"
      readings={visit.vital_signs}
      zone={zone}
      rowAction={rowAction}
    />
  );
}
