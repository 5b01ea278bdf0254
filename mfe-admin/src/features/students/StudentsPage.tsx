import { useState } from 'react';
import { DataTable, PageHeader, SearchBox, Section, type Column, type Member } from '@campuscare/shared';

const COLUMNS: readonly Column<Member>[] = [
  { key: 'id', header: 'ID', render: (member) => member.reg_number },
  { key: 'name', header: 'Name', render: (member) => [member.first_name, member.last_name].filter(Boolean).join(' ') },
  { key: 'role', header: 'Role/Position', render: (member) => member.role },
  { key: 'contact', header: 'Contact Information', render: (member) => member.email },
  { key: 'actions', header: 'Actions', render: () => null },
];

export function StudentsPage() {
  const [search, setSearch] = useState('');
  return (
    <>
      <PageHeader title="Students" />
      <Section title="Enrolled students">
        <SearchBox label="Search students" value={search} onChange={setSearch} placeholder="Name, email or registration number" />
        <DataTable caption="Students" columns={COLUMNS} rows={[]} rowKey={(member) => member.id} emptyMessage="No students found" />
      </Section>
    </>
  );
}
