import { Link, PATHS, Section, useApiQuery } from '@campuscare/shared';
import { myStandingsQuery } from './immunizationsQueries';
import { standingsSummary } from './immunizationRules';
import styles from './Immunizations.module.css';

/**
 * The dashboard's pointer to the student's immunizations: how many requirements stand where, never which vaccine (a
 * dashboard is often on screen where others can see it). Nothing while loading or on failure.
 */
export function ImmunizationStatusCard() {
  const standings = useApiQuery(myStandingsQuery());
  if (!standings.data) return null;
  return (
    <Section title="Immunizations">
      <p className={styles.card}>
        {standings.data.length === 0 ? 'No immunization requirements apply to you.' : standingsSummary(standings.data)}{' '}
        <Link to={PATHS.studentImmunizations}>See my immunizations</Link>
      </p>
    </Section>
  );
}
