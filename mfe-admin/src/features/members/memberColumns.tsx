import { displayName, RowActionMenu, type Column, type RowAction } from '@campuscare/shared';
import type { MemberRow } from './membersApi';
import styles from './members.module.css';

type ActionsFor = (member: MemberRow) => readonly RowAction[];

function NameCell({ member }: { readonly member: MemberRow }) {
  return (
    <>
      {displayName(member)}
      {member.is_super_admin && <span className={styles.badge}>Super admin</span>}
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

const actionsColumn = (actionsFor: ActionsFor): Column<MemberRow> => ({
  key: 'actions',
  header: 'Actions',
  render: (member) => <RowActionMenu label={`Actions for ${displayName(member)}`} actions={actionsFor(member)} />,
});

export function staffColumns(actionsFor: ActionsFor): readonly Column<MemberRow>[] {
  return [
    { key: 'id', header: 'ID', render: (member) => member.staff_id ?? '—' },
    { key: 'name', header: 'Name', render: (member) => <NameCell member={member} /> },
    { key: 'position', header: 'Role/Position', render: (member) => member.position ?? ROLE_LABEL[member.role] },
    { key: 'contact', header: 'Contact Information', render: (member) => <ContactCell member={member} /> },
    { key: 'specialization', header: 'Specialization', render: (member) => member.specialization ?? '—' },
    actionsColumn(actionsFor),
  ];
}

export function studentColumns(actionsFor: ActionsFor): readonly Column<MemberRow>[] {
  return [
    { key: 'id', header: 'ID', render: (member) => member.reg_number ?? '—' },
    { key: 'name', header: 'Name', render: (member) => <NameCell member={member} /> },
    { key: 'role', header: 'Role/Position', render: (member) => (member.department ? `Student · ${member.department}` : 'Student') },
    { key: 'contact', header: 'Contact Information', render: (member) => <ContactCell member={member} /> },
    actionsColumn(actionsFor),
  ];
}
