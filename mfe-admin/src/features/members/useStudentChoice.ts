import { useState } from 'react';
import type { StudentChoice, StudentFilter } from './membersApi';

interface Choice {
  readonly filterKey: string;
  readonly ids: ReadonlySet<string>;
  readonly all: boolean;
}

/**
 * The students a bulk action is for: rows chosen one by one, or every row `filter` matches (`total` of them). The
 * choice belongs to the filter it was made under: a new search or status starts a new one.
 */
export function useStudentChoice(filter: StudentFilter, total: number) {
  const filterKey = JSON.stringify(filter);
  const [stored, setStored] = useState<Choice>({ filterKey, ids: new Set(), all: false });
  const current: Choice = stored.filterKey === filterKey ? stored : { filterKey, ids: new Set(), all: false };
  const choose = (ids: readonly string[], on: boolean) => {
    const next = new Set(current.ids);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setStored({ filterKey, ids: next, all: false });
  };
  const chosen: StudentChoice = current.all ? { filter, expected: total } : { ids: [...current.ids] };
  return {
    total,
    all: current.all,
    count: current.all ? total : current.ids.size,
    /** Some rows the filter matches are not chosen one by one yet. */
    more: !current.all && total > current.ids.size,
    chosen,
    isChosen: (id: string) => current.all || current.ids.has(id),
    choose,
    chooseAll: () => setStored({ filterKey, ids: new Set(), all: true }),
    clear: () => setStored({ filterKey, ids: new Set(), all: false }),
  };
}

export type StudentChoiceState = ReturnType<typeof useStudentChoice>;
