import { type Column, displayName, type RowAction, RowActionMenu } from '@campuscare/shared';
import type { MemberRow } from './membersApi';
import styles from './members.module.css';

type ActionsFor = (member: MemberRow) => readonly RowAction[];

function NameCell({ member, myId }: { readonly member: MemberRow; readonly myId: string | null }) {
  return (
    <>
      {displayName(member)}
      {member.id === myId && <span className={`${styles.badge} ${styles.badgeNeutral}`}>You</span>}
      {member.is_super_admin && <span className={styles.badge}>Super admin</span>}
      {member.must_change_password && member.status === 'active' && <span className={`${styles.badge} ${styles.badgeNeutral}`}>Must change password</span>}
      {member.status === 'deactivated' && <span className={`${styles.badge} ${styles.badgeMuted}`}>Deactivated</span>}
    </>
  );
}

function ContactCell({ member }: { readonly member: MemberRow }) {
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
