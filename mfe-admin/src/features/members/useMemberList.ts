import { usePagedQuery, useSearchTerm } from '@campuscare/shared';
import type { MemberKind } from './membersApi';
import { memberPageQuery } from './membersQueries';

/** A searchable, server-paginated list of the university's staff or students; back to page 1 when the search changes. */
export function useMemberList(kind: MemberKind) {
  const { search, setSearch, appliedSearch } = useSearchTerm();

  const paged = usePagedQuery((page) => memberPageQuery(kind, appliedSearch, page));
  return { ...paged, search, setSearch, searching: appliedSearch.trim() !== '' };
}

export type MemberList = ReturnType<typeof useMemberList>;
