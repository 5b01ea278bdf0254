import { Link, PATHS, QueryView, Section } from '@campuscare/shared';
import { ProgramCards, ProgramCardsPlaceholder, usePrograms } from '@campuscare/shared/programs';

const DASHBOARD_PROGRAM_COUNT = 3;

/** The dashboard's next few programs of the student's university. */
export function UpcomingPrograms() {
  const { query } = usePrograms('upcoming', DASHBOARD_PROGRAM_COUNT);
  return (
    <Section title="Upcoming Programs" actions={<Link to={PATHS.studentPrograms}>See all programs</Link>}>
      <QueryView
        query={query}
        placeholder={<ProgramCardsPlaceholder count={DASHBOARD_PROGRAM_COUNT} label="Loading programs…" />}
        isEmpty={(page) => page.rows.length === 0}
        empty="No upcoming programs"
      >
        {(page) => <ProgramCards programs={page.rows} label="Upcoming programs" />}
      </QueryView>
    </Section>
  );
}
