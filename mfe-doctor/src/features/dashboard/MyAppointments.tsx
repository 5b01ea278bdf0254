import { useState } from 'react';
import { type AppointmentStatus, type Column, DataTable, queryKeys, QueryView, type RowAction, RowActionMenu, usePagedQuery } from '@campuscare/shared';
import { formatAppointmentDate, providerName, STATUS_LABEL, useAppointmentChange, useAppointmentDialogs, visitDayHasCome } from '@campuscare/shared/appointments';
import { dayInZone, momentInZone } from '@campuscare/shared/scheduling';
import { contactInformation, listMyAppointments, type MyAppointment } from './myAppointmentsApi';

export const MY_APPOINTMENTS_PAGE_SIZE = 10;

const STATUS_CHANGE: Partial<Record<AppointmentStatus, { readonly label: string; readonly to: AppointmentStatus }>> = {
  scheduled: { label: 'Start', to: 'ongoing' },
  ongoing: { label: 'Complete', to: 'completed' },
};

interface MyAppointmentsProps {
  readonly providerId: string;
  /** The clinic's time zone: "today" and the day a visit may be started are the clinic's. */
  readonly zone: string;
}

/** The signed-in doctor's appointments from the clinic's today on, with Start, Complete, Reschedule and Cancel. */
export function MyAppointments({ providerId, zone }: MyAppointmentsProps) {
  const dialogs = useAppointmentDialogs('staff', (appointment: MyAppointment) => providerName(appointment.provider));
  const [from] = useState(() => momentInZone(dayInZone(new Date(), zone), '00:00', zone));
  const { query, rows, total, page, setPage } = usePagedQuery([...queryKeys.appointments, 'doctor', { providerId, from }], (client, pageNumber) =>
    listMyAppointments(client, { providerId, page: pageNumber, pageSize: MY_APPOINTMENTS_PAGE_SIZE, from }),
  );
  // A refusal is toasted in people's words (e.g. the visit's day has not come yet).
  const moveStatus = useAppointmentChange((change) => (change.status === 'ongoing' ? 'Appointment started' : 'Appointment completed'), 'toast');

  const actionsFor = (appointment: MyAppointment): RowAction[] => {
    const statusChange = STATUS_CHANGE[appointment.status];
    const actions: RowAction[] = [];
    // Start and Complete wait for the visit's day (the database refuses them earlier); Cancel does not.
    if (statusChange && visitDayHasCome(appointment.date, zone)) actions.push({ label: statusChange.label, onSelect: () => moveStatus.mutate({ id: appointment.id, status: statusChange.to }) });
    if (appointment.status === 'scheduled') actions.push({ label: 'Reschedule', onSelect: () => dialogs.open('reschedule', appointment) });
    if (statusChange) actions.push({ label: 'Cancel', onSelect: () => dialogs.open('cancel', appointment) });
    return actions;
  };
  const columns: readonly Column<MyAppointment>[] = [
    { key: 'id', header: 'ID', render: (appointment) => appointment.reg },
    { key: 'name', header: 'Name', render: (appointment) => appointment.name },
    { key: 'date', header: 'Date/time', render: (appointment) => formatAppointmentDate(appointment.date) },
    { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
    { key: 'contact', header: 'Contact Information', render: contactInformation },
    { key: 'status', header: 'Status', render: (appointment) => STATUS_LABEL[appointment.status] },
    {
      key: 'actions',
      header: 'Actions',
      render: (appointment) => {
        const actions = actionsFor(appointment);
        return actions.length === 0 ? null : <RowActionMenu label={`Actions for ${appointment.name}, ${formatAppointmentDate(appointment.date)}`} actions={actions} />;
      },
    },
  ];

  return (
    <>
      <QueryView query={query} loadingLabel="Loading your appointments…">
        {() => (
          <DataTable
            caption="My Appointments"
            columns={columns}
            rows={rows}
            rowKey={(appointment) => appointment.id}
            emptyMessage="You have no appointments from today on"
            pagination={{ page, pageSize: MY_APPOINTMENTS_PAGE_SIZE, total, onPageChange: setPage }}
          />
        )}
      </QueryView>
      {dialogs.dialog}
    </>
  );
}
