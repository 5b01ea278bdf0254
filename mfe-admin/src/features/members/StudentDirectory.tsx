import { useState } from 'react';
import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  displayName,
  queryKeys,
  QueryView,
  RowActionMenu,
  SearchBox,
  SelectField,
  useApiQuery,
  usePagedQuery,
  useApiMutation,
  useSearchTerm,
} from '@campuscare/shared';
import { BookForStudentDialog, listNoShowCounts, type StudentChoice as BookedStudent } from '@campuscare/shared/appointments';
import { formatCount, formatDayOf, useClinic } from '@campuscare/shared/scheduling';
import {
  deactivateStudents,
  listStudents,
  type MemberRow,
  resendInvitations,
  STUDENT_STATUSES,
  type StudentChoice,
  type StudentFilter,
  type StudentRow,
  type StudentStatus,
} from './membersApi';
import { useMemberActions } from './useMemberActions';
import styles from './members.module.css';

export const STUDENTS_PAGE_SIZE = 10;

const STATUS_LABEL: Readonly<Record<StudentStatus, string>> = {
  active: 'Active',
  deactivated: 'Deactivated',
  invited: 'Invited, not joined',
  withdrawn: 'Invitation withdrawn',
};
const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...STUDENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] }))];

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
  return { id: memberId, first_name: row.first_name, last_name: row.last_name, reg_number: row.reg_number, department: row.department, year_of_study: null };
}

type BulkAction = 'deactivate' | 'resend';

const nameOf = (row: StudentRow) => displayName({ ...row, title: null });

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The students list: members and invited students who have not joined, searched and filtered on the server, with how
 * many visits each student missed and, per active student, booking a visit for them. Rows can
 * be chosen one by one or every one the filter matches, for a bulk action the database performs set-wise and records:
 * deactivation at the end of studies (super admins) or the join link sent again (admins).
 */
