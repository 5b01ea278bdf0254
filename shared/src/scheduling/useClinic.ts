import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '../supabase/client';
import { loadClinic, type Clinic } from './schedulingApi';

export type ClinicState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly clinic: Clinic }
  | { readonly status: 'error'; readonly message: string };

/** The caller's clinic (time zone, hours, upcoming closures), loaded on mount; `reload` reads it again after a change. */
export function useClinic(): { readonly state: ClinicState; readonly reload: () => void } {
  const [state, setState] = useState<ClinicState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let current = true;
    getSupabase()
      .then(loadClinic)
      .then(
        (clinic) => current && setState({ status: 'ready', clinic }),
        (error: unknown) => current && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [reloads]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, reload };
}
