import { useState } from 'react';
import {
  DataTable,
  QueryView,
  SearchBox,
  SelectField,
  useApiQuery,
  usePagedQuery,
  useSearchTerm,
} from '@campuscare/shared';
import { BookForStudentDialog, type StudentChoice as BookedStudent } from '@campuscare/shared/appointments';
import { useClinic } from '@campuscare/shared/scheduling';
import { STUDENT_STATUS_LABEL, studentColumns } from './memberColumns';
import {
  type MemberRow,
  STUDENT_STATUSES,
  type StudentFilter,
  type StudentRow,
  type StudentStatus,
} from './membersApi';
import { StudentBulkActions } from './StudentBulkActions';
import { useMemberActions } from './useMemberActions';
import { MEMBERS_PAGE_SIZE, noShowCountsQuery, studentDirectoryPageQuery } from './membersQueries';
import { useStudentChoice } from './useStudentChoice';
import styles from './members.module.css';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...STUDENT_STATUSES.map((status) => ({ value: status, label: STUDENT_STATUS_LABEL[status] })),
];

const isStatus = (value: string): value is StudentStatus => (STUDENT_STATUSES as readonly string[]).includes(value);

/** A joined student's row as the member actions take it (the directory holds the same contact details). */
function asMember(row: StudentRow, memberId: string): MemberRow {
  return {
    id: memberId,
    role: 'student',
    is_super_admin: false,
    status: row.status === 'deactivated' ? 'deactivated' : 'active',
    must_change_password: false,
    title: null,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    staff_id: null,
    position: null,
    specialization: null,
    reg_number: row.reg_number,
    department: row.department,
  };
}

/** A joined student as the front desk books for them. */
function bookedStudent(row: StudentRow, memberId: string): BookedStudent {
  return {
    id: memberId,
    first_name: row.first_name,
    last_name: row.last_name,
    reg_number: row.reg_number,
    department: row.department,
    year_of_study: null,
  };
}

/**
 * The students list: members and invited students who have not joined, searched and filtered on the server, with how
 * many visits each student missed and, per active student, booking a visit for them. Rows can be chosen for a bulk
 * action (StudentBulkActions).
 */
export function StudentDirectory({
  myId,
  canDeactivate,
  canInvite,
}: {
  readonly myId: string | null;
  readonly canDeactivate: boolean;
  readonly canInvite: boolean;
}) {
  const { search, setSearch, appliedSearch } = useSearchTerm();
  const [status, setStatus] = useState<StudentStatus | ''>('');
  const filter: StudentFilter = { search: appliedSearch, status };
  const list = usePagedQuery((page) => studentDirectoryPageQuery(filter, page));
  const choice = useStudentChoice(filter, list.total);
  const { actionsFor, dialog } = useMemberActions({ canPromote: false, myId });
  const [bookingFor, setBookingFor] = useState<BookedStudent | null>(null);
  const memberIds = list.rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id]));
  const noShows = useApiQuery(noShowCountsQuery(memberIds), { enabled: memberIds.length > 0 });
  const clinic = useClinic();

  const columns = studentColumns({
    choice,
    noShows: noShows.data,
    zone: clinic.data?.settings.timezone ?? 'UTC',
    // An invitation has no member to act on one by one.
    actionsFor: (row) => {
      const memberId = row.member_id;
      if (memberId === null) return [];
      return [
        ...(row.status === 'active'
          ? [{ label: 'Book a visit', onSelect: () => setBookingFor(bookedStudent(row, memberId)) }]
          : []),
        ...actionsFor(asMember(row, memberId)),
      ];
    },
  });

  return (
    <>
      <div className={styles.filters}>
        <SearchBox
          label="Search students"
          value={search}
          onChange={setSearch}
          placeholder="Name, email or registration number"
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')}
        />
      </div>
      <StudentBulkActions
        choice={choice}
        pageIds={list.rows.map((row) => row.id)}
        filter={filter}
        canDeactivate={canDeactivate}
        canInvite={canInvite}
      />
      <QueryView query={list.query}>
        {(page) => (
          <DataTable
            caption="Students"
            columns={columns}
            rows={page.rows}
            rowKey={(row) => row.id}
            emptyMessage={
              filter.search || filter.status
                ? 'Nobody matches your search'
                : 'No students have joined yet: share the join link below'
            }
            pagination={{ page: list.page, pageSize: MEMBERS_PAGE_SIZE, total: page.total, onPageChange: list.setPage }}
          />
        )}
      </QueryView>
      {dialog}
      {bookingFor && <BookForStudentDialog student={bookingFor} onClose={() => setBookingFor(null)} />}
    </>
  );
}
