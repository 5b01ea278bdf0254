/**
 * What the student's page, the super admin's requirements, the admins' compliance and the doctors' review share about
 * immunizations (migration 20260122000000_immunizations.sql; docs/clinical-record.md). The database decides every
 * status; these only name them.
 */
import { COLUMN_RULES, columnError, type FieldErrors, MESSAGES, useApiQuery } from '@campuscare/shared';
import type { Vaccine } from './vaccinesApi';
import { vaccinesQuery } from './vaccinesQueries';

/** A student's standing on one requirement, as private.immunization_status() decides it. */
export type ImmunizationStatus = 'met' | 'exempt' | 'under_review' | 'due' | 'overdue';

export const IMMUNIZATION_STATUS_LABEL: Readonly<Record<ImmunizationStatus, string>> = {
  met: 'Met',
  exempt: 'Exempt',
  under_review: 'Under review',
  due: 'Due',
  overdue: 'Overdue',
};

export function isImmunizationStatus(value: string): value is ImmunizationStatus {
  return Object.hasOwn(IMMUNIZATION_STATUS_LABEL, value);
}

/** The kinds of exemption a requirement may accept (immunization_exemptions_kind_values). */
export type ExemptionKind = 'medical' | 'personal';

export const EXEMPTION_KIND_LABEL: Readonly<Record<ExemptionKind, string>> = {
  medical: 'Medical',
  personal: 'Religious or personal',
};

/** The vaccines, loaded once per page: they change only with a new migration. */
export function useVaccines() {
  return useApiQuery(vaccinesQuery());
}

/** "MMR (measles, mumps and rubella)"; a code the list does not hold (yet) as "CVX 999". */
export function vaccineName(vaccines: readonly Vaccine[] | undefined, cvxCode: string): string {
  return vaccines?.find((vaccine) => vaccine.cvx_code === cvxCode)?.name ?? `CVX ${cvxCode}`;
}

/** The choices of a vaccine picker, by name, each with its CVX code so two alike stay apart. */
export function vaccineOptions(vaccines: readonly Vaccine[]): { readonly value: string; readonly label: string }[] {
  return vaccines.map((vaccine) => ({ value: vaccine.cvx_code, label: `${vaccine.name} (CVX ${vaccine.cvx_code})` }));
}

/** What a dose form (the student's, or a doctor's for a dose the clinic gave) asks: the vaccine, the day, the lot. */
export interface DoseEntry {
  /** The vaccine's CVX code; '' until chosen. */
  readonly cvxCode: string;
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly givenOn: string;
  readonly lot: string;
}

export const DOSE_MESSAGES = {
  chooseVaccine: 'Choose the vaccine',
  dayInFuture: 'The day it was given must be today or earlier',
  dayTooEarly: 'Give a day from 1900 on',
} as const;

/** The earliest day a dose may have been given (record_immunization_dose, record_clinic_dose). */
const EARLIEST_DOSE_DAY = '1900-01-01';

export const LOT_MAX_LENGTH = COLUMN_RULES.immunization_doses_lot_length.maxLength;

/** `today` is the clinic's ('YYYY-MM-DD'): a dose cannot have been given later, as the database says too. */
export function doseEntryErrors(values: DoseEntry, today: string): FieldErrors<DoseEntry> {
  const errors: FieldErrors<DoseEntry> = {};
  if (values.cvxCode === '') errors.cvxCode = DOSE_MESSAGES.chooseVaccine;
  if (values.givenOn === '') errors.givenOn = MESSAGES.required;
  else if (values.givenOn > today) errors.givenOn = DOSE_MESSAGES.dayInFuture;
  else if (values.givenOn < EARLIEST_DOSE_DAY) errors.givenOn = DOSE_MESSAGES.dayTooEarly;
  const lot = columnError(COLUMN_RULES.immunization_doses_lot_length, values.lot);
  if (lot !== undefined) errors.lot = lot;
  return errors;
}
