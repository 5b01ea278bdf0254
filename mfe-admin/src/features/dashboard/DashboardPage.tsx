import { useState } from 'react';
import {
  Button,
  PageHeader,
  QueryErrorBanner,
  QueryView,
  Section,
  StatCard,
  StatGrid,
  useApiQuery,
} from '@campuscare/shared';
import { AppointmentsOverview, BookForStudentDialog, WaitingList, WithClinic } from '@campuscare/shared/appointments';
import { formatCount } from '@campuscare/shared/scheduling';
import { AppointmentsExport } from '../../components/AppointmentsExport';
import { AppointmentsChart } from './AppointmentsChart';
import type { UniversityCounts } from './dashboardApi';
import { dailyLoadQuery, universityCountsQuery } from './dashboardQueries';
import { VisitsNeedingADoctor } from './VisitsNeedingADoctor';

const CARDS: ReadonlyArray<{ readonly label: string; readonly key: keyof UniversityCounts }> = [
  { label: 'Appointments', key: 'appointments' },
  { label: 'Programs', key: 'programs' },
  { label: 'Registered staff', key: 'staff' },
  { label: 'Enrolled students', key: 'students' },
  { label: 'Visits that need a doctor', key: 'visits_needing_a_doctor' },
];

/**
 * /dashboardd: the university at a glance, what needs staff today (visits without a doctor, who is waiting), the
 * appointments of the coming days with the front desk's actions, and booking for a student.
 */
export function DashboardPage() {
  const [booking, setBooking] = useState(false);
  const counts = useApiQuery(universityCountsQuery());
  const days = useApiQuery(dailyLoadQuery());
  return (
    <>
      <PageHeader title="Dashboard" actions={<Button onClick={() => setBooking(true)}>Book for a student</Button>} />
      <QueryErrorBanner query={counts} />
      <StatGrid label="University at a glance">
        {CARDS.map((card) => (
          <StatCard key={card.key} label={card.label} value={counts.data ? formatCount(counts.data[card.key]) : '…'} />
        ))}
      </StatGrid>
      <Section title="Visits that need a doctor">
        <VisitsNeedingADoctor />
      </Section>
      <Section title="Waiting">
        <WithClinic loadingLabel="Loading who is waiting…">
          {(clinic) => <WaitingList zone={clinic.settings.timezone} />}
        </WithClinic>
      </Section>
      <Section title="Appointments per day">
        <QueryView query={days} loadingLabel="Loading the chart…">
          {(load) => <AppointmentsChart days={load} />}
        </QueryView>
      </Section>
      <Section title="Appointments Overview">
        <AppointmentsOverview />
      </Section>
      <Section title="Export appointments">
        <AppointmentsExport />
      </Section>
      {booking && <BookForStudentDialog onClose={() => setBooking(false)} />}
    </>
  );
}
