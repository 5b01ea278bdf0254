import { useMemo, useState, type ReactNode } from 'react';
import {
  type AppointmentStatus,
  type Column,
  DataTable,
  QueryView,
  type RowAction,
  RowActionMenu,
  SearchBox,
  SelectField,
  usePagedQuery,
  useSearchTerm,
  useUserProfile,
} from '@campuscare/shared';
import { dayInZone, formatDateTime, momentInZone } from '@campuscare/shared/scheduling';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';
import { EditAppointmentDialog } from './EditAppointmentDialog';
import {
  APPOINTMENT_STATUSES,
  appointmentTimeColumn,
  isActiveAppointment,
  providerName,
  STATUS_LABEL,
  type AppointmentPeriod,
  type DateOrder,
  type OverviewAppointment,
} from './appointmentsApi';
import { useFrontDesk } from './appointmentHooks';
import { appointmentsPageQuery } from './appointmentsQueries';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

interface AppointmentsOverviewProps {
  readonly caption?: string;
  readonly pageSize?: number;
  /** Only this doctor's appointments. */
  readonly providerId?: string | null;
  /** Actions added to each row's menu after the front desk's, Edit and Cancel (e.g. the doctor's "Assign to me"). */
  readonly extraActions?: (appointment: OverviewAppointment) => readonly RowAction[];
  /** Makes the student's name a button that opens their record. */
  readonly onOpenPatient?: (appointment: OverviewAppointment) => void;
  /** After a doctor starts the visit from Edit: where the visit is written (the doctor's visit page). */
  readonly onVisitStarted?: (appointment: OverviewAppointment) => void;
}

type OpenDialog = { readonly kind: 'edit' | 'cancel'; readonly appointment: OverviewAppointment } | null;

