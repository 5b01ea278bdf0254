import { DataTable, PageHeader, Section, type Appointment, type Column } from '@campuscare/shared';

const COLUMNS: readonly Column<Appointment>[] = [
  { key: 'id', header: 'ID', render: (appointment) => appointment.reg },
  { key: 'name', header: 'Name', render: (appointment) => appointment.name },
  { key: 'date', header: 'Date/time', render: (appointment) => new Date(appointment.date).toLocaleString() },
  { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
  { key: 'provider', header: 'Provider', render: (appointment) => appointment.provider_id ?? 'Unassigned' },
  { key: 'status', header: 'Status', render: (appointment) => appointment.status },
  { key: 'actions', header: 'Actions', render: () => null },
];

export function PatientsPage() {
  return (
    <>
      <PageHeader title="Appointments overview" />
      <Section title="All appointments">
        <DataTable caption="Appointments" columns={COLUMNS} rows={[]} rowKey={(appointment) => appointment.id} emptyMessage="No appointments yet" />
      </Section>
    </>
  );
}
