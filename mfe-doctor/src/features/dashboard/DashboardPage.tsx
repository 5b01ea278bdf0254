import { useCallback, useEffect, useState } from 'react';
import { ErrorBanner, getSupabase, LoadingState, PageHeader, Section, StatCard, StatGrid, useUserProfile } from '@campuscare/shared';
import { fetchDoctorCounts, type DoctorCounts } from './myAppointmentsApi';
import { MyAppointments } from './MyAppointments';

type CountsState = { readonly status: 'loading' } | { readonly status: 'ready'; readonly counts: DoctorCounts } | { readonly status: 'error'; readonly message: string };

function useDoctorCounts(): { readonly state: CountsState; readonly reload: () => void } {
  const [state, setState] = useState<CountsState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let current = true;
    getSupabase()
      .then(fetchDoctorCounts)
      .then(
        (counts) => current && setState({ status: 'ready', counts }),
        (error: unknown) => current && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [reloads]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, reload };
}

export function DashboardPage() {
  const profile = useUserProfile();
  const { state: counts, reload: reloadCounts } = useDoctorCounts();
  const count = (pick: (value: DoctorCounts) => number) => (counts.status === 'ready' ? pick(counts.counts).toLocaleString() : '…');

  return (
    <>
      <PageHeader title="Dashboard" />
      {counts.status === 'error' && <ErrorBanner message={`Could not load your counts: ${counts.message}`} onRetry={reloadCounts} />}
      <StatGrid label="Your work at a glance">
        <StatCard label="Appointments" value={count((value) => value.appointments)} />
        <StatCard label="Programs" value={count((value) => value.programs)} />
        <StatCard label="Patients" value={count((value) => value.patients)} />
      </StatGrid>
      <Section title="My Appointments">
        {profile.status === 'signedIn' ? <MyAppointments providerId={profile.member.id} onChanged={reloadCounts} /> : <LoadingState label="Loading your appointments…" />}
      </Section>
    </>
  );
}
