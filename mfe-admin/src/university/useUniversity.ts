import { useCallback, useEffect, useRef, useState } from 'react';
import { getSupabase, useUserProfile, type University } from '@campuscare/shared';
import { fetchUniversity } from './universityApi';

export type UniversityState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly university: University }
  | { readonly status: 'error'; readonly message: string };

/** The signed-in admin's university row, with `reload` after it changed. */
export function useUniversity(): { readonly state: UniversityState; readonly reload: () => void } {
  const profile = useUserProfile();
  const universityId = profile.status === 'signedIn' ? profile.member.university_id : null;
  const [state, setState] = useState<UniversityState>({ status: 'loading' });
  const latest = useRef(0);

  const reload = useCallback(() => {
    if (!universityId) return;
    const request = ++latest.current;
    getSupabase()
      .then((client) => fetchUniversity(client, universityId))
      .then(
        (university) => request === latest.current && setState({ status: 'ready', university }),
        (error: unknown) => request === latest.current && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
  }, [universityId]);

  useEffect(reload, [reload]);
  return { state, reload };
}
