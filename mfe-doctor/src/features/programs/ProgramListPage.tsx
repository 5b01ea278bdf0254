import { PageHeader, PATHS } from '@campuscare/shared';
import { ProgramBoard } from '@campuscare/shared/programs';

/** The university's programs, upcoming first and past apart, with a link to create one. */
export function ProgramListPage() {
  return (
    <>
      <PageHeader title="Programs" />
      <ProgramBoard emptyTitle="No programs yet" create={{ to: PATHS.doctorNewProgram }} />
    </>
  );
}