const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...APPOINTMENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] })),
];
const PERIOD_OPTIONS: readonly { readonly value: AppointmentPeriod; readonly label: string }[] = [
  { value: 'upcoming', label: 'Upcoming (from today)' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All dates' },
];
/** Upcoming visits read soonest first, past ones latest first: the visits nearest today come first either way. */
const PERIOD_ORDER: Readonly<Record<AppointmentPeriod, DateOrder>> = { upcoming: 'asc', past: 'desc', all: 'desc' };
const ORDER_OPTIONS = [
  { value: 'asc', label: 'Date: earliest first' },
  { value: 'desc', label: 'Date: latest first' },
];

const STATUS_TONE: Readonly<Partial<Record<AppointmentStatus, string>>> = {
  arrived: styles.statusArrived,
  cancelled: styles.statusCancelled,
  completed: styles.statusCompleted,
  no_show: styles.statusCancelled,
};

function StatusBadge({ status }: { readonly status: AppointmentStatus }) {
  return <span className={`${styles.status} ${STATUS_TONE[status] ?? ''}`}>{STATUS_LABEL[status]}</span>;
}

/**
 * The university's appointments (admin dashboard, doctor's /patients), opening on today's and the coming visits,
 * soonest first; the past ones are a filter away. Searched by name or registration number, filtered by status and
 * sorted by date on the server; the front desk's check-in and no-show on the day, Edit (reschedule, assign, status)
 * and Cancel in each row. Days and times are the
 * clinic's, so the list waits for the clinic.
 */
export function AppointmentsOverview(props: AppointmentsOverviewProps) {
  return (
    <WithClinic loadingLabel="Loading appointments…">
      {(clinic) => <ClinicAppointments {...props} zone={clinic.settings.timezone} />}
    </WithClinic>
  );
}

function ClinicAppointments({
  caption = 'Appointments Overview',
  pageSize = 10,
  providerId,
  extraActions,
  onOpenPatient,
  onVisitStarted,
  zone,
}: AppointmentsOverviewProps & { readonly zone: string }) {
  const profile = useUserProfile();
  const viewerRole = profile.status === 'signedIn' ? profile.member.role : 'admin';
  const { search, setSearch, appliedSearch } = useSearchTerm();
  const [status, setStatus] = useState<AppointmentStatus | ''>('');
  const [period, setPeriod] = useState<AppointmentPeriod>('upcoming');
  const [order, setOrder] = useState<DateOrder>(PERIOD_ORDER.upcoming);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { actionsFor: frontDeskActions } = useFrontDesk(zone);
  // Where "upcoming" begins: the start of today on the clinic's calendar.
  const from = useMemo(() => momentInZone(dayInZone(new Date(), zone), '00:00', zone), [zone]);

  const filters = {
    search: appliedSearch,
    status: status || null,
    period,
    from,
    order,
    providerId: providerId ?? null,
    pageSize,
  };
  const { query, rows, total, page, setPage } = usePagedQuery((pageNumber) =>
    appointmentsPageQuery(filters, pageNumber),
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
      ...frontDeskActions(appointment),
      ...(isActiveAppointment(appointment.status)
        ? [
            { label: 'Edit', onSelect: () => setDialog({ kind: 'edit', appointment }) },
            { label: 'Cancel', onSelect: () => setDialog({ kind: 'cancel', appointment }) },
          ]
        : []),
      ...(extraActions?.(appointment) ?? []),
    ];
    return [
      { key: 'id', header: 'ID', render: (appointment) => appointment.reg },
      { key: 'name', header: 'Name', render: nameCell },
      appointmentTimeColumn(zone),
      { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
      { key: 'provider', header: 'Provider', render: (appointment) => providerName(appointment.provider) },
      { key: 'status', header: 'Status', render: (appointment) => <StatusBadge status={appointment.status} /> },
      {
        key: 'actions',
        header: 'Actions',
        render: (appointment) => {
          const actions = actionsFor(appointment);
          return actions.length === 0 ? null : (
            <RowActionMenu
              label={`Actions for ${appointment.name}, ${formatDateTime(appointment.date, zone)}`}
              actions={actions}
            />
          );
        },
      },
    ];
  }, [extraActions, frontDeskActions, onOpenPatient, zone]);

  const choosePeriod = (next: AppointmentPeriod) => {
    setPeriod(next);
    setOrder(PERIOD_ORDER[next]);
  };

  const filtered = appliedSearch.trim() !== '' || status !== '';
  const emptyMessage = filtered
    ? 'No appointments match your search'
    : period === 'upcoming'
      ? 'No appointments from today on'
      : period === 'past'
        ? 'No past appointments'
        : 'No appointments yet';
  return (
    <>
      <div className={styles.filters}>
        <SearchBox
          label="Search appointments"
          value={search}
          onChange={setSearch}
          placeholder="Name or registration number"
        />
        <div className={styles.filter}>
          <SelectField
            label="When"
            value={period}
            options={PERIOD_OPTIONS}
            onChange={(event) => choosePeriod(event.target.value as AppointmentPeriod)}
          />
        </div>
        <div className={styles.filter}>
          <SelectField
            label="Status"
            value={status}
            options={STATUS_FILTER_OPTIONS}
            onChange={(event) => setStatus(event.target.value as AppointmentStatus | '')}
          />
        </div>
        <div className={styles.filter}>
          <SelectField
            label="Sort by date"
            value={order}
            options={ORDER_OPTIONS}
            onChange={(event) => setOrder(event.target.value as DateOrder)}
          />
        </div>
      </div>
      <QueryView query={query} loadingLabel="Loading appointments…">
        {() => (
          <DataTable
            caption={caption}
            columns={columns}
            rows={rows}
            rowKey={(appointment) => appointment.id}
            emptyMessage={emptyMessage}
            pagination={{ page, pageSize, total, onPageChange: setPage }}
          />
        )}
      </QueryView>
      {dialog?.kind === 'edit' && (
        <EditAppointmentDialog
          appointment={dialog.appointment}
          viewerRole={viewerRole}
          onClose={() => setDialog(null)}
          onVisitStarted={onVisitStarted}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelAppointmentDialog
          appointment={dialog.appointment}
          actor="staff"
          doctorName={providerName(dialog.appointment.provider)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
