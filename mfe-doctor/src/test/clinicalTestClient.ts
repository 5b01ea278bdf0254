import type { CampusCareClient } from '@campuscare/shared';

interface Answer {
  readonly data: unknown;
  readonly error: unknown;
}

/** A client that records the calls of a query and gives fixed answers: to rpc and to maybeSingle. */
export function clinicalTestClient(answers: { readonly rpc?: Answer; readonly single?: Answer }) {
  const calls: unknown[][] = [];
  const record = (...call: unknown[]) => calls.push(call);
  const query = {
    select: (columns: string) => (record('select', columns), query),
    eq: (column: string, value: unknown) => (record('eq', column, value), query),
    maybeSingle: () => (record('maybeSingle'), Promise.resolve(answers.single ?? { data: null, error: null })),
  };
  const client = {
    rpc: (name: string, args: unknown) => (
      record('rpc', name, args),
      Promise.resolve(answers.rpc ?? { data: null, error: null })
    ),
    from: (table: string) => (record('from', table), query),
  } as unknown as CampusCareClient;
  return { client, calls };
}
