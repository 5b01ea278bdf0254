import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, PATHS, Section } from '@campuscare/shared';

export function ProgramListPage() {
  return (
    <>
      <PageHeader title="Programs" actions={<Link to={PATHS.adminPrograms}>New program</Link>} />
      <Section title="Upcoming programs">
        <EmptyState title="No programs yet" />
      </Section>
    </>
  );
}
