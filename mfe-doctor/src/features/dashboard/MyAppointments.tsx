import { useState } from 'react';
import {
  type Column,
  DataTable,
  QueryView,
  type RowAction,
  RowActionMenu,
  useNavigate,
  usePagedQuery,
} from '@campuscare/shared';
import {
  appointmentTimeColumn,
  isActiveAppointment,
  providerName,
  STATUS_LABEL,
  useAppointmentDialogs,
  useFrontDesk,
  visitDayHasCome,
} from '@campuscare/shared/appointments';
import { dayInZone, formatDateTime, momentInZone } from '@campuscare/shared/scheduling';
import { patientChartPath } from '../../components/clinical/clinicalPaths';
import { useOpenAppointmentVisit, useStartVisit } from '../../components/clinical/useVisitStart';
import { contactInformation, type MyAppointment } from './myAppointmentsApi';
import { MY_APPOINTMENTS_PAGE_SIZE, myAppointmentsPageQuery } from './myAppointmentsQueries';

interface MyAppointmentsProps {
  readonly providerId: string;
  /** The clinic's time zone: "today" and the day a visit may be started are the clinic's. */
  readonly zone: string;
}

/**
 * The signed-in doctor's appointments from the clinic's today on. The front desk's check-in and no-show on the day;
 * Start opens the visit (the appointment becomes ongoing); an ongoing appointment offers its visit, which signing
 * completes. Reschedule, Cancel and the patient's chart.
 */
export function MyAppointments({ providerId, zone }: MyAppointmentsProps) {
  const navigate = useNavigate();
  const dialogs = useAppointmentDialogs('staff', (appointment: MyAppointment) => providerName(appointment.provider));
  const [from] = useState(() => momentInZone(dayInZone(new Date(), zone), '00:00', zone));
  const { query, rows, total, page, setPage } = usePagedQuery((pageNumber) =>
    myAppointmentsPageQuery({ providerId, from }, pageNumber),
  );
  // A refusal is toasted in people's words (e.g. the visit's day has not come yet).
  const startVisit = useStartVisit();
  const openVisit = useOpenAppointmentVisit();
  const frontDesk = useFrontDesk(zone);

  const actionsFor = (appointment: MyAppointment): RowAction[] => {
    const actions: RowAction[] = [...frontDesk.actionsFor(appointment)];
    // Start waits for the visit's day (the database refuses it earlier); Cancel does not.
    if (
      (appointment.status === 'scheduled' || appointment.status === 'arrived') &&
      visitDayHasCome(appointment.date, zone)
    ) {
      actions.push({ label: 'Start', onSelect: () => startVisit.mutate(appointment.id) });
    }
    if (appointment.status === 'ongoing')
      actions.push({ label: 'Open visit', onSelect: () => openVisit.mutate(appointment.id) });
    if (appointment.status === 'scheduled')
      actions.push({ label: 'Reschedule', onSelect: () => dialogs.open('reschedule', appointment) });
    if (isActiveAppointment(appointment.status))
      actions.push({ label: 'Cancel', onSelect: () => dialogs.open('cancel', appointment) });
    actions.push({ label: 'Patient chart', onSelect: () => navigate(patientChartPath(appointment.student_id)) });
    return actions;
  };
  const columns: readonly Column<MyAppointment>[] = [
    { key: 'id', header: 'ID', render: (appointment) => appointment.reg },
    { key: 'name', header: 'Name', render: (appointment) => appointment.name },
    appointmentTimeColumn(zone),
    { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
    { key: 'contact', header: 'Contact Information', render: contactInformation },
    { key: 'status', header: 'Status', render: (appointment) => STATUS_LABEL[appointment.status] },
    {
      key: 'actions',
      header: 'Actions',
      render: (appointment) => {
        return (
          <RowActionMenu
            label={`Actions for ${appointment.name}, ${formatDateTime(appointment.date, zone)}`}
            actions={actionsFor(appointment)}
          />
        );
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
