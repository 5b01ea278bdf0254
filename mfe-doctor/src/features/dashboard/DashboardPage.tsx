import { useCallback, useEffect, useState } from 'react';
import { ErrorBanner, getSupabase, LoadingState, PageHeader, Section, StatCard, StatGrid, useClinic, useUserProfile } from '@campuscare/shared';
import { DoctorAgenda } from './DoctorAgenda';
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

/** /dashboarrd: the doctor's counts, their day or week on the clinic's calendar, and their appointments from today on. */
export function DashboardPage() {
  const profile = useUserProfile();
  const { state: counts, reload: reloadCounts } = useDoctorCounts();
  const { state: clinic, reload: reloadClinic } = useClinic();
  // Bumped when the table changes an appointment, so the agenda reads its range again.
  const [changes, setChanges] = useState(0);
  const count = (pick: (value: DoctorCounts) => number) => (counts.status === 'ready' ? pick(counts.counts).toLocaleString() : '…');
  const changed = useCallback(() => {
    reloadCounts();
    setChanges((total) => total + 1);
  }, [reloadCounts]);
  const doctorId = profile.status === 'signedIn' ? profile.member.id : null;
  const zone = clinic.status === 'ready' ? clinic.clinic.settings.timezone : null;

  return (
    <>
      <PageHeader title="Dashboard" />
      {counts.status === 'error' && <ErrorBanner message={`Could not load your counts: ${counts.message}`} onRetry={reloadCounts} />}
      <StatGrid label="Your work at a glance">
        <StatCard label="Appointments" value={count((value) => value.appointments)} />
        <StatCard label="Programs" value={count((value) => value.programs)} />
        <StatCard label="Patients" value={count((value) => value.patients)} />
      </StatGrid>
      {clinic.status === 'error' && <ErrorBanner message={`Could not load the clinic: ${clinic.message}`} onRetry={reloadClinic} />}
      <Section title="My schedule">
        {doctorId && zone ? <DoctorAgenda providerId={doctorId} zone={zone} refreshKey={changes} /> : clinic.status !== 'error' && <LoadingState label="Loading your schedule…" />}
      </Section>
      <Section title="My Appointments">
        {doctorId && zone ? <MyAppointments providerId={doctorId} zone={zone} onChanged={changed} /> : clinic.status !== 'error' && <LoadingState label="Loading your appointments…" />}
      </Section>
    </>
  );
}
