import { EmptyState, PageHeader, Section } from '@campuscare/shared';
import { YourInformation } from './YourInformation';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Section title="Upcoming Programs">
        <EmptyState title="No upcoming programs" />
      </Section>
      <Section title="Appointments">
        <EmptyState title="You have no appointments" />
      </Section>
      <YourInformation />
    </>
  );
}
