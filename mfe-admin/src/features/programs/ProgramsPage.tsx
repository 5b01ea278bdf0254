import { Link } from 'react-router-dom';
import { Button, ErrorBanner, LoadingState, PageHeader, Pagination, PATHS, ProgramCards, ProgramsEmptyState, PROGRAMS_PAGE_SIZE, Section, usePrograms } from '@campuscare/shared';
import { useProgramEditing } from './useProgramEditing';

/** /newprogram: the university's programs with Create, Edit and Delete; the spec's empty state when there are none. */
export function ProgramsPage() {
  const { state, page, setPage, reload } = usePrograms();
  const { create, actionsFor, dialogs } = useProgramEditing(reload);
  const hasPrograms = state.rows.length > 0;

  return (
    <>
      <PageHeader title="Programs" actions={<Link to={PATHS.adminProgramList}>All programs</Link>} />
      <Section title="Your programs" actions={hasPrograms ? <Button onClick={create}>Create a program</Button> : undefined}>
        {state.status === 'error' && <ErrorBanner message={`Could not load the programs: ${state.message}`} onRetry={reload} />}
        {state.status === 'loading' && !hasPrograms && <LoadingState label="Loading programs…" />}
        {state.status === 'ready' && !hasPrograms && <ProgramsEmptyState onCreate={create} />}
        {hasPrograms && (
          <>
            <ProgramCards programs={state.rows} actionsFor={actionsFor} />
            <Pagination label="Programs" page={page} pageSize={PROGRAMS_PAGE_SIZE} total={state.total} onPageChange={setPage} />
          </>
        )}
      </Section>
      {dialogs}
    </>
  );
}
