import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, PATHS, Section } from '@campuscare/shared';

export function NewProgramPage() {
  return (
    <>
      <PageHeader title="Programs" actions={<Link to={PATHS.doctorPrograms}>All programs</Link>} />
      <Section title="Your programs">
        <EmptyState title="You haven't created any program yet" />
      </Section>
    </>
  );
}
