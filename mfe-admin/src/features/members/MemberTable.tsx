import { DataTable, ErrorBanner, LoadingState, SearchBox, type Column, type PagedListState } from '@campuscare/shared';
import type { MemberRow } from './membersApi';
import { MEMBERS_PAGE_SIZE } from './useMemberList';

interface MemberTableProps {
  readonly caption: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly emptyMessage: string;
  readonly columns: readonly Column<MemberRow>[];
  readonly list: {
    readonly state: PagedListState<MemberRow>;
    readonly page: number;
    readonly setPage: (page: number) => void;
    readonly reload: () => void;
    readonly search: string;
    readonly setSearch: (search: string) => void;
    readonly searching: boolean;
  };
}

export function MemberTable({ caption, searchLabel, searchPlaceholder, emptyMessage, columns, list }: MemberTableProps) {
  const { state } = list;
  return (
    <>
      <SearchBox label={searchLabel} value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} />
      {state.status === 'error' && <ErrorBanner message={`Could not load the list: ${state.message}`} onRetry={list.reload} />}
      {state.status === 'loading' && state.rows.length === 0 ? (
        <LoadingState />
      ) : (
        state.status !== 'error' && (
          <DataTable
            caption={caption}
            columns={columns}
            rows={state.rows}
            rowKey={(member) => member.id}
            emptyMessage={list.searching ? 'Nobody matches your search' : emptyMessage}
            pagination={{ page: list.page, pageSize: MEMBERS_PAGE_SIZE, total: state.total, onPageChange: list.setPage }}
          />
        )
      )}
    </>
  );
}
