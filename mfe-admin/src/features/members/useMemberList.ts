import { useCallback, useEffect, useState } from 'react';
import { getSupabase, usePagedList, useUserProfile } from '@campuscare/shared';
import { listMembers, type MemberKind, type MemberRow } from './membersApi';

export const MEMBERS_PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

/** A searchable, server-paginated list of the university's staff or students (without the signed-in account). */
export function useMemberList(kind: MemberKind) {
  const profile = useUserProfile();
  const myId = profile.status === 'signedIn' ? profile.member.id : '';
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const load = useCallback(
    async (page: number) => {
      const { members, total } = await listMembers(await getSupabase(), { kind, page, pageSize: MEMBERS_PAGE_SIZE, search: appliedSearch, excludeId: myId });
      return { rows: members, total };
    },
    [kind, appliedSearch, myId],
  );
  const list = usePagedList<MemberRow>(load);
  return { ...list, search, setSearch, searching: appliedSearch.trim() !== '' };
}
