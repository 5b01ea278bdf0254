import type { ReactNode } from 'react';
import { QueryView, useApiQuery } from '@campuscare/shared';
import { dayInZone, timeInZone } from '@campuscare/shared/scheduling';
import { providerName } from './appointmentsApi';
import { waitingText, type WaitingVisit } from './frontDeskApi';
import { waitingQuery } from './frontDeskQueries';
import styles from './appointments.module.css';

interface WaitingListProps {
  /** The clinic's time zone: "today" and the booked times are the clinic's. */
  readonly zone: string;
  /** Only this doctor's students; the whole clinic's when absent (each then names their doctor). */
  readonly providerId?: string | null;
  /** What can be done for a waiting student from here (the doctor's Start). */
  readonly actions?: (visit: WaitingVisit) => ReactNode;
}

/**
 * Who is waiting today: the students checked in and not yet seen, in the order they arrived, with how long each has
 * waited. Read again every minute and after every change of an appointment anywhere.
 */
export function WaitingList({ zone, providerId = null, actions }: WaitingListProps) {
  const today = dayInZone(new Date(), zone);
  const waiting = useApiQuery(waitingQuery({ zone, today, providerId }));
  // The moment the list was read: every reading moves the times waited on, even when nobody came or went.
  const readAt = new Date(waiting.dataUpdatedAt);
  return (
    <QueryView query={waiting} loadingLabel="Loading who is waiting…">
      {(visits) =>
        visits.length === 0 ? (
          <p className={styles.summary}>Nobody is waiting.</p>
        ) : (
          <ol aria-label="Waiting, in order of arrival" className={styles.visitList}>
            {visits.map((visit) => {
              const waited = waitingText(visit.arrived_at, readAt);
              return (
                <li key={visit.id} aria-label={`${visit.name}, ${waited}`} className={styles.visit}>
                  <div className={styles.visitText}>
                    <p className={styles.visitWhen}>{visit.name}</p>
                    <p className={styles.visitWho}>
                      {waited} · booked for {timeInZone(visit.date, zone)}
                      {providerId === null && ` with ${providerName(visit.provider)}`}
                    </p>
                    <p className={styles.visitWho}>{visit.reason}</p>
                  </div>
                  {actions && <div className={styles.visitFixes}>{actions(visit)}</div>}
                </li>
              );
            })}
          </ol>
        )
      }
    </QueryView>
  );
}
