import { type Column, displayName, type RowAction, RowActionMenu } from '@campuscare/shared';
import { formatCount, formatDayOf } from '@campuscare/shared/scheduling';
import type { MemberRow, StudentRow, StudentStatus } from './membersApi';
import type { StudentChoiceState } from './useStudentChoice';
import styles from './members.module.css';

type ActionsFor = (member: MemberRow) => readonly RowAction[];

function NameCell({ member, myId }: { readonly member: MemberRow; readonly myId: string | null }) {
  return (
    <>
      {displayName(member)}
      {member.id === myId && <span className={`${styles.badge} ${styles.badgeNeutral}`}>You</span>}
      {member.is_super_admin && <span className={styles.badge}>Super admin</span>}
      {member.must_change_password && member.status === 'active' && (
        <span className={`${styles.badge} ${styles.badgeNeutral}`}>Must change password</span>
      )}
      {member.status === 'deactivated' && <span className={`${styles.badge} ${styles.badgeMuted}`}>Deactivated</span>}
    </>
  );
}

function ContactCell({ member }: { readonly member: Pick<MemberRow, 'email' | 'phone'> }) {
  return (
    <span className={styles.contact}>
      <span>{member.email}</span>
      {member.phone && <span>{member.phone}</span>}
    </span>
  );
}

const ROLE_LABEL = { admin: 'Admin', doctor: 'Doctor', student: 'Student' } as const;

function ActionsCell({ member, actionsFor }: { readonly member: MemberRow; readonly actionsFor: ActionsFor }) {
  const actions = actionsFor(member);
  return actions.length === 0 ? '—' : <RowActionMenu label={`Actions for ${displayName(member)}`} actions={actions} />;
}

const actionsColumn = (actionsFor: ActionsFor): Column<MemberRow> => ({
  key: 'actions',
  header: 'Actions',
  render: (member) => <ActionsCell member={member} actionsFor={actionsFor} />,
});

/** `myId`: the signed-in member, marked "You" in the list. */
export function staffColumns(actionsFor: ActionsFor, myId: string | null): readonly Column<MemberRow>[] {
  return [
    { key: 'id', header: 'ID', render: (member) => member.staff_id ?? '—' },
    { key: 'name', header: 'Name', render: (member) => <NameCell member={member} myId={myId} /> },
    { key: 'position', header: 'Role/Position', render: (member) => member.position ?? ROLE_LABEL[member.role] },
    { key: 'contact', header: 'Contact Information', render: (member) => <ContactCell member={member} /> },
    { key: 'specialization', header: 'Specialization', render: (member) => member.specialization ?? '—' },
    actionsColumn(actionsFor),
  ];
}

export const STUDENT_STATUS_LABEL: Readonly<Record<StudentStatus, string>> = {
  active: 'Active',
  deactivated: 'Deactivated',
  invited: 'Invited, not joined',
  withdrawn: 'Invitation withdrawn',
};

export const studentName = (row: StudentRow) => displayName({ ...row, title: null });

function invitationText(row: StudentRow, zone: string): string {
  if (row.member_id !== null) return row.joined_at ? `Joined ${formatDayOf(row.joined_at, zone)}` : 'Joined';
  if (!row.last_invited_at) return '—';
  const times = row.invitation_count ?? 0;
  return `Invited ${formatDayOf(row.last_invited_at, zone)}${times > 1 ? ` (${formatCount(times)} times)` : ''}`;
}

interface StudentColumnsInput {
  readonly choice: Pick<StudentChoiceState, 'all' | 'isChosen' | 'choose'>;
  /** Missed visits by member id, while they load undefined. */
  readonly noShows: ReadonlyMap<string, number> | undefined;
  /** The clinic's time zone, in which invitation and joining days are shown. */
  readonly zone: string;
  readonly actionsFor: (row: StudentRow) => readonly RowAction[];
}

/** The students list: members and invited students who have not joined, each with a box to choose it by. */
export function studentColumns({
  choice,
  noShows,
  zone,
  actionsFor,
}: StudentColumnsInput): readonly Column<StudentRow>[] {
  return [
    {
      key: 'choose',
      header: 'Choose',
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`Choose ${studentName(row)}`}
          checked={choice.isChosen(row.id)}
          disabled={choice.all}
          onChange={(event) => choice.choose([row.id], event.target.checked)}
        />
      ),
    },
    { key: 'id', header: 'ID', render: (row) => row.reg_number ?? '—' },
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <>
          {studentName(row)}
          {row.status !== 'active' && (
            <span className={`${styles.badge} ${row.status === 'invited' ? styles.badgeNeutral : styles.badgeMuted}`}>
              {STUDENT_STATUS_LABEL[row.status]}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role/Position',
      render: (row) => (row.department ? `Student · ${row.department}` : 'Student'),
    },
    { key: 'contact', header: 'Contact Information', render: (row) => <ContactCell member={row} /> },
    {
      key: 'noShows',
      header: 'No-shows',
      render: (row) => (row.member_id === null ? '—' : noShows ? formatCount(noShows.get(row.member_id) ?? 0) : '…'),
    },
    { key: 'invitation', header: 'Invitation', render: (row) => invitationText(row, zone) },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => {
        const actions = actionsFor(row);
        return actions.length === 0 ? (
          '—'
        ) : (
          <RowActionMenu label={`Actions for ${studentName(row)}`} actions={actions} />
        );
      },
    },
  ];
}
