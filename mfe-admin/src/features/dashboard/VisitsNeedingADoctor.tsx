import { QueryView, useApiQuery } from '@campuscare/shared';
import { useVisitFixes, VisitsNeedingActionList, WithClinic } from '@campuscare/shared/appointments';
import { visitsNeedingADoctorQuery } from './dashboardQueries';
import styles from './dashboard.module.css';

/**
 * The booked visits that cannot take place as booked (no doctor, a doctor gone or away, the clinic closed), each with
 * its fixes; a fixed visit leaves the list, which every change to an appointment reloads.
 */
export function VisitsNeedingADoctor() {
  const visits = useApiQuery(visitsNeedingADoctorQuery());
  const fixes = useVisitFixes();
  return (
    <>
      <WithClinic loadingLabel="Loading the visits…">
        {(clinic) => (
          <QueryView
            query={visits}
            loadingLabel="Loading the visits…"
            isEmpty={(rows) => rows.length === 0}
            empty={<p className={styles.caption}>Every booked visit has a doctor who can see it.</p>}
          >
            {(rows) => (
              <VisitsNeedingActionList
                label="Visits that need a doctor"
                visits={rows}
                zone={clinic.settings.timezone}
                onFix={fixes.open}
              />
            )}
          </QueryView>
        )}
      </WithClinic>
      {fixes.dialog}
    </>
  );
}
