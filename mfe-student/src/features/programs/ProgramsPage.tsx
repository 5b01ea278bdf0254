import { EmptyState, PageHeader, Section } from '@campuscare/shared';

export function ProgramsPage() {
  return (
    <>
      <PageHeader title="Programs" />
      <Section title="Upcoming programs">
        <EmptyState title="No programs yet" />
      </Section>
    </>
  );
}
