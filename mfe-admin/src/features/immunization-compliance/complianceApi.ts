import { ApiError, type CampusCareClient, type Database, type PagedRows, unwrap } from '@campuscare/shared';
import { formatCount } from '@campuscare/shared/scheduling';

/** Per requirement, how many of the students it applies to stand in each status (immunization_compliance()). */
export type ComplianceRow = Database['public']['Functions']['immunization_compliance']['Returns'][number];

/** One overdue student on one requirement: the registrar's holds list (overdue_students()). Never a dose or a reason. */
export type Hold = Database['public']['Functions']['overdue_students']['Returns'][number];

/** What the holds list is narrowed to; '' means any. */
export interface HoldsFilter {
  readonly requirementId: string;
  /** A department as students gave it, matched whatever its letter case. */
  readonly department: string;
  /** '1' to '8'. */
  readonly year: string;
}

export const NO_HOLDS_FILTER: HoldsFilter = { requirementId: '', department: '', year: '' };

/** The database serves at most this many rows per request (PostgREST's max-rows). */
const HOLDS_MAX_PAGE_SIZE = 1000;
/** An export stops here, so one click cannot pull a whole university into the browser. */
export const HOLDS_EXPORT_LIMIT = 10_000;

export async function loadCompliance(client: CampusCareClient): Promise<ComplianceRow[]> {
  return unwrap(await client.rpc('immunization_compliance'));
}

/** `text` as an ILIKE pattern that matches only itself: its wildcard and escape characters taken literally. */
export function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A page of the holds list, soonest due first, filtered in the database; with how many rows the whole list has. */
export async function listHolds(
  client: CampusCareClient,
  input: { readonly filter: HoldsFilter; readonly page: number; readonly pageSize: number },
): Promise<PagedRows<Hold>> {
  const { filter, page, pageSize } = input;
  let query = client.rpc(
    'overdue_students',
    { requirement: filter.requirementId === '' ? undefined : filter.requirementId },
    { count: 'exact' },
  );
  const department = filter.department.trim();
  if (department !== '') query = query.ilike('department', literalPattern(department));
  if (filter.year !== '') query = query.eq('year_of_study', Number(filter.year));
  const from = (page - 1) * pageSize;
  // A whole order, so that no row is on two pages or none.
  const result = await query
    .order('due_on')
    .order('student_name')
    .order('student_id')
    .order('requirement_name')
    .order('requirement_id')
    .range(from, from + pageSize - 1);
  return { rows: unwrap(result), total: result.count ?? 0 };
}

/** Every row the filter matches, page by page, up to HOLDS_EXPORT_LIMIT. */
export async function exportHolds(client: CampusCareClient, filter: HoldsFilter): Promise<readonly Hold[]> {
  const all: Hold[] = [];
  for (let page = 1; all.length < HOLDS_EXPORT_LIMIT; page += 1) {
    const { rows, total } = await listHolds(client, { filter, page, pageSize: HOLDS_MAX_PAGE_SIZE });
    if (page === 1 && total > HOLDS_EXPORT_LIMIT) {
      throw new ApiError(
        `That is ${formatCount(total)} rows; narrow the filter to at most ${formatCount(HOLDS_EXPORT_LIMIT)} to export.`,
      );
    }
    all.push(...rows);
    if (rows.length < HOLDS_MAX_PAGE_SIZE) break;
  }
  return all;
}
