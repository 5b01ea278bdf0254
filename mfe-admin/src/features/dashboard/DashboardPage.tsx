import { AppointmentsOverview, ErrorBanner, LoadingState, PageHeader, Section, StatCard, StatGrid } from '@campuscare/shared';
import { AppointmentsChart } from './AppointmentsChart';
import type { UniversityCounts } from './dashboardApi';
import { useDashboardData } from './useDashboardData';

const CARDS: ReadonlyArray<{ readonly label: string; readonly key: keyof UniversityCounts }> = [
  { label: 'Appointments', key: 'appointments' },
  { label: 'Programs', key: 'programs' },
  { label: 'Registered staff', key: 'staff' },
  { label: 'Enrolled students', key: 'students' },
];

export function DashboardPage() {
  const { counts, days, refresh, reloadCounts, reloadDays } = useDashboardData();
  return (
    <>
      <PageHeader title="Dashboard" />
      {counts.status === 'error' && <ErrorBanner message={`Could not load the numbers: ${counts.message}`} onRetry={reloadCounts} />}
      <StatGrid label="University at a glance">
        {CARDS.map((card) => (
          <StatCard key={card.key} label={card.label} value={counts.status === 'ready' ? counts.value[card.key].toLocaleString() : '…'} />
        ))}
      </StatGrid>
      <Section title="Appointments per day">
        {days.status === 'loading' && <LoadingState label="Loading the chart…" />}
        {days.status === 'error' && <ErrorBanner message={`Could not load the chart: ${days.message}`} onRetry={reloadDays} />}
        {days.status === 'ready' && <AppointmentsChart days={days.value} />}
      </Section>
      <Section title="Appointments Overview">
        <AppointmentsOverview onChanged={refresh} />
      </Section>
    </>
  );
}
