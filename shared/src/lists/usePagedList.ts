import { useCallback, useEffect, useRef, useState } from 'react';

export interface PagedRows<Row> {
  readonly rows: readonly Row[];
  readonly total: number;
}

export type PagedListState<Row> =
  | { readonly status: 'loading'; readonly rows: readonly Row[]; readonly total: number }
  | { readonly status: 'ready'; readonly rows: readonly Row[]; readonly total: number }
  | { readonly status: 'error'; readonly rows: readonly Row[]; readonly total: number; readonly message: string };

export interface PagedList<Row> {
  readonly state: PagedListState<Row>;
  /** 1-based. */
  readonly page: number;
  readonly setPage: (page: number) => void;
  /** Loads the current page again (after a change, or from an error's "Try again"). */
  readonly reload: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One server-side page of a list. `load` must be memoised (useCallback) on everything it filters by: when it
 * changes, the list goes back to page 1. Answers to superseded requests are dropped.
 */
export function usePagedList<Row>(load: (page: number) => Promise<PagedRows<Row>>): PagedList<Row> {
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<PagedListState<Row>>({ status: 'loading', rows: [], total: 0 });
  const latestRequest = useRef(0);
  const loadedWith = useRef(load);

  useEffect(() => {
    if (loadedWith.current !== load) {
      loadedWith.current = load;
      if (page !== 1) {
        setPage(1);
        return;
      }
    }
    const request = ++latestRequest.current;
    setState((current) => ({ status: 'loading', rows: current.rows, total: current.total }));
    load(page).then(
      (result) => {
        if (request === latestRequest.current) setState({ status: 'ready', rows: result.rows, total: result.total });
      },
      (error: unknown) => {
        if (request === latestRequest.current) setState((current) => ({ status: 'error', rows: current.rows, total: current.total, message: messageOf(error) }));
      },
    );
  }, [load, page, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, page, setPage, reload };
}
