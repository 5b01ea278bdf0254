import {
  COLUMN_RULES,
  columnError,
  type FieldErrors,
  MESSAGES,
  parseWholeNumber,
  REQUIREMENT_VACCINES_RANGE,
  RULE_MESSAGES,
  YEAR_OF_STUDY_RANGE,
} from '@campuscare/shared';
import { EXEMPTION_KIND_LABEL, vaccineName, type Vaccine } from '@campuscare/shared/clinical';
import { formatDay } from '@campuscare/shared/scheduling';
import type { Requirement, RequirementFields } from './requirementsApi';

/** How a requirement falls due: on a fixed day, or a number of days after each student joined. */
export type DueMode = 'date' | 'afterJoining';

/** The requirement form as typed: numbers as text, departments one per line, the due date as 'YYYY-MM-DD'. */
export interface RequirementValues {
  readonly name: string;
  readonly cvxCodes: readonly string[];
  readonly dosesRequired: string;
  readonly minIntervalDays: string;
  readonly dueMode: DueMode;
  readonly dueOn: string;
  readonly dueDaysAfterJoining: string;
  readonly departments: string;
  readonly years: readonly number[];
  readonly medicalExemption: boolean;
  readonly medicalNeedsDocument: boolean;
  readonly personalExemption: boolean;
  readonly personalNeedsDocument: boolean;
}

/** The database's defaults: one dose, due 30 days after joining, medical exemptions with a document. */
export const NEW_REQUIREMENT: RequirementValues = {
  name: '',
  cvxCodes: [],
  dosesRequired: '1',
  minIntervalDays: '0',
  dueMode: 'afterJoining',
  dueOn: '',
  dueDaysAfterJoining: '30',
  departments: '',
  years: [],
  medicalExemption: true,
  medicalNeedsDocument: true,
  personalExemption: false,
  personalNeedsDocument: false,
};

export const REQUIREMENT_MESSAGES = {
  chooseDueDate: 'Choose the due date',
  created: 'Requirement added',
  saved: 'Requirement saved',
  deleted: 'Requirement deleted',
} as const;

export const REQUIREMENT_NAME_MAX_LENGTH = COLUMN_RULES.immunization_requirements_name_length.maxLength;
/** members_department_length: a department names no more than a student's department can hold. */
const DEPARTMENT_RULE = COLUMN_RULES.members_department_length;

export const YEARS_OF_STUDY: readonly number[] = Array.from(
  { length: YEAR_OF_STUDY_RANGE.max - YEAR_OF_STUDY_RANGE.min + 1 },
  (_, index) => YEAR_OF_STUDY_RANGE.min + index,
);

/** The departments typed, one per line: trimmed, blank lines and repeats left out (as the database stores them). */
export function departmentList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
}

export function validateRequirement(values: RequirementValues): FieldErrors<RequirementValues> {
  const errors: FieldErrors<RequirementValues> = {};
  const name = columnError(COLUMN_RULES.immunization_requirements_name_length, values.name);
  if (name !== undefined) errors.name = name;
  if (
    values.cvxCodes.length < REQUIREMENT_VACCINES_RANGE.min ||
    values.cvxCodes.length > REQUIREMENT_VACCINES_RANGE.max
  )
    errors.cvxCodes = RULE_MESSAGES.requirementVaccines;
  const doses = columnError(COLUMN_RULES.immunization_requirements_doses_range, values.dosesRequired);
  if (doses !== undefined) errors.dosesRequired = doses;
  const interval = columnError(COLUMN_RULES.immunization_requirements_interval_range, values.minIntervalDays);
  if (interval !== undefined) errors.minIntervalDays = interval;
  if (values.dueMode === 'date') {
    if (values.dueOn === '') errors.dueOn = REQUIREMENT_MESSAGES.chooseDueDate;
  } else {
    const days = columnError(COLUMN_RULES.immunization_requirements_due_days_range, values.dueDaysAfterJoining, {
      required: true,
    });
    if (days !== undefined) errors.dueDaysAfterJoining = days;
  }
  const department = departmentList(values.departments)
    .map((line) => columnError(DEPARTMENT_RULE, line))
    .find((error) => error !== undefined);
  if (department !== undefined) errors.departments = department;
  if (values.years.some((year) => !YEARS_OF_STUDY.includes(year))) errors.years = MESSAGES.invalidYear;
  return errors;
}

