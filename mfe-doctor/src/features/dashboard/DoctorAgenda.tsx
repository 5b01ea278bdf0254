import { useMemo, useState } from 'react';
import { type AppointmentStatus, Button, Link, QueryView, useApiQuery } from '@campuscare/shared';
import { STATUS_LABEL, useFrontDesk, visitDayHasCome } from '@campuscare/shared/appointments';
import { dayInZone, formatDay, timeInZone } from '@campuscare/shared/scheduling';
import { patientChartPath } from '../../components/clinical/clinicalPaths';
import { useOpenAppointmentVisit, useStartVisit } from '../../components/clinical/useVisitStart';
import {
  agendaBounds,
  agendaDays,
  agendaTitle,
  groupByDay,
  shiftAnchor,
  type AgendaDay,
  type AgendaView,
} from './agenda';
import type { AgendaAppointment } from './agendaApi';
import { agendaQuery } from './agendaQueries';
import styles from './dashboard.module.css';

interface DoctorAgendaProps {
  readonly providerId: string;
  /** The clinic's time zone: days and times are the clinic's. */
  readonly zone: string;
}

const STATUS_TONE: Readonly<Partial<Record<AppointmentStatus, string>>> = {
  arrived: styles.visitArrived,
  cancelled: styles.visitCancelled,
  completed: styles.visitCompleted,
  no_show: styles.visitCancelled,
};

function endOf(appointment: AgendaAppointment): Date {
  return new Date(Date.parse(appointment.date) + appointment.duration_minutes * 60_000);
}

/**
 * A visit's next step from the agenda: the front desk's check-in or no-show on its day, Start it on its day (booked or
 * checked in), open it while it is ongoing; and the patient's chart.
 */
function VisitActions({ appointment, zone }: { readonly appointment: AgendaAppointment; readonly zone: string }) {
  const startVisit = useStartVisit();
  const openVisit = useOpenAppointmentVisit();
  const frontDesk = useFrontDesk(zone);
  const who = `${appointment.name} at ${timeInZone(appointment.date, zone)}`;
  const canStart =
    (appointment.status === 'scheduled' || appointment.status === 'arrived') && visitDayHasCome(appointment.date, zone);
  return (
    <span className={styles.visitActions}>
      {frontDesk.actionsFor(appointment).map((action) => (
        <Button
          key={action.label}
          variant="secondary"
          aria-label={`${action.label}: ${who}`}
          disabled={frontDesk.saving}
          onClick={action.onSelect}
        >
          {action.label}
        </Button>
      ))}
      {canStart && (
        <Button
          aria-label={`Start the visit of ${who}`}
          disabled={startVisit.isPending}
          onClick={() => startVisit.mutate(appointment.id)}
        >
          Start
        </Button>
      )}
      {appointment.status === 'ongoing' && (
        <Button
          aria-label={`Open the visit of ${who}`}
          disabled={openVisit.isPending}
          onClick={() => openVisit.mutate(appointment.id)}
        >
          Open visit
        </Button>
      )}
      <Link
        className={styles.chartLink}
        to={patientChartPath(appointment.student_id)}
        aria-label={`Patient chart of ${appointment.name}`}
      >
        Patient chart
      </Link>
    </span>
  );
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
          {appointment.status !== 'cancelled' && <VisitActions appointment={appointment} zone={zone} />}
        </li>
      ))}
    </ol>
  );
}

function WeekAgenda({
  week,
  zone,
  today,
}: {
  readonly week: readonly AgendaDay[];
  readonly zone: string;
  readonly today: string;
}) {
  return (
    <div className={styles.week}>
      {week.map(({ day, appointments }) => (
        <section
          key={day}
          aria-label={formatDay(day)}
          aria-current={day === today ? 'date' : undefined}
          className={`${styles.weekDay} ${day === today ? styles.weekDayToday : ''}`}
        >
          <h4 className={styles.weekDayTitle}>{formatDay(day)}</h4>
          {appointments.length === 0 ? (
            <p className={styles.muted}>No visits</p>
          ) : (
            <ol aria-label={`Visits on ${formatDay(day)}`} className={styles.weekList}>
              {appointments.map((appointment) => (
                <li key={appointment.id} className={`${styles.weekVisit} ${STATUS_TONE[appointment.status] ?? ''}`}>
                  <span className={styles.visitTime}>{timeInZone(appointment.date, zone)}</span>
                  <Link
                    className={styles.visitName}
                    to={patientChartPath(appointment.student_id)}
                    aria-label={`${appointment.name}: patient chart`}
                  >
                    {appointment.name}
                  </Link>
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
export function DoctorAgenda({ providerId, zone }: DoctorAgendaProps) {
  const today = dayInZone(new Date(), zone);
  const [view, setView] = useState<AgendaView>('day');
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => agendaDays(anchor, view), [anchor, view]);
  const bounds = agendaBounds(days, zone);
  const agenda = useApiQuery(agendaQuery(providerId, bounds));
  const unit = view === 'day' ? 'day' : 'week';

  return (
    <div className={styles.agenda}>
      <div className={styles.toolbar}>
        <div role="group" aria-label="Agenda view" className={styles.group}>
          <Button
            variant={view === 'day' ? 'primary' : 'secondary'}
            aria-pressed={view === 'day'}
            onClick={() => setView('day')}
          >
            Day
          </Button>
          <Button
            variant={view === 'week' ? 'primary' : 'secondary'}
            aria-pressed={view === 'week'}
            onClick={() => setView('week')}
          >
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
      <QueryView query={agenda} loadingLabel="Loading your schedule…">
        {(appointments) => {
          const groups = groupByDay(appointments, days, zone);
          return view === 'day' ? (
            <DayAgenda agendaDay={groups[0] ?? { day: anchor, appointments: [] }} zone={zone} />
          ) : (
            <WeekAgenda week={groups} zone={zone} today={today} />
          );
        }}
      </QueryView>
    </div>
  );
}
