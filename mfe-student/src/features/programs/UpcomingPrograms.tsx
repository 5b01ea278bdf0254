import { Link } from 'react-router-dom';
import { EmptyState, ErrorBanner, localIsoDate, LoadingState, PATHS, ProgramCards, Section, usePrograms } from '@campuscare/shared';

const DASHBOARD_PROGRAM_COUNT = 3;

/** The dashboard's next few programs of the student's university. */
export function UpcomingPrograms() {
  const { state, reload } = usePrograms(DASHBOARD_PROGRAM_COUNT);
  // The list runs on into past programs once the upcoming ones are exhausted; the dashboard shows only what is ahead.
  const today = localIsoDate();
  const upcoming = state.rows.filter((program) => program.date >= today);
  return (
    <Section title="Upcoming Programs" actions={<Link to={PATHS.studentPrograms}>See all programs</Link>}>
      {state.status === 'error' && <ErrorBanner message={`Could not load the programs: ${state.message}`} onRetry={reload} />}
      {state.status === 'loading' && state.rows.length === 0 && <LoadingState label="Loading programs…" />}
      {state.status === 'ready' && upcoming.length === 0 && <EmptyState title="No upcoming programs" />}
      {upcoming.length > 0 && <ProgramCards programs={upcoming} />}
    </Section>
  );
}
