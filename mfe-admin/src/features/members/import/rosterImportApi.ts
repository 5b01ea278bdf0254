import { type CampusCareClient, type Json, type PagedRows, type Tables, unwrap } from '@campuscare/shared';
import type { ImportField, ImportKind, ImportRow } from './columns';

/** An import as the database keeps it (public.roster_imports): the preview's summary, and once confirmed what it queued. */
export type RosterImport = Tables<'roster_imports'>;

/** What a row's checks found (roster_import_rows.problems): `row` names the earlier row a duplicate repeats. */
export interface RowProblem {
  readonly field: ImportField;
  readonly code: 'required' | 'invalid' | 'duplicate' | 'reg_number_taken' | 'reg_number_invited';
  readonly row?: number;
}

export interface ProblemRow {
  readonly rowNumber: number;
  readonly values: Partial<Record<ImportField, string>>;
  readonly problems: readonly RowProblem[];
}

/** Rows per request: well under the gateway's 1 MB request limit and the database's 5,000. */
export const ROWS_PER_REQUEST = 1000;
const PROBLEM_COLUMNS =
  'row_number, first_name, last_name, email, reg_number, department, year_of_study, phone, role, problems';
const FIELDS: readonly ImportField[] = [
  'first_name',
  'last_name',
  'email',
  'reg_number',
  'department',
  'year_of_study',
  'phone',
  'role',
];

function problemsOf(value: Json): RowProblem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Json & RowProblem =>
      typeof item === 'object' &&
      item !== null &&
      !Array.isArray(item) &&
      typeof item.field === 'string' &&
      typeof item.code === 'string',
  );
}

type ProblemRecord = Pick<Tables<'roster_import_rows'>, 'row_number' | 'problems' | ImportField>;

function problemRow(record: ProblemRecord): ProblemRow {
  const values: Partial<Record<ImportField, string>> = {};
  for (const field of FIELDS) {
    const value = record[field];
    if (value !== null) values[field] = value;
  }
  return { rowNumber: record.row_number, values, problems: problemsOf(record.problems) };
}

/**
 * Sends a file's rows to be checked: starts the import, then adds the rows a part at a time, telling `onProgress` how
 * many are in. The last part makes the database classify the whole file; the import comes back previewed.
 */
export async function checkRows(
  client: CampusCareClient,
  input: {
    readonly kind: ImportKind;
    readonly fileName: string;
    readonly rows: readonly ImportRow[];
    readonly onProgress: (sent: number) => void;
  },
): Promise<RosterImport> {
  let current = unwrap(
    await client.rpc('start_roster_import', {
      kind: input.kind,
      file_name: input.fileName,
      total_rows: input.rows.length,
    }),
  );
  for (let from = 0; from < input.rows.length; from += ROWS_PER_REQUEST) {
    const part = input.rows.slice(from, from + ROWS_PER_REQUEST);
    current = unwrap(await client.rpc('add_roster_import_rows', { import_id: current.id, rows: [...part] }));
    input.onProgress(from + part.length);
  }
  return current;
}

export async function confirmImport(client: CampusCareClient, importId: string): Promise<RosterImport> {
  return unwrap(await client.rpc('confirm_roster_import', { import_id: importId }));
}

export async function discardImport(client: CampusCareClient, importId: string): Promise<RosterImport> {
  return unwrap(await client.rpc('discard_roster_import', { import_id: importId }));
}

/** The latest import of `kind` that was not given up, so its preview or result is there after a reload. */
export async function latestImport(client: CampusCareClient, kind: ImportKind): Promise<RosterImport | null> {
  return unwrap<RosterImport | null>(
    await client
      .from('roster_imports')
      .select('*')
      .eq('kind', kind)
      .neq('status', 'discarded')
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
  );
}

export interface SendingProgress {
  readonly queued: number;
  readonly sent: number;
}

/** How many of a confirmed import's invitations the mail delivery has sent. */
export async function sendingProgress(client: CampusCareClient, importId: string): Promise<SendingProgress> {
  const [row] = unwrap(await client.rpc('roster_import_progress', { import_id: importId }));
  return { queued: row?.queued ?? 0, sent: row?.sent ?? 0 };
}

/** A page of the rows with errors, in file order. */
export async function problemRows(
  client: CampusCareClient,
  input: { readonly importId: string; readonly page: number; readonly pageSize: number },
): Promise<PagedRows<ProblemRow>> {
  const from = (input.page - 1) * input.pageSize;
  const result = await client
    .from('roster_import_rows')
    .select(PROBLEM_COLUMNS, { count: 'exact' })
    .eq('import_id', input.importId)
    .eq('outcome', 'invalid')
    .order('row_number')
    .range(from, from + input.pageSize - 1);
  return { rows: unwrap(result).map(problemRow), total: result.count ?? 0 };
}

/** Every row with errors, for the error report, fetched a page at a time. */
export async function allProblemRows(client: CampusCareClient, importId: string): Promise<ProblemRow[]> {
  const all: ProblemRow[] = [];
  const pageSize = 1000;
  for (let page = 1; ; page += 1) {
    const { rows } = await problemRows(client, { importId, page, pageSize });
    all.push(...rows);
    if (rows.length < pageSize) return all;
  }
}
