import type { CsvTable } from './csvFile';

export type ImportKind = 'students' | 'staff';

export type StudentField =
  'first_name' | 'last_name' | 'email' | 'reg_number' | 'department' | 'year_of_study' | 'phone';
export type StaffField = 'email' | 'role';
export type ImportField = StudentField | StaffField;

export interface FieldSpec {
  readonly field: ImportField;
  readonly label: string;
  readonly required: boolean;
  /** Header names a registrar's export uses for it, compared without case, spaces or punctuation. */
  readonly headers: readonly string[];
}

/** The fields of each kind of import, in the order of the forms. */
export const IMPORT_FIELDS: Readonly<Record<ImportKind, readonly FieldSpec[]>> = {
  students: [
    {
      field: 'first_name',
      label: 'First name',
      required: true,
      headers: ['first name', 'firstname', 'given name', 'given names', 'forename', 'first'],
    },
    {
      field: 'last_name',
      label: 'Last name',
      required: true,
      headers: ['last name', 'lastname', 'surname', 'family name', 'last'],
    },
    {
      field: 'email',
      label: 'Email',
      required: true,
      headers: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'student email'],
    },
    {
      field: 'reg_number',
      label: 'Registration number',
      required: true,
      headers: [
        'registration number',
        'reg number',
        'reg no',
        'reg',
        'matric number',
        'matric no',
        'matriculation number',
        'student number',
        'student id',
        'id',
      ],
    },
    {
      field: 'department',
      label: 'Department',
      required: true,
      headers: ['department', 'dept', 'faculty', 'programme', 'program', 'course'],
    },
    {
      field: 'year_of_study',
      label: 'Year of study',
      required: true,
      headers: ['year of study', 'year', 'study year', 'level', 'class year'],
    },
    {
      field: 'phone',
      label: 'Phone',
      required: false,
      headers: ['phone', 'phone number', 'mobile', 'mobile number', 'telephone', 'tel'],
    },
  ],
  staff: [
    {
      field: 'email',
      label: 'Email',
      required: true,
      headers: ['email', 'e-mail', 'email address', 'e-mail address', 'mail'],
    },
    { field: 'role', label: 'Role', required: true, headers: ['role', 'staff role', 'type', 'position'] },
  ],
};

/** Which column (by index) each field is read from; a field left out has none. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

const normalised = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column each field's header names, when the file's headers say so; each column serves one field. */
export function suggestMapping(kind: ImportKind, header: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  for (const spec of IMPORT_FIELDS[kind]) {
    const names = spec.headers.map(normalised);
    const column = header.findIndex((name, index) => !taken.has(index) && names.includes(normalised(name)));
    if (column >= 0) {
      mapping[spec.field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** The required fields no column is chosen for, by label. */
export function unmappedFields(kind: ImportKind, mapping: ColumnMapping): string[] {
  return IMPORT_FIELDS[kind]
    .filter((spec) => spec.required && mapping[spec.field] === undefined)
    .map((spec) => spec.label);
}

/** One row as the import sends it: its row number and each mapped field's value, trimmed as the forms store it. */
export type ImportRow = { readonly row: number } & Partial<Record<ImportField, string>>;

export function mappedRows(kind: ImportKind, table: CsvTable, mapping: ColumnMapping): ImportRow[] {
  return table.rows.map(({ row, cells }) => {
    const values: Partial<Record<ImportField, string>> = {};
    for (const { field } of IMPORT_FIELDS[kind]) {
      const column = mapping[field];
      values[field] = column === undefined ? '' : (cells[column] ?? '').trim();
    }
    return { row, ...values };
  });
}
