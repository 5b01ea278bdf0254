import { useState } from 'react';
import { DataTable, PageHeader, SearchBox, Section } from '@campuscare/shared';
import { STAFF_COLUMNS } from './staffColumns';

export function StaffListPage() {
  const [search, setSearch] = useState('');
  return (
    <>
      <PageHeader title="Staff" />
      <Section title="Staff members">
        <SearchBox label="Search staff" value={search} onChange={setSearch} placeholder="Name, email or staff ID" />
        <DataTable caption="Staff members" columns={STAFF_COLUMNS} rows={[]} rowKey={(member) => member.id} emptyMessage="No staff members found" />
      </Section>
    </>
  );
}
