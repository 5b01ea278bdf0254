import { EmptyState, ErrorBanner, LoadingState, PageHeader, Pagination, ProgramCards, Section, usePrograms, PROGRAMS_PAGE_SIZE } from '@campuscare/shared';

export const NO_UNIVERSITY_PROGRAMS = 'Your university has no programs yet';

/** /studentprogram: every program of the student's university, upcoming first, a page at a time. */
export function ProgramsPage() {
  const { state, page, setPage, reload } = usePrograms();
  return (
    <>
      <PageHeader title="Programs" />
      <Section title="Health programs">
        {state.status === 'error' && <ErrorBanner message={`Could not load the programs: ${state.message}`} onRetry={reload} />}
        {state.status === 'loading' && state.rows.length === 0 && <LoadingState label="Loading programs…" />}
        {state.status === 'ready' && state.rows.length === 0 && <EmptyState title={NO_UNIVERSITY_PROGRAMS} />}
        {state.rows.length > 0 && <ProgramCards programs={state.rows} />}
        {state.total > PROGRAMS_PAGE_SIZE && <Pagination label="Programs" page={page} pageSize={PROGRAMS_PAGE_SIZE} total={state.total} onPageChange={setPage} />}
      </Section>
    </>
  );
}
