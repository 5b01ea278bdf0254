import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Appointment, AppointmentStatus } from '../database.types';
import { usePagedList } from '../lists/usePagedList';
import { useUserProfile } from '../profile/UserProfileProvider';
import { getSupabase } from '../supabase/client';
import { DataTable, type Column } from '../ui/DataTable';
import { SelectField } from '../ui/FormFields';
import { ErrorBanner, LoadingState } from '../ui/Page';
import { RowActionMenu, type RowAction } from '../ui/RowActionMenu';
import { SearchBox } from '../ui/SearchBox';
import { CancelAppointmentDialog, EditAppointmentDialog } from './AppointmentDialogs';
import {
  APPOINTMENT_STATUSES,
  formatAppointmentDate,
  isActiveAppointment,
  listAppointments,
  providerName,
  STATUS_LABEL,
  type DateOrder,
  type OverviewAppointment,
} from './appointmentsApi';
import styles from './appointments.module.css';

export const SEARCH_DELAY_MS = 300;

export interface OverviewRowControls {
  /** Loads the current page again, e.g. after the extra action changed the row. */
  readonly reload: () => void;
}

export interface AppointmentsOverviewProps {
  readonly caption?: string;
  readonly pageSize?: number;
  /** Only this doctor's appointments. */
  readonly providerId?: string | null;
  /** Actions added to each row's menu after Edit and Cancel (e.g. the doctor's "Assign to me"). */
  readonly extraActions?: (appointment: OverviewAppointment, controls: OverviewRowControls) => readonly RowAction[];
  /** Makes the student's name a button that opens their record. */
  readonly onOpenPatient?: (appointment: OverviewAppointment) => void;
  /** Told about every change made from the table (e.g. to refresh counts). */
  readonly onChanged?: (appointment: Appointment) => void;
  /** Change it to make the table load again (e.g. after a change made elsewhere on the page). */
  readonly refreshKey?: number;
}

type OpenDialog = { readonly kind: 'edit' | 'cancel'; readonly appointment: OverviewAppointment } | null;

const STATUS_FILTER_OPTIONS = [{ value: '', label: 'All statuses' }, ...APPOINTMENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] }))];
const ORDER_OPTIONS = [
  { value: 'asc', label: 'Date: earliest first' },
  { value: 'desc', label: 'Date: latest first' },
];

function StatusBadge({ status }: { readonly status: AppointmentStatus }) {
  const tone = status === 'cancelled' ? styles.statusCancelled : status === 'completed' ? styles.statusCompleted : '';
  return <span className={`${styles.status} ${tone}`}>{STATUS_LABEL[status]}</span>;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The university's appointments (admin dashboard, doctor's /patients): searched by name or registration number,
 * filtered by status and sorted by date on the server; Edit (reschedule, assign, status) and Cancel in each row.
 */
export function AppointmentsOverview({ caption = 'Appointments Overview', pageSize = 10, providerId, extraActions, onOpenPatient, onChanged, refreshKey = 0 }: AppointmentsOverviewProps) {
  const profile = useUserProfile();
  const viewerRole = profile.status === 'signedIn' ? profile.member.role : 'admin';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AppointmentStatus | ''>('');
  const [order, setOrder] = useState<DateOrder>('asc');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const appliedSearch = useDebounced(search, SEARCH_DELAY_MS);

  const load = useCallback(
    async (page: number) => {
      const result = await listAppointments(await getSupabase(), { page, pageSize, search: appliedSearch, status: status || null, order, providerId });
      return { rows: result.appointments, total: result.total };
    },
    [pageSize, appliedSearch, status, order, providerId],
  );
  const { state, page, setPage, reload } = usePagedList(load);

  useEffect(() => {
    if (refreshKey > 0) reload();
  }, [refreshKey, reload]);

  const changed = useCallback(
    (appointment: Appointment) => {
      reload();
      onChanged?.(appointment);
    },
    [reload, onChanged],
  );

  const columns = useMemo<readonly Column<OverviewAppointment>[]>(() => {
    const nameCell = (appointment: OverviewAppointment): ReactNode =>
      onOpenPatient ? (
        <button type="button" className={styles.linkButton} onClick={() => onOpenPatient(appointment)}>
          {appointment.name}
        </button>
      ) : (
        appointment.name
      );
    const actionsFor = (appointment: OverviewAppointment): RowAction[] => [
      ...(isActiveAppointment(appointment.status)
        ? [
            { label: 'Edit', onSelect: () => setDialog({ kind: 'edit', appointment }) },
            { label: 'Cancel', onSelect: () => setDialog({ kind: 'cancel', appointment }) },
          ]
        : []),
      ...(extraActions?.(appointment, { reload }) ?? []),
    ];
    return [
      { key: 'id', header: 'ID', render: (appointment) => appointment.reg },
      { key: 'name', header: 'Name', render: nameCell },
      { key: 'date', header: 'Date/time', render: (appointment) => formatAppointmentDate(appointment.date) },
      { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
      { key: 'provider', header: 'Provider', render: (appointment) => providerName(appointment.provider) },
      { key: 'status', header: 'Status', render: (appointment) => <StatusBadge status={appointment.status} /> },
      {
        key: 'actions',
        header: 'Actions',
        render: (appointment) => {
          const actions = actionsFor(appointment);
          return actions.length === 0 ? null : <RowActionMenu label={`Actions for ${appointment.name}, ${formatAppointmentDate(appointment.date)}`} actions={actions} />;
        },
      },
    ];
  }, [extraActions, onOpenPatient, reload]);

  const filtered = appliedSearch.trim() !== '' || status !== '';
  return (
    <>
      <div className={styles.filters}>
        <SearchBox label="Search appointments" value={search} onChange={setSearch} placeholder="Name or registration number" />
        <div className={styles.filter}>
          <SelectField label="Status" value={status} options={STATUS_FILTER_OPTIONS} onChange={(event) => setStatus(event.target.value as AppointmentStatus | '')} />
        </div>
        <div className={styles.filter}>
          <SelectField label="Sort by date" value={order} options={ORDER_OPTIONS} onChange={(event) => setOrder(event.target.value as DateOrder)} />
        </div>
      </div>
      {state.status === 'error' && <ErrorBanner message={`Could not fetch appointments: ${state.message}`} onRetry={reload} />}
      {state.status === 'loading' && state.rows.length === 0 ? (
        <LoadingState label="Loading appointments…" />
      ) : (
        state.status !== 'error' && (
          <DataTable
            caption={caption}
            columns={columns}
            rows={state.rows}
            rowKey={(appointment) => appointment.id}
            emptyMessage={filtered ? 'No appointments match your search' : 'No appointments yet'}
            pagination={{ page, pageSize, total: state.total, onPageChange: setPage }}
          />
        )
      )}
      {dialog?.kind === 'edit' && <EditAppointmentDialog appointment={dialog.appointment} viewerRole={viewerRole} onClose={() => setDialog(null)} onChanged={changed} />}
      {dialog?.kind === 'cancel' && <CancelAppointmentDialog appointment={dialog.appointment} onClose={() => setDialog(null)} onChanged={changed} />}
    </>
  );
}