export function StudentDirectory({ myId, canDeactivate, canInvite }: { readonly myId: string | null; readonly canDeactivate: boolean; readonly canInvite: boolean }) {
  const { search, setSearch, appliedSearch } = useSearchTerm();
  const [status, setStatus] = useState<StudentStatus | ''>('');
  const filter: StudentFilter = { search: appliedSearch, status };
  const filterKey = JSON.stringify(filter);
  const list = usePagedQuery([...queryKeys.members, 'student-directory', filter], (client, page) =>
    listStudents(client, { filter, page, pageSize: STUDENTS_PAGE_SIZE }),
  );
  // The choice belongs to the filter it was made under: a new search starts a new one.
  const [choice, setChoice] = useState<{ readonly filterKey: string; readonly ids: ReadonlySet<string>; readonly all: boolean }>({ filterKey, ids: new Set(), all: false });
  const current = choice.filterKey === filterKey ? choice : { filterKey, ids: new Set<string>(), all: false };
  const [pending, setPending] = useState<BulkAction | null>(null);
  const { actionsFor, dialog } = useMemberActions({ canPromote: false, myId });
  const [bookingFor, setBookingFor] = useState<BookedStudent | null>(null);
  const memberIds = list.rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id]));
  // Under the appointments' root: a visit marked as a no-show anywhere reads the counts again.
  const noShows = useApiQuery([...queryKeys.appointments, 'no-show counts', memberIds], (client) => listNoShowCounts(client, memberIds), { enabled: memberIds.length > 0 });
  const clinic = useClinic();
  const zone = clinic.data?.settings.timezone ?? 'UTC';

  const total = list.total;
  const chosenCount = current.all ? total : current.ids.size;
  const chosen: StudentChoice = current.all ? { filter, expected: total } : { ids: [...current.ids] };
  const toggle = (id: string, on: boolean) => {
    const ids = new Set(current.ids);
    if (on) ids.add(id);
    else ids.delete(id);
    setChoice({ filterKey, ids, all: false });
  };
  const pageIds = list.rows.map((row) => row.id);
  const choosePage = (on: boolean) => {
    const ids = new Set(current.ids);
    for (const id of pageIds) {
      if (on) ids.add(id);
      else ids.delete(id);
    }
    setChoice({ filterKey, ids, all: false });
  };
  const wholePageChosen = pageIds.length > 0 && pageIds.every((id) => current.all || current.ids.has(id));
  const invalidates = [queryKeys.members, queryKeys.dashboard];
  const deactivate = useApiMutation(deactivateStudents, {
    invalidates,
    success: (done) => `${plural(done.deactivated, 'student', 'students')} deactivated, ${plural(done.withdrawn, 'invitation', 'invitations')} withdrawn`,
    onSuccess: () => setChoice({ filterKey, ids: new Set(), all: false }),
  });
  const resend = useApiMutation(resendInvitations, {
    invalidates,
    success: (done) => `The join link is on its way to ${plural(done.resent, 'student', 'students')}${done.skipped > 0 ? `; ${formatCount(done.skipped)} skipped` : ''}`,
    onSuccess: () => setChoice({ filterKey, ids: new Set(), all: false }),
  });

  const columns: readonly Column<StudentRow>[] = [
    {
      key: 'choose',
      header: 'Choose',
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`Choose ${nameOf(row)}`}
          checked={current.all || current.ids.has(row.id)}
          disabled={current.all}
          onChange={(event) => toggle(row.id, event.target.checked)}
        />
      ),
    },
    { key: 'id', header: 'ID', render: (row) => row.reg_number ?? '—' },
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <>
          {nameOf(row)}
          {row.status !== 'active' && <span className={`${styles.badge} ${row.status === 'invited' ? styles.badgeNeutral : styles.badgeMuted}`}>{STATUS_LABEL[row.status]}</span>}
        </>
      ),
    },
    { key: 'role', header: 'Role/Position', render: (row) => (row.department ? `Student · ${row.department}` : 'Student') },
    {
      key: 'contact',
      header: 'Contact Information',
      render: (row) => (
        <span className={styles.contact}>
          <span>{row.email}</span>
          {row.phone && <span>{row.phone}</span>}
        </span>
      ),
    },
    {
      key: 'noShows',
      header: 'No-shows',
      render: (row) => (row.member_id === null ? '—' : noShows.data ? formatCount(noShows.data.get(row.member_id) ?? 0) : '…'),
    },
    {
      key: 'invitation',
      header: 'Invitation',
      render: (row) =>
        row.member_id !== null
          ? row.joined_at
            ? `Joined ${formatDayOf(row.joined_at, zone)}`
            : 'Joined'
          : row.last_invited_at
            ? `Invited ${formatDayOf(row.last_invited_at, zone)}${(row.invitation_count ?? 0) > 1 ? ` (${formatCount(row.invitation_count ?? 0)} times)` : ''}`
            : '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => {
        const memberId = row.member_id;
        const actions =
          memberId === null
            ? []
            : [
                ...(row.status === 'active' ? [{ label: 'Book a visit', onSelect: () => setBookingFor(bookedStudent(row, memberId)) }] : []),
                ...actionsFor(asMember(row, memberId)),
              ];
        return actions.length === 0 ? '—' : <RowActionMenu label={`Actions for ${nameOf(row)}`} actions={actions} />;
      },
    },
  ];

  return (
    <>
      <div className={styles.filters}>
        <SearchBox label="Search students" value={search} onChange={setSearch} placeholder="Name, email or registration number" />
        <SelectField label="Status" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')} />
      </div>
      <div className={styles.selection} role="group" aria-label="Choose students">
        <label>
          <input
            type="checkbox"
            checked={wholePageChosen}
            disabled={current.all || pageIds.length === 0}
            onChange={(event) => choosePage(event.target.checked)}
          />{' '}
          Choose every student on this page
        </label>
        {chosenCount > 0 && (
          <>
            <span aria-live="polite">{plural(chosenCount, 'student', 'students')} chosen</span>
            {!current.all && total > current.ids.size && (
              <Button variant="secondary" onClick={() => setChoice({ filterKey, ids: new Set(), all: true })}>
                Choose all {formatCount(total)} {filter.search || filter.status ? 'that match' : 'students'}
              </Button>
            )}
            {canInvite && (
              <Button variant="secondary" onClick={() => setPending('resend')}>
                Send the invitation again
              </Button>
            )}
            {canDeactivate && (
              <Button variant="danger" onClick={() => setPending('deactivate')}>
                Deactivate (end of studies)
              </Button>
            )}
            <Button variant="secondary" onClick={() => setChoice({ filterKey, ids: new Set(), all: false })}>
              Clear the choice
            </Button>
          </>
        )}
      </div>
      <QueryView query={list.query}>
        {(page) => (
          <DataTable
            caption="Students"
            columns={columns}
            rows={page.rows}
            rowKey={(row) => row.id}
            emptyMessage={filter.search || filter.status ? 'Nobody matches your search' : 'No students have joined yet: share the join link below'}
            pagination={{ page: list.page, pageSize: STUDENTS_PAGE_SIZE, total: page.total, onPageChange: list.setPage }}
          />
        )}
      </QueryView>
      {pending === 'deactivate' && (
        <ConfirmDialog
          title={`Deactivate ${plural(chosenCount, 'student', 'students')}`}
          message={`${plural(chosenCount, 'student', 'students')} will be deactivated: those who joined are signed out and can no longer sign in, and invitations nobody took up are withdrawn. You can reactivate a student from their row.`}
          confirmLabel={`Deactivate ${plural(chosenCount, 'student', 'students')}`}
          danger
          onConfirm={() => deactivate.mutateAsync(chosen)}
          onClose={() => setPending(null)}
        />
      )}
      {pending === 'resend' && (
        <ConfirmDialog
          title="Send the invitation again"
          message={`The join link goes again to the invited students among these ${plural(chosenCount, 'student', 'students')}. Students who joined, withdrawn invitations and addresses invited in the last 10 minutes are skipped.`}
          confirmLabel="Send the invitations"
          onConfirm={() => resend.mutateAsync(chosen)}
          onClose={() => setPending(null)}
        />
      )}
      {dialog}
      {bookingFor && <BookForStudentDialog student={bookingFor} onClose={() => setBookingFor(null)} />}
    </>
  );
}
