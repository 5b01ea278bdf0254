import { PageHeader, PATHS } from '@campuscare/shared';
import { ProgramBoard, useProgramEditing } from '@campuscare/shared/programs';
import { ExportButton } from '../../components/exportCsv';

/** /programs: the program cards, upcoming first and past apart, with a New program link. */
export function ProgramListPage() {
  const { actionsFor, dialogs } = useProgramEditing();
  return (
    <>
      <PageHeader title="Programs" actions={<ExportButton request={{ report: 'programs' }} />} />
      <ProgramBoard emptyTitle="No programs yet" create={{ to: PATHS.adminPrograms }} actionsFor={actionsFor} />
      {dialogs}
    </>
  );
}
