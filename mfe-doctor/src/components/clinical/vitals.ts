import {
  COLUMN_RULES,
  type ColumnConstraint,
  VITAL_SIGN_RANGES,
  type VitalFlag,
  type VitalFlagValues,
  vitalFlagsOf,
  type VitalSign,
} from '@campuscare/shared';
import type { VitalReading } from '@campuscare/shared/clinical';

/** The vital signs' form fields, named as their column rules name them (so a refusal of the database lands on one). */
export type VitalFormField =
  | 'temperatureC'
  | 'systolicMmhg'
  | 'diastolicMmhg'
  | 'pulseBpm'
  | 'respiratoryRate'
  | 'spo2Percent'
  | 'weightKg'
  | 'heightCm';

export interface VitalField {
  /** The column. */
  readonly key: VitalSign;
  readonly field: VitalFormField;
  readonly label: string;
  /** Shown after the value and in the axis of the trend. */
  readonly unit: string;
  readonly constraint: ColumnConstraint;
  /** Tenths (numeric(·, 1)) or whole numbers. */
  readonly decimals: 0 | 1;
}

/** The eight vital signs in the order a nurse takes them, each with its unit and its database rule. */
export const VITAL_FIELDS: readonly VitalField[] = [
  {
    key: 'temperature_c',
    field: 'temperatureC',
    label: 'Temperature',
    unit: '°C',
    constraint: 'vital_signs_temperature_c_range',
    decimals: 1,
  },
  {
    key: 'systolic_mmhg',
    field: 'systolicMmhg',
    label: 'Systolic blood pressure',
    unit: 'mmHg',
    constraint: 'vital_signs_systolic_mmhg_range',
    decimals: 0,
  },
  {
    key: 'diastolic_mmhg',
    field: 'diastolicMmhg',
    label: 'Diastolic blood pressure',
    unit: 'mmHg',
    constraint: 'vital_signs_diastolic_mmhg_range',
    decimals: 0,
  },
  {
    key: 'pulse_bpm',
    field: 'pulseBpm',
    label: 'Pulse',
    unit: 'beats/min',
    constraint: 'vital_signs_pulse_bpm_range',
    decimals: 0,
  },
  {
    key: 'respiratory_rate',
    field: 'respiratoryRate',
    label: 'Respiratory rate',
    unit: 'breaths/min',
    constraint: 'vital_signs_respiratory_rate_range',
    decimals: 0,
  },
  {
    key: 'spo2_percent',
    field: 'spo2Percent',
    label: 'SpO₂',
    unit: '%',
    constraint: 'vital_signs_spo2_percent_range',
    decimals: 0,
  },
  {
    key: 'weight_kg',
    field: 'weightKg',
    label: 'Weight',
    unit: 'kg',
    constraint: 'vital_signs_weight_kg_range',
    decimals: 1,
  },
  {
    key: 'height_cm',
    field: 'heightCm',
    label: 'Height',
    unit: 'cm',
    constraint: 'vital_signs_height_cm_range',
    decimals: 1,
  },
];

/** "25–45 °C": the range the database takes for a field, for the field's hint. */
export function vitalRangeHint(field: VitalField): string {
  const range = VITAL_SIGN_RANGES[field.key];
  return `${range.min}–${range.max} ${field.unit}`;
}

/** The column rule of a vital sign (the database's vital_signs_<column>_range). */
export function vitalRule(field: VitalField) {
  return COLUMN_RULES[field.constraint];
}

/** A value with its unit ("37.2 °C", "98 %"); "—" when it was not taken. */
export function formatVital(value: number | null | undefined, unit: string, decimals: 0 | 1 = 0): string {
  if (value === null || value === undefined) return '—';
  return `${value.toFixed(decimals)} ${unit}`;
}

/** "120/80 mmHg", or "—". */
export function formatBloodPressure(reading: Pick<VitalReading, 'systolic_mmhg' | 'diastolic_mmhg'>): string {
  if (reading.systolic_mmhg === null || reading.diastolic_mmhg === null) return '—';
  return `${reading.systolic_mmhg}/${reading.diastolic_mmhg} mmHg`;
}

/** "22.3" (kg/m²), or "—". */
export function formatBmi(bmi: number | null): string {
  return bmi === null ? '—' : bmi.toFixed(1);
}

/** The flags of a reading: the database's when it sent them. */
export function readingFlags(
  reading: VitalFlagValues & { readonly flags?: readonly VitalFlag[] },
): readonly VitalFlag[] {
  return reading.flags ?? vitalFlagsOf(reading);
}

/** "Low SpO₂", "Fever": a flag as a warning reads. */
export function flagLabel(flag: VitalFlag): string {
  const text = flag === 'low SpO2' ? 'low SpO₂' : flag;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
