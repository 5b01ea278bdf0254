import { useCallback, useMemo, useState } from 'react';
import {
  CancelAppointmentDialog,
  DataTable,
  dayInZone,
  ErrorBanner,
  formatAppointmentDate,
  getSupabase,
  LoadingState,
  momentInZone,
  notifySuccess,
  RowActionMenu,
  STATUS_LABEL,
  updateAppointment,
  usePagedList,
  visitDayHasCome,
  type Appointment,
  type AppointmentStatus,
  type Column,
  type RowAction,
} from '@campuscare/shared';
import { contactInformation, listMyAppointments, type MyAppointment } from './myAppointmentsApi';
import { RescheduleDialog } from './RescheduleDialog';

export const MY_APPOINTMENTS_PAGE_SIZE = 10;
export const FETCH_FAILED_MESSAGE = 'Could not fetch appointments';

type OpenDialog = { readonly kind: 'reschedule' | 'cancel'; readonly appointment: MyAppointment } | null;

const STATUS_CHANGE: Partial<Record<AppointmentStatus, { readonly label: string; readonly to: AppointmentStatus; readonly done: string }>> = {
  scheduled: { label: 'Start', to: 'ongoing', done: 'Appointment started' },
  ongoing: { label: 'Complete', to: 'completed', done: 'Appointment completed' },
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface MyAppointmentsProps {
  readonly providerId: string;
  /** The clinic's time zone: "today" and the day a visit may be started are the clinic's. */
  readonly zone: string;
  readonly onChanged: () => void;
}

/** The signed-in doctor's appointments from the clinic's today on, with Start, Complete, Reschedule and Cancel. */
export function MyAppointments({ providerId, zone, onChanged }: MyAppointmentsProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [from] = useState(() => momentInZone(dayInZone(new Date(), zone), '00:00', zone));

  const load = useCallback(
    async (page: number) => {
      const result = await listMyAppointments(await getSupabase(), { providerId, page, pageSize: MY_APPOINTMENTS_PAGE_SIZE, from });
      return { rows: result.appointments, total: result.total };
    },
    [providerId, from],
  );
  const { state, page, setPage, reload } = usePagedList(load);

  const changed = useCallback(
    (_appointment: Appointment) => {
      reload();
      onChanged();
    },
    [reload, onChanged],
  );

  const changeStatus = useCallback(
    async (appointment: MyAppointment, to: AppointmentStatus, done: string) => {
      setActionError(null);
      try {
        const updated = await updateAppointment(await getSupabase(), appointment.id, { status: to });
        notifySuccess(done);
        changed(updated);
      } catch (error) {
        setActionError(`${appointment.name}: ${messageOf(error)}`);
      }
    },
    [changed],
  );

  const columns = useMemo<readonly Column<MyAppointment>[]>(() => {
    const actionsFor = (appointment: MyAppointment): RowAction[] => {
      const statusChange = STATUS_CHANGE[appointment.status];
      const actions: RowAction[] = [];
      // Start and Complete wait for the visit's day (the database refuses them earlier); Cancel does not.
      if (statusChange && visitDayHasCome(appointment.date, zone)) actions.push({ label: statusChange.label, onSelect: () => void changeStatus(appointment, statusChange.to, statusChange.done) });
      if (appointment.status === 'scheduled') actions.push({ label: 'Reschedule', onSelect: () => setDialog({ kind: 'reschedule', appointment }) });
      if (statusChange) actions.push({ label: 'Cancel', onSelect: () => setDialog({ kind: 'cancel', appointment }) });
      return actions;
    };
    return [
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
  }, [changeStatus, zone]);

  return (
    <>
      {actionError && <ErrorBanner message={actionError} />}
      {state.status === 'error' && <ErrorBanner message={`${FETCH_FAILED_MESSAGE}: ${state.message}`} onRetry={reload} />}
      {state.status === 'loading' && state.rows.length === 0 && <LoadingState label="Loading your appointments…" />}
      {state.status === 'ready' || (state.status === 'loading' && state.rows.length > 0) ? (
        <DataTable
          caption="My Appointments"
          columns={columns}
          rows={state.rows}
          rowKey={(appointment) => appointment.id}
          emptyMessage="You have no appointments from today on"
          pagination={{ page, pageSize: MY_APPOINTMENTS_PAGE_SIZE, total: state.total, onPageChange: setPage }}
        />
      ) : null}
      {dialog?.kind === 'reschedule' && <RescheduleDialog appointment={dialog.appointment} zone={zone} onClose={() => setDialog(null)} onChanged={changed} />}
      {dialog?.kind === 'cancel' && <CancelAppointmentDialog appointment={dialog.appointment} onClose={() => setDialog(null)} onChanged={changed} />}
    </>
  );
}
