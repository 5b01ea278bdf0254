import { useMemo } from 'react';
import { type Appointment, type Column, DataTable, QueryView, RowActionMenu, usePagedQuery } from '@campuscare/shared';
import {
  providerName,
  type ProviderSummary,
  STATUS_LABEL,
  useAppointmentDialogs,
} from '@campuscare/shared/appointments';
import { type Clinic, formatInZone } from '@campuscare/shared/scheduling';
import type { MyAppointmentPeriod } from './appointmentsApi';
import { MY_APPOINTMENTS_PAGE_SIZE as PAGE_SIZE, myAppointmentsPageQuery } from './appointmentsQueries';
import styles from './Appointments.module.css';

const PERIOD_CAPTIONS: Readonly<Record<MyAppointmentPeriod, string>> = {
  upcoming: 'Upcoming appointments',
  past: 'Past appointments',
};

const PERIOD_EMPTY: Readonly<Record<MyAppointmentPeriod, string>> = {
  upcoming: 'You have no upcoming appointments',
  past: 'You have no past appointments',
};

interface PeriodTableProps {
  readonly studentId: string;
  readonly period: MyAppointmentPeriod;
  readonly clinic: Clinic;
  readonly doctors: readonly ProviderSummary[];
}

function PeriodTable({ studentId, period, clinic, doctors }: PeriodTableProps) {
  // "Now" is fixed per mount: a list that moved its own boundary on every reload would lose its place.
  const now = useMemo(() => new Date(), []);
  const { query, rows, total, page, setPage } = usePagedQuery((pageNumber) =>
    myAppointmentsPageQuery(studentId, period, now, pageNumber),
  );

  const doctorOf = (appointment: Appointment) => {
    if (appointment.provider_id === null) return 'Not assigned yet';
    const doctor = doctors.find((candidate) => candidate.id === appointment.provider_id);
    return doctor ? providerName(doctor) : 'Clinic staff';
  };

  const dialogs = useAppointmentDialogs('student', doctorOf);

  const when = (appointment: Appointment) => formatInZone(appointment.date, clinic.settings.timezone);

  const columns: readonly Column<Appointment>[] = [
    { key: 'date', header: 'Date/time', render: when },
    { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
    { key: 'provider', header: 'Doctor', render: doctorOf },
    {
      key: 'status',
      header: 'Status',
      render: (appointment) => (
        <span className={styles.status}>
          {STATUS_LABEL[appointment.status]}
          {appointment.cancel_reason && <span className={styles.cancelReason}>{appointment.cancel_reason}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (appointment) =>
        appointment.status === 'scheduled' ? (
          <RowActionMenu
            label={`Actions for the appointment on ${when(appointment)}`}
            actions={[
              { label: 'Reschedule', onSelect: () => dialogs.open('reschedule', appointment) },
              { label: 'Cancel', onSelect: () => dialogs.open('cancel', appointment) },
            ]}
          />
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <QueryView query={query} loadingLabel={`Loading ${PERIOD_CAPTIONS[period].toLowerCase()}…`}>
        {() => (
          <DataTable
            caption={PERIOD_CAPTIONS[period]}
            columns={columns}
            rows={rows}
            rowKey={(appointment) => appointment.id}
            emptyMessage={PERIOD_EMPTY[period]}
            pagination={total > PAGE_SIZE ? { page, pageSize: PAGE_SIZE, total, onPageChange: setPage } : undefined}
          />
        )}
      </QueryView>
      {dialogs.dialog}
    </>
  );
}

interface MyAppointmentsProps {
  readonly studentId: string;
  /** The clinic's time zone and cutoff: times are shown on its clock. */
  readonly clinic: Clinic;
  readonly doctors: readonly ProviderSummary[];
}

/**
 * The student's own appointments: upcoming (the visit checked in for or going on now and the scheduled ones ahead,
 * soonest first), then the past (completed, cancelled and missed, latest first). Booking and every change reload both.
 */
export function MyAppointments(props: MyAppointmentsProps) {
  return (
    <div className={styles.periods}>
      <PeriodTable period="upcoming" {...props} />
      <PeriodTable period="past" {...props} />
    </div>
  );
}