/** The row's columns for what was typed (checked first by validateRequirement). */
export function requirementFields(values: RequirementValues): RequirementFields {
  return {
    name: values.name.trim(),
    cvx_codes: [...values.cvxCodes],
    doses_required: parseWholeNumber(values.dosesRequired) ?? 1,
    min_interval_days: parseWholeNumber(values.minIntervalDays) ?? 0,
    due_on: values.dueMode === 'date' ? values.dueOn : null,
    due_days_after_joining:
      values.dueMode === 'afterJoining' ? (parseWholeNumber(values.dueDaysAfterJoining) ?? null) : null,
    departments: departmentList(values.departments),
    years: [...values.years].sort((a, b) => a - b),
    medical_exemption: values.medicalExemption,
    medical_exemption_needs_document: values.medicalExemption && values.medicalNeedsDocument,
    personal_exemption: values.personalExemption,
    personal_exemption_needs_document: values.personalExemption && values.personalNeedsDocument,
  };
}

/** A stored requirement as the form shows it for editing. */
export function requirementValues(requirement: Requirement): RequirementValues {
  return {
    name: requirement.name,
    cvxCodes: requirement.cvx_codes,
    dosesRequired: String(requirement.doses_required),
    minIntervalDays: String(requirement.min_interval_days),
    dueMode: requirement.due_on !== null ? 'date' : 'afterJoining',
    dueOn: requirement.due_on ?? '',
    dueDaysAfterJoining: requirement.due_days_after_joining === null ? '' : String(requirement.due_days_after_joining),
    departments: requirement.departments.join('\n'),
    years: requirement.years,
    medicalExemption: requirement.medical_exemption,
    medicalNeedsDocument: requirement.medical_exemption_needs_document,
    personalExemption: requirement.personal_exemption,
    personalNeedsDocument: requirement.personal_exemption_needs_document,
  };
}

/** "Due Tue, 1 Sep 2026", "Due 30 days after joining". */
export function dueText(requirement: Pick<Requirement, 'due_on' | 'due_days_after_joining'>): string {
  if (requirement.due_on !== null) return `Due ${formatDay(requirement.due_on)}`;
  const days = requirement.due_days_after_joining ?? 0;
  return days === 0 ? 'Due on joining' : `Due ${days} ${days === 1 ? 'day' : 'days'} after joining`;
}

/** "Everyone", "Medicine, Nursing", "Years 1, 2", "Medicine · years 1, 2". */
export function appliesToText(requirement: Pick<Requirement, 'departments' | 'years'>): string {
  const years =
    requirement.years.length === 0
      ? null
      : `${requirement.years.length === 1 ? 'year' : 'years'} ${requirement.years.join(', ')}`;
  const departments = requirement.departments.length === 0 ? null : requirement.departments.join(', ');
  if (departments === null && years === null) return 'Every student';
  if (departments === null) return `Students in ${years}`;
  return years === null ? departments : `${departments} · ${years}`;
}

/** "3 doses, at least 28 days apart", "1 dose". */
export function dosesText(requirement: Pick<Requirement, 'doses_required' | 'min_interval_days'>): string {
  const doses = `${requirement.doses_required} ${requirement.doses_required === 1 ? 'dose' : 'doses'}`;
  return requirement.doses_required > 1 && requirement.min_interval_days > 0
    ? `${doses}, at least ${requirement.min_interval_days} days apart`
    : doses;
}

/** "Medical (document needed), Religious or personal", or "None". */
export function exemptionsText(
  requirement: Pick<
    Requirement,
    | 'medical_exemption'
    | 'medical_exemption_needs_document'
    | 'personal_exemption'
    | 'personal_exemption_needs_document'
  >,
): string {
  const kinds = [
    requirement.medical_exemption
      ? `${EXEMPTION_KIND_LABEL.medical}${requirement.medical_exemption_needs_document ? ' (document needed)' : ''}`
      : null,
    requirement.personal_exemption
      ? `${EXEMPTION_KIND_LABEL.personal}${requirement.personal_exemption_needs_document ? ' (document needed)' : ''}`
      : null,
  ].filter((kind) => kind !== null);
  return kinds.length === 0 ? 'None' : kinds.join(', ');
}

export function vaccinesText(
  requirement: Pick<Requirement, 'cvx_codes'>,
  vaccines: readonly Vaccine[] | undefined,
): string {
  return requirement.cvx_codes.map((code) => vaccineName(vaccines, code)).join(', ');
}
