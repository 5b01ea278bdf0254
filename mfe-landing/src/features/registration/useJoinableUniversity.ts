import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '@campuscare/shared';
import { findUniversityByJoinCode, type JoinableUniversity } from './registrationApi';

export type JoinCodeState =
  | { readonly status: 'loading' }
  | { readonly status: 'found'; readonly university: JoinableUniversity }
  | { readonly status: 'unknown' }
  | { readonly status: 'error'; readonly message: string };

/** Looks up the university a join link's code belongs to. */
export function useJoinableUniversity(joinCode: string) {
  const [state, setState] = useState<JoinCodeState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const university = await findUniversityByJoinCode(await getSupabase(), joinCode);
      setState(university ? { status: 'found', university } : { status: 'unknown' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [joinCode]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, retry: () => void load() };
}
