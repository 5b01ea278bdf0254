import { Link, PageHeader, PATHS } from '@campuscare/shared';
import { NO_PROGRAMS_MESSAGE, ProgramBoard, useProgramEditing } from '@campuscare/shared/programs';

/** /newprogram: the university's programs with Create, Edit and Delete; the spec's empty state when there are none. */
export function ProgramsPage() {
  const { create, actionsFor, dialogs } = useProgramEditing();
  return (
    <>
      <PageHeader title="Programs" actions={<Link to={PATHS.adminProgramList}>All programs</Link>} />
      <ProgramBoard emptyTitle={NO_PROGRAMS_MESSAGE} create={{ onCreate: create }} actionsFor={actionsFor} />
      {dialogs}
    </>
  );
}
