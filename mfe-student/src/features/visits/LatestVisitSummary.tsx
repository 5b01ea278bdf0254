import { Link, PATHS, Section, useApiQuery } from '@campuscare/shared';
import { formatDayOf, useClinic } from '@campuscare/shared/scheduling';
import { personOrFallback } from './visitFormat';
import { myVisitsQuery } from './visitsQueries';
import styles from './LatestVisit.module.css';

/**
 * The dashboard's pointer to the latest signed visit: its day (on the clinic's calendar) and doctor, never its content
 * (a dashboard is often on screen where others can see it). Nothing while loading, on failure or before the first visit.
 */
export function LatestVisitSummary() {
  const visits = useApiQuery(myVisitsQuery());
  const clinic = useClinic();
  const latest = visits.data?.visits[0];
  const zone = clinic.data?.settings.timezone;
  if (!latest || !zone) return null;
  const letters = latest.excuse_letters.filter((letter) => letter.status === 'valid').length;
  return (
    <Section title="Latest visit summary">
      <p className={styles.latest}>
        Your visit on {formatDayOf(latest.date, zone)} with{' '}
        {personOrFallback(latest.doctor_name, 'a former doctor of the clinic')}
        {letters > 0 ? `, with ${letters === 1 ? 'an excuse letter' : `${letters} excuse letters`}` : ''}.{' '}
        <Link to={PATHS.studentVisits}>Read the summary</Link>
      </p>
    </Section>
  );
}
