import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, dayInZone, ErrorBanner, formatDay, getSupabase, LoadingState, STATUS_LABEL, timeInZone, type AppointmentStatus } from '@campuscare/shared';
import { agendaBounds, agendaDays, agendaTitle, groupByDay, shiftAnchor, weekColumnTitle, type AgendaDay, type AgendaView } from './agenda';
import { listAgenda, type AgendaAppointment } from './agendaApi';
import styles from './dashboard.module.css';

type AgendaState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly appointments: readonly AgendaAppointment[] }
  | { readonly status: 'error'; readonly message: string };

interface DoctorAgendaProps {
  readonly providerId: string;
  /** The clinic's time zone: days and times are the clinic's. */
  readonly zone: string;
  /** Changed by the page after the table changed an appointment, to read the range again. */
  readonly refreshKey: number;
}

const STATUS_TONE: Readonly<Partial<Record<AppointmentStatus, string>>> = {
  cancelled: styles.visitCancelled,
  completed: styles.visitCompleted,
};

function endOf(appointment: AgendaAppointment): Date {
  return new Date(Date.parse(appointment.date) + appointment.duration_minutes * 60_000);
}

function useAgenda(providerId: string, zone: string, days: readonly string[], refreshKey: number) {
  const [state, setState] = useState<AgendaState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getSupabase()
      .then((client) => listAgenda(client, { providerId, ...agendaBounds(days, zone) }))
      .then(
        (appointments) => current && setState({ status: 'ready', appointments }),
        (error: unknown) => current && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [providerId, zone, days, refreshKey, reloads]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, reload };
}

function DayAgenda({ agendaDay, zone }: { readonly agendaDay: AgendaDay; readonly zone: string }) {
  if (agendaDay.appointments.length === 0) return <p className={styles.muted}>No visits on this day.</p>;
  return (
    <ol aria-label={`Visits on ${formatDay(agendaDay.day)}`} className={styles.dayList}>
      {agendaDay.appointments.map((appointment) => (
        <li key={appointment.id} className={`${styles.visit} ${STATUS_TONE[appointment.status] ?? ''}`}>
          <span className={styles.visitTime}>
            {timeInZone(appointment.date, zone)}–{timeInZone(endOf(appointment), zone)}
          </span>
          <span className={styles.visitName}>{appointment.name}</span>
          <span className={styles.status}>{STATUS_LABEL[appointment.status]}</span>
          <span className={styles.visitReason}>{appointment.reason}</span>
        </li>
      ))}
    </ol>
  );
}

function WeekAgenda({ week, zone, today }: { readonly week: readonly AgendaDay[]; readonly zone: string; readonly today: string }) {
  return (
    <div className={styles.week}>
      {week.map(({ day, appointments }) => (
        <section key={day} aria-label={formatDay(day)} aria-current={day === today ? 'date' : undefined} className={`${styles.weekDay} ${day === today ? styles.weekDayToday : ''}`}>
          <h4 className={styles.weekDayTitle}>{weekColumnTitle(day)}</h4>
          {appointments.length === 0 ? (
            <p className={styles.muted}>No visits</p>
          ) : (
            <ol aria-label={`Visits on ${formatDay(day)}`} className={styles.weekList}>
              {appointments.map((appointment) => (
                <li key={appointment.id} className={`${styles.weekVisit} ${STATUS_TONE[appointment.status] ?? ''}`}>
                  <span className={styles.visitTime}>{timeInZone(appointment.date, zone)}</span>
                  <span className={styles.visitName}>{appointment.name}</span>
                  <span className={styles.status}>{STATUS_LABEL[appointment.status]}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

/** The doctor's day or week at a glance, on the clinic's calendar and clock; read one range at a time. */
export function DoctorAgenda({ providerId, zone, refreshKey }: DoctorAgendaProps) {
  const today = dayInZone(new Date(), zone);
  const [view, setView] = useState<AgendaView>('day');
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => agendaDays(anchor, view), [anchor, view]);
  const { state, reload } = useAgenda(providerId, zone, days, refreshKey);
  const unit = view === 'day' ? 'day' : 'week';
  const groups = state.status === 'ready' ? groupByDay(state.appointments, days, zone) : [];

  return (
    <div className={styles.agenda}>
      <div className={styles.toolbar}>
        <div role="group" aria-label="Agenda view" className={styles.group}>
          <Button variant={view === 'day' ? 'primary' : 'secondary'} aria-pressed={view === 'day'} onClick={() => setView('day')}>
            Day
          </Button>
          <Button variant={view === 'week' ? 'primary' : 'secondary'} aria-pressed={view === 'week'} onClick={() => setView('week')}>
            Week
          </Button>
        </div>
        <div role="group" aria-label="Move through the agenda" className={styles.group}>
          <Button variant="secondary" onClick={() => setAnchor(shiftAnchor(anchor, view, -1))}>
            Previous {unit}
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(shiftAnchor(anchor, view, 1))}>
            Next {unit}
          </Button>
        </div>
      </div>
      <h3 className={styles.agendaTitle} aria-live="polite">
        {agendaTitle(days)}
      </h3>
      <p className={styles.hint}>Times are the clinic&apos;s, in {zone}.</p>
      {state.status === 'error' && <ErrorBanner message={`Could not fetch appointments: ${state.message}`} onRetry={reload} />}
      {state.status === 'loading' && <LoadingState label="Loading your schedule…" />}
      {state.status === 'ready' && (view === 'day' ? <DayAgenda agendaDay={groups[0] ?? { day: anchor, appointments: [] }} zone={zone} /> : <WeekAgenda week={groups} zone={zone} today={today} />)}
    </div>
  );
}
