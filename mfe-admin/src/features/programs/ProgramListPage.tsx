import { EmptyState, ErrorBanner, LoadingState, PageHeader, Pagination, PATHS, ProgramCards, PROGRAMS_PAGE_SIZE, Section, usePrograms } from '@campuscare/shared';
import { useProgramEditing } from './useProgramEditing';

/** /programs: the program cards, upcoming first, with a New program link. */
export function ProgramListPage() {
  const { state, page, setPage, reload } = usePrograms();
  const { actionsFor, dialogs } = useProgramEditing(reload);
  const hasPrograms = state.rows.length > 0;

  return (
    <>
      <PageHeader title="Programs" />
      <Section title="Upcoming programs">
        {state.status === 'error' && <ErrorBanner message={`Could not load the programs: ${state.message}`} onRetry={reload} />}
        {state.status === 'loading' && !hasPrograms && <LoadingState label="Loading programs…" />}
        <ProgramCards programs={state.rows} newProgramTo={PATHS.adminPrograms} actionsFor={actionsFor} />
        {state.status === 'ready' && !hasPrograms && <EmptyState title="No programs yet" />}
        {hasPrograms && <Pagination label="Programs" page={page} pageSize={PROGRAMS_PAGE_SIZE} total={state.total} onPageChange={setPage} />}
      </Section>
      {dialogs}
    </>
  );
}
