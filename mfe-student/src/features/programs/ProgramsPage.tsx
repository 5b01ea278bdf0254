import { PageHeader } from '@campuscare/shared';
import { ProgramBoard } from '@campuscare/shared/programs';

export const NO_UNIVERSITY_PROGRAMS = 'Your university has no programs yet';

/** /studentprogram: every program of the student's university, upcoming first and past apart, a page at a time. */
export function ProgramsPage() {
  return (
    <>
      <PageHeader title="Programs" />
      <ProgramBoard emptyTitle={NO_UNIVERSITY_PROGRAMS} />
    </>
  );
}
