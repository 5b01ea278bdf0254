import { ErrorBanner, LoadingState, PageHeader, Pagination, PATHS, ProgramCards, PROGRAMS_PAGE_SIZE, Section, EmptyState, usePrograms } from '@campuscare/shared';
import { Link } from 'react-router-dom';

/** The university's programs, upcoming first, with a link to create one. */
export function ProgramListPage() {
  const { state, page, setPage, reload } = usePrograms();
  return (
    <>
      <PageHeader title="Programs" />
      <Section title="Upcoming programs">
        {state.status === 'error' && <ErrorBanner message={`Could not load programs: ${state.message}`} onRetry={reload} />}
        {state.status === 'loading' && state.rows.length === 0 && <LoadingState label="Loading programs…" />}
        {state.status === 'ready' && state.rows.length === 0 && (
          <EmptyState title="No programs yet">
            <Link to={PATHS.doctorNewProgram}>New program</Link>
          </EmptyState>
        )}
        {state.rows.length > 0 && state.status !== 'error' && (
          <>
            <ProgramCards programs={state.rows} newProgramTo={PATHS.doctorNewProgram} />
            <Pagination label="Programs" page={page} pageSize={PROGRAMS_PAGE_SIZE} total={state.total} onPageChange={setPage} />
          </>
        )}
      </Section>
    </>
  );
}
