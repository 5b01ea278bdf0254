import { type Column, DataTable, QueryView, SearchBox } from '@campuscare/shared';
import type { MemberRow } from './membersApi';
import { MEMBERS_PAGE_SIZE } from './membersQueries';
import type { MemberList } from './useMemberList';

interface MemberTableProps {
  readonly caption: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly emptyMessage: string;
  readonly columns: readonly Column<MemberRow>[];
  readonly list: MemberList;
}

export function MemberTable({
  caption,
  searchLabel,
  searchPlaceholder,
  emptyMessage,
  columns,
  list,
}: MemberTableProps) {
  return (
    <>
      <SearchBox label={searchLabel} value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} />
      <QueryView query={list.query}>
        {(page) => (
          <DataTable
            caption={caption}
            columns={columns}
            rows={page.rows}
            rowKey={(member) => member.id}
            emptyMessage={list.searching ? 'Nobody matches your search' : emptyMessage}
            pagination={{ page: list.page, pageSize: MEMBERS_PAGE_SIZE, total: page.total, onPageChange: list.setPage }}
          />
        )}
      </QueryView>
    </>
  );
}
