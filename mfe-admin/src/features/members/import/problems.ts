import { COLUMN_RULES, CONSTRAINT_RULES, type ColumnRule, RULE_MESSAGES } from '@campuscare/shared';
import { IMPORT_FIELDS, type ImportField, type ImportKind } from './columns';
import type { ProblemRow, RowProblem } from './rosterImportApi';
import { csvDocument } from '../../../components/csv';

/**
 * The rule each imported field is held to: the one the forms apply to the same field, so a row is refused in the
 * words a form uses (the database checks the same rules; supabase/tests/roster-import.test.ts holds them together).
 */
const FIELD_RULES: Readonly<Record<Exclude<ImportField, 'role'>, ColumnRule>> = {
  first_name: COLUMN_RULES.members_first_name_length,
  last_name: COLUMN_RULES.members_last_name_length,
  email: COLUMN_RULES.clinic_settings_email_format,
  reg_number: COLUMN_RULES.members_reg_number_format,
  department: COLUMN_RULES.members_department_length,
  year_of_study: COLUMN_RULES.members_year_of_study_range,
  phone: COLUMN_RULES.members_phone_format,
};

export const ROLE_MESSAGE = 'Choose doctor or admin';

/** What a person reads for one problem of a row. */
export function problemMessage(problem: RowProblem): string {
  switch (problem.code) {
    case 'required':
      return RULE_MESSAGES.required;
    case 'invalid':
      return problem.field === 'role' ? ROLE_MESSAGE : FIELD_RULES[problem.field].message;
    case 'duplicate':
      return problem.field === 'email'
        ? `The same address as row ${problem.row}`
        : `The same registration number as row ${problem.row}`;
    case 'reg_number_taken':
      return CONSTRAINT_RULES.members_university_reg_number_key.message;
    case 'reg_number_invited':
      return 'That registration number is on the roster for another address';
  }
}

export function fieldLabel(kind: ImportKind, field: ImportField): string {
  return IMPORT_FIELDS[kind].find((spec) => spec.field === field)?.label ?? field;
}

/** The error report: one line per problem, with the row's values as the file gave them, so each can be found and fixed. */
export function errorReportCsv(kind: ImportKind, rows: readonly ProblemRow[]): string {
  const fields = IMPORT_FIELDS[kind];
  const header = ['Row', 'Field', 'Problem', ...fields.map((spec) => spec.label)];
  const lines = rows.flatMap((row) =>
    row.problems.map((problem) => [
      String(row.rowNumber),
      fieldLabel(kind, problem.field),
      problemMessage(problem),
      ...fields.map((spec) => row.values[spec.field] ?? ''),
    ]),
  );
  return csvDocument(header, lines);
}
