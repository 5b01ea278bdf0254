import type { CampusCareClient } from '@campuscare/shared';
import {
  exportHolds,
  type Hold,
  HOLDS_EXPORT_LIMIT,
  listHolds,
  literalPattern,
  NO_HOLDS_FILTER,
} from './complianceApi';
import { holdsCsv } from './holdsCsv';

type Call = readonly [string, ...unknown[]];

/** Records each call of the RPC's builder; every page answers `pageOf(call number)`. */
function fakeClient(
  pageOf: (request: number) => { readonly data: unknown; readonly error: unknown; readonly count: number | null },
) {
  const calls: Call[] = [];
  let requests = 0;
  const builder: Record<string, unknown> = {};
  for (const method of ['ilike', 'eq', 'order']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  builder.range = async (...args: unknown[]) => {
    calls.push(['range', ...args]);
    requests += 1;
    return pageOf(requests);
  };
  const client = {
    rpc: (name: string, args: unknown, options: unknown) => {
      calls.push(['rpc', name, args, options]);
      return builder;
    },
  };
  return { client: client as unknown as CampusCareClient, calls };
}

function hold(overrides: Partial<Hold> = {}): Hold {
  return {
    student_id: 's1',
    student_name: 'Ada Okoro',
    reg_number: 'NFU/2025/001',
    department: 'Medicine',
    year_of_study: 2,
    requirement_id: 'r1',
    requirement_name: 'Hepatitis B',
    due_on: '2026-10-01',
    missing: '3 more doses of Hepatitis B, adult (at least 28 days apart)',
    ...overrides,
  };
}

describe('the holds list', () => {
  it('asks the database for one page, filtered there, in a whole order', async () => {
    const { client, calls } = fakeClient(() => ({ data: [hold()], error: null, count: 31 }));
    const page = await listHolds(client, {
      filter: { requirementId: 'r1', department: ' medicine ', year: '2' },
      page: 2,
      pageSize: 25,
    });
    expect(page).toEqual({ rows: [hold()], total: 31 });
    expect(calls).toEqual([
      ['rpc', 'overdue_students', { requirement: 'r1' }, { count: 'exact' }],
      ['ilike', 'department', 'medicine'],
      ['eq', 'year_of_study', 2],
      ['order', 'due_on'],
      ['order', 'student_name'],
      ['order', 'student_id'],
      ['order', 'requirement_name'],
      ['order', 'requirement_id'],
      ['range', 25, 49],
    ]);
  });

  it('asks for every requirement, department and year when not filtered', async () => {
    const { client, calls } = fakeClient(() => ({ data: [], error: null, count: 0 }));
    await listHolds(client, { filter: NO_HOLDS_FILTER, page: 1, pageSize: 25 });
    expect(calls[0]).toEqual(['rpc', 'overdue_students', { requirement: undefined }, { count: 'exact' }]);
    expect(calls.filter(([method]) => method === 'ilike' || method === 'eq')).toEqual([]);
  });

  it('matches a department as typed, its wildcards taken literally', () => {
    expect(literalPattern('Arts_and 100%')).toBe('Arts\\_and 100\\%');
    expect(literalPattern('a\\b')).toBe('a\\\\b');
  });

  it('exports every page, and refuses more rows than an export holds', async () => {
    const full = Array.from({ length: 1000 }, (_, index) => hold({ student_id: `s${index}` }));
    const { client, calls } = fakeClient((request) => ({
      data: request === 1 ? full : [hold({ student_id: 'last' })],
      error: null,
      count: 1001,
    }));
    expect(await exportHolds(client, NO_HOLDS_FILTER)).toHaveLength(1001);
    expect(calls.filter(([method]) => method === 'range')).toEqual([
      ['range', 0, 999],
      ['range', 1000, 1999],
    ]);
    const tooMany = fakeClient(() => ({ data: full, error: null, count: HOLDS_EXPORT_LIMIT + 1 }));
    await expect(exportHolds(tooMany.client, NO_HOLDS_FILTER)).rejects.toThrow(
      'That is 10,001 rows; narrow the filter to at most 10,000 to export.',
    );
  });

  it('writes the CSV with a header, formula-safe, and nothing but statuses', () => {
    const csv = holdsCsv([hold(), hold({ student_name: '=HYPERLINK("http://evil")', department: '+Law' })]);
    expect(csv.split('\r\n')).toEqual([
      '"Student","Registration number","Department","Year of study","Requirement","Due on","Missing"',
      '"Ada Okoro","NFU/2025/001","Medicine","2","Hepatitis B","2026-10-01","3 more doses of Hepatitis B, adult (at least 28 days apart)"',
      `"'=HYPERLINK(""http://evil"")","NFU/2025/001","'+Law","2","Hepatitis B","2026-10-01","3 more doses of Hepatitis B, adult (at least 28 days apart)"`,
      '',
    ]);
  });
});
