import type { Column, Member } from '@campuscare/shared';

export const STAFF_COLUMNS: readonly Column<Member>[] = [
  { key: 'id', header: 'ID', render: (member) => member.staff_id },
  { key: 'name', header: 'Name', render: (member) => [member.title, member.first_name, member.last_name].filter(Boolean).join(' ') },
  { key: 'position', header: 'Role/Position', render: (member) => member.position ?? member.role },
  { key: 'contact', header: 'Contact Information', render: (member) => member.email },
  { key: 'specialization', header: 'Specialization', render: (member) => member.specialization },
  { key: 'actions', header: 'Actions', render: () => null },
];
