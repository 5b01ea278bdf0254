import { queryKeys, usePagedQuery, useSearchTerm } from '@campuscare/shared';
import { listMembers, type MemberKind } from './membersApi';

export const MEMBERS_PAGE_SIZE = 10;

/** A searchable, server-paginated list of the university's staff or students; back to page 1 when the search changes. */
export function useMemberList(kind: MemberKind) {
  const { search, setSearch, appliedSearch } = useSearchTerm();

  const paged = usePagedQuery([...queryKeys.members, kind, appliedSearch], (client, page) =>
    listMembers(client, { kind, page, pageSize: MEMBERS_PAGE_SIZE, search: appliedSearch }),
  );
  return { ...paged, search, setSearch, searching: appliedSearch.trim() !== '' };
}

export type MemberList = ReturnType<typeof useMemberList>;
