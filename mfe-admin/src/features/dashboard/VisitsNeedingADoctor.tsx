import { QueryView, usePagedQuery } from '@campuscare/shared';
import { useVisitFixes, VisitsNeedingActionList, WithClinic } from '@campuscare/shared/appointments';
import { VISITS_NEEDING_A_DOCTOR_PAGE_SIZE, visitsNeedingADoctorPageQuery } from './dashboardQueries';
import styles from './dashboard.module.css';

const LABEL = 'Visits that need a doctor';

/**
 * The booked visits that cannot take place as booked (no doctor, a doctor gone or away, the clinic closed), soonest
 * first, a page at a time, each with its fixes; a fixed visit leaves the list, which every change to an appointment
 * reloads.
 */
export function VisitsNeedingADoctor() {
  const { page, setPage, query } = usePagedQuery(visitsNeedingADoctorPageQuery);
  const fixes = useVisitFixes();
  return (
    <>
      <WithClinic loadingLabel="Loading the visits…">
        {(clinic) => (
          <QueryView
            query={query}
            loadingLabel="Loading the visits…"
            isEmpty={(data) => data.total === 0}
            empty={<p className={styles.caption}>Every booked visit has a doctor who can see it.</p>}
          >
            {(data) => (
              <VisitsNeedingActionList
                label={LABEL}
                visits={data.rows}
                zone={clinic.settings.timezone}
                onFix={fixes.open}
                pages={{
                  page,
                  pageSize: VISITS_NEEDING_A_DOCTOR_PAGE_SIZE,
                  total: data.total,
                  onPageChange: setPage,
                }}
              />
            )}
          </QueryView>
        )}
      </WithClinic>
      {fixes.dialog}
    </>
  );
}
