import { PageHeader, QueryErrorBanner, queryKeys, QueryView, Section, StatCard, StatGrid, useApiQuery } from '@campuscare/shared';
import { AppointmentsOverview } from '@campuscare/shared/appointments';
import { formatCount } from '@campuscare/shared/scheduling';
import { AppointmentsChart } from './AppointmentsChart';
import { CHART_DAYS, fetchCounts, fetchDailyLoad, type UniversityCounts } from './dashboardApi';
import { VisitsNeedingADoctor } from './VisitsNeedingADoctor';

const CARDS: ReadonlyArray<{ readonly label: string; readonly key: keyof UniversityCounts }> = [
  { label: 'Appointments', key: 'appointments' },
  { label: 'Programs', key: 'programs' },
  { label: 'Registered staff', key: 'staff' },
  { label: 'Enrolled students', key: 'students' },
  { label: 'Visits that need a doctor', key: 'visits_needing_a_doctor' },
];

/** Under `queryKeys.dashboard`: every booking, cancellation or member change elsewhere refreshes them. */
const COUNTS_KEY = [...queryKeys.dashboard, 'admin-counts'] as const;
const DAILY_LOAD_KEY = [...queryKeys.dashboard, 'appointments-per-day', CHART_DAYS] as const;

export function DashboardPage() {
  const counts = useApiQuery(COUNTS_KEY, fetchCounts);
  const days = useApiQuery(DAILY_LOAD_KEY, (client) => fetchDailyLoad(client, CHART_DAYS));
  return (
    <>
      <PageHeader title="Dashboard" />
      <QueryErrorBanner query={counts} />
      <StatGrid label="University at a glance">
        {CARDS.map((card) => (
          <StatCard key={card.key} label={card.label} value={counts.data ? formatCount(counts.data[card.key]) : '…'} />
        ))}
      </StatGrid>
      <Section title="Visits that need a doctor">
        <VisitsNeedingADoctor />
      </Section>
      <Section title="Appointments per day">
        <QueryView query={days} loadingLabel="Loading the chart…">
          {(load) => <AppointmentsChart days={load} />}
        </QueryView>
      </Section>
      <Section title="Appointments Overview">
        <AppointmentsOverview />
      </Section>
    </>
  );
}
