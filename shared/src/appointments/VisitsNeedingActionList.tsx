import { useState } from 'react';
import { Button, type PageInfo, Pagination, useUserProfile } from '@campuscare/shared';
import { formatDateTime } from '@campuscare/shared/scheduling';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';
import { EditAppointmentDialog } from './EditAppointmentDialog';
import { RescheduleAppointmentDialog } from './RescheduleAppointmentDialog';
import type { VisitNeedingAction } from './visitsNeedingActionApi';
import styles from './appointments.module.css';

/** What staff can do about a visit: another doctor at that time, another time, or cancel it with a reason. */
type VisitFix = 'doctor' | 'time' | 'cancel';

const FIX_LABEL: Readonly<Record<VisitFix, string>> = {
  doctor: 'Another doctor',
  time: 'New time',
  cancel: 'Cancel visit',
};
const NO_DOCTOR = 'No doctor assigned';

/** A new time keeps the visit's doctor: a visit with none needs a doctor first (or cancelling). */
function fixesFor(visit: VisitNeedingAction): readonly VisitFix[] {
  return visit.appointment.provider_id ? ['doctor', 'time', 'cancel'] : ['doctor', 'cancel'];
}

/**
 * The dialogs that resolve a visit, one at a time: `open(fix, visit)` from a row, `dialog` rendered once, `opened`
 * while one shows (a dialog listing the visits steps aside meanwhile). Every change reloads the lists.
 */
export function useVisitFixes() {
  const profile = useUserProfile();
  const viewerRole = profile.status === 'signedIn' ? profile.member.role : 'admin';
  const [opened, setOpened] = useState<{ readonly fix: VisitFix; readonly visit: VisitNeedingAction } | null>(null);
  const close = () => setOpened(null);
  let dialog = null;
  if (opened) {
    const { appointment, doctorName } = opened.visit;
    if (opened.fix === 'doctor')
      dialog = <EditAppointmentDialog appointment={appointment} viewerRole={viewerRole} onClose={close} />;
    else if (opened.fix === 'time')
      dialog = (
        <RescheduleAppointmentDialog
          appointment={appointment}
          actor="staff"
          doctorName={doctorName ?? NO_DOCTOR}
          onClose={close}
        />
      );
    else
      dialog = (
        <CancelAppointmentDialog
          appointment={appointment}
          actor="staff"
          doctorName={doctorName ?? NO_DOCTOR}
          onClose={close}
        />
      );
  }
  return {
    open: (fix: VisitFix, visit: VisitNeedingAction) => setOpened({ fix, visit }),
    dialog,
    opened: opened !== null,
  };
}

interface VisitsNeedingActionListProps {
  readonly label: string;
  readonly visits: readonly VisitNeedingAction[];
  /** The clinic's time zone: every time is on its clock. */
  readonly zone: string;
  readonly onFix: ReturnType<typeof useVisitFixes>['open'];
  /** Which page of them `visits` is: the pages are offered when there is more than one. */
  readonly pages: PageInfo;
}

/**
 * A page of booked visits that cannot take place as booked: when, whose, with whom, why, and what can be done about
 * each.
 */
export function VisitsNeedingActionList({ label, visits, zone, onFix, pages }: VisitsNeedingActionListProps) {
  return (
    <>
      <ul aria-label={label} className={styles.visitList}>
        {visits.map((visit) => {
          const { appointment } = visit;
          const when = formatDateTime(appointment.date, zone);
          return (
            <li key={appointment.id} className={styles.visit} aria-label={`${appointment.name}, ${when}`}>
              <div className={styles.visitText}>
                <p className={styles.visitWhen}>{when}</p>
                <p className={styles.visitWho}>
                  {appointment.name} ({appointment.reg}) · {visit.doctorName ?? NO_DOCTOR}
                </p>
                <p className={styles.visitProblem}>{visit.problem}</p>
              </div>
              <div className={styles.visitFixes}>
                {fixesFor(visit).map((fix) => (
                  <Button
                    key={fix}
                    variant={fix === 'cancel' ? 'danger' : 'secondary'}
                    onClick={() => onFix(fix, visit)}
                  >
                    {FIX_LABEL[fix]}
                  </Button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      {pages.total > pages.pageSize && <Pagination label={label} {...pages} />}
    </>
  );
}
