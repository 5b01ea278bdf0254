import { useCallback, useEffect, useRef, useState } from 'react';
import { getSupabase } from '@campuscare/shared';
import { fetchCounts, fetchDailyLoad, type DayLoad, type UniversityCounts } from './dashboardApi';

export type Loadable<Value> = { readonly status: 'loading' } | { readonly status: 'ready'; readonly value: Value } | { readonly status: 'error'; readonly message: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function useLoadable<Value>(load: () => Promise<Value>): [Loadable<Value>, () => void] {
  const [state, setState] = useState<Loadable<Value>>({ status: 'loading' });
  const latest = useRef(0);
  const reload = useCallback(() => {
    const request = ++latest.current;
    load().then(
      (value) => request === latest.current && setState({ status: 'ready', value }),
      (error: unknown) => request === latest.current && setState({ status: 'error', message: messageOf(error) }),
    );
  }, [load]);
  useEffect(reload, [reload]);
  return [state, reload];
}

const loadCounts = async (): Promise<UniversityCounts> => fetchCounts(await getSupabase());
const loadDays = async (): Promise<DayLoad[]> => fetchDailyLoad(await getSupabase());

/** The live numbers and the per-day load; `refresh` re-reads both (after an appointment changed). */
export function useDashboardData() {
  const [counts, reloadCounts] = useLoadable(loadCounts);
  const [days, reloadDays] = useLoadable(loadDays);
  const refresh = useCallback(() => {
    reloadCounts();
    reloadDays();
  }, [reloadCounts, reloadDays]);
  return { counts, days, refresh, reloadCounts, reloadDays };
}
