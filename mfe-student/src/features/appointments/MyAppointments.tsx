import { useEffect, useState } from 'react';
import {
  DataTable,
  ErrorBanner,
  formatInZone,
  getSupabase,
  LoadingState,
  providerName,
  RowActionMenu,
  STATUS_LABEL,
  type Appointment,
  type Clinic,
  type Column,
  type ProviderSummary,
} from '@campuscare/shared';
import { listMyAppointments, type AppointmentPeriod, type MyAppointmentPage } from './appointmentsApi';
import { CancelAppointmentDialog, RescheduleAppointmentDialog } from './AppointmentDialogs';
import styles from './Appointments.module.css';

const PAGE_SIZE = 5;

const PERIOD_CAPTIONS: Readonly<Record<AppointmentPeriod, string>> = {
  upcoming: 'Upcoming appointments',
  past: 'Past appointments',
};

const PERIOD_EMPTY: Readonly<Record<AppointmentPeriod, string>> = {
  upcoming: 'You have no upcoming appointments',
  past: 'You have no past appointments',
};

export const APPOINTMENTS_FAILED = 'Could not load your appointments. Check your connection and try again.';

type LoadState = { readonly status: 'loading' } | { readonly status: 'error' } | { readonly status: 'loaded'; readonly page: MyAppointmentPage };

type OpenDialog = { readonly kind: 'cancel' | 'reschedule'; readonly appointment: Appointment };

interface PeriodTableProps {
  readonly studentId: string;
  readonly period: AppointmentPeriod;
  readonly clinic: Clinic;
  readonly doctors: readonly ProviderSummary[];
  readonly refreshKey: number;
  readonly onChanged: () => void;
}

function PeriodTable({ studentId, period, clinic, doctors, refreshKey, onChanged }: PeriodTableProps) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>();

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getSupabase()
      .then((client) => listMyAppointments(client, { studentId, period, page, pageSize: PAGE_SIZE, now: new Date() }))
      .then(
        (result) => current && setState({ status: 'loaded', page: result }),
        () => current && setState({ status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [studentId, period, page, refreshKey, reloads]);

  const doctorOf = (appointment: Appointment) => {
    if (appointment.provider_id === null) return 'Not assigned yet';
    const doctor = doctors.find((candidate) => candidate.id === appointment.provider_id);
    return doctor ? providerName(doctor) : 'Clinic staff';
  };

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
              { label: 'Reschedule', onSelect: () => setDialog({ kind: 'reschedule', appointment }) },
              { label: 'Cancel', onSelect: () => setDialog({ kind: 'cancel', appointment }) },
            ]}
          />
        ) : (
          '—'
        ),
    },
  ];

  const changed = () => {
    setDialog(undefined);
    onChanged();
  };

  if (state.status === 'loading') return <LoadingState label={`Loading ${PERIOD_CAPTIONS[period].toLowerCase()}…`} />;
  if (state.status === 'error') return <ErrorBanner message={APPOINTMENTS_FAILED} onRetry={() => setReloads((count) => count + 1)} />;
  return (
    <>
      <DataTable
        caption={PERIOD_CAPTIONS[period]}
        columns={columns}
        rows={state.page.rows}
        rowKey={(appointment) => appointment.id}
        emptyMessage={PERIOD_EMPTY[period]}
        pagination={state.page.total > PAGE_SIZE ? { page, pageSize: PAGE_SIZE, total: state.page.total, onPageChange: setPage } : undefined}
      />
      {dialog?.kind === 'cancel' && (
        <CancelAppointmentDialog appointment={dialog.appointment} clinic={clinic} doctorName={doctorOf(dialog.appointment)} onClose={() => setDialog(undefined)} onChanged={changed} />
      )}
      {dialog?.kind === 'reschedule' && (
        <RescheduleAppointmentDialog appointment={dialog.appointment} clinic={clinic} doctorName={doctorOf(dialog.appointment)} onClose={() => setDialog(undefined)} onChanged={changed} />
      )}
    </>
  );
}

export interface MyAppointmentsProps {
  readonly studentId: string;
  /** The clinic's time zone and cutoff: times are shown on its clock. */
  readonly clinic: Clinic;
  readonly doctors: readonly ProviderSummary[];
  readonly refreshKey: number;
  readonly onChanged: () => void;
}

/**
 * The student's own appointments: upcoming (the visit going on now and the scheduled ones ahead, soonest first), then
 * the past (completed, cancelled and missed, latest first).
 */
export function MyAppointments(props: MyAppointmentsProps) {
  return (
    <div className={styles.periods}>
      <PeriodTable period="upcoming" {...props} />
      <PeriodTable period="past" {...props} />
    </div>
  );
}
