import { DataTable, PageHeader, Section, StatCard, StatGrid, type Appointment, type Column } from '@campuscare/shared';

const COLUMNS: readonly Column<Appointment>[] = [
  { key: 'id', header: 'ID', render: (appointment) => appointment.reg },
  { key: 'name', header: 'Name', render: (appointment) => appointment.name },
  { key: 'date', header: 'Date/time', render: (appointment) => new Date(appointment.date).toLocaleString() },
  { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
  { key: 'contact', header: 'Contact Information', render: (appointment) => appointment.department },
  { key: 'status', header: 'Status', render: (appointment) => appointment.status },
  { key: 'actions', header: 'Actions', render: () => null },
];

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <StatGrid label="Your work at a glance">
        <StatCard label="Appointments" value="—" />
        <StatCard label="Programs" value="—" />
        <StatCard label="Patients" value="—" />
      </StatGrid>
      <Section title="My Appointments">
        <DataTable caption="My Appointments" columns={COLUMNS} rows={[]} rowKey={(appointment) => appointment.id} emptyMessage="No appointments yet" />
      </Section>
    </>
  );
}
