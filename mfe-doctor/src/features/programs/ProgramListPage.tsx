import { PageHeader, PATHS } from '@campuscare/shared';
import { ProgramBoard, useProgramEditing } from '@campuscare/shared/programs';

/** The university's programs, upcoming first and past apart, with a link to create one; the doctor edits and deletes their own. */
export function ProgramListPage() {
  const { actionsFor, dialogs } = useProgramEditing();
  return (
    <>
      <PageHeader title="Programs" />
      <ProgramBoard emptyTitle="No programs yet" create={{ to: PATHS.doctorNewProgram }} actionsFor={actionsFor} />
      {dialogs}
    </>
  );
}
