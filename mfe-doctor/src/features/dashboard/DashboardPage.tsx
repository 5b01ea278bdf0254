import { useState } from 'react';
import {
  Button,
  LoadingState,
  PageHeader,
  QueryErrorBanner,
  Section,
  StatCard,
  StatGrid,
  useApiQuery,
  useUserProfile,
} from '@campuscare/shared';
import { BookForStudentDialog } from '@campuscare/shared/appointments';
import { formatCount, useClinic } from '@campuscare/shared/scheduling';
import { WalkInVisitDialog } from '../../components/clinical/WalkInVisitDialog';
import { DoctorAgenda } from './DoctorAgenda';
import type { DoctorCounts } from './myAppointmentsApi';
import { doctorCountsQuery } from './myAppointmentsQueries';
import { MyAppointments } from './MyAppointments';
import { WaitingRoom } from './WaitingRoom';
import styles from './dashboard.module.css';

/**
 * /dashboarrd: the doctor's counts, who is waiting for them, their day or week on the clinic's calendar, and their
 * appointments from today on; a walk-in visit starts here, and a booking for a student.
 */
export function DashboardPage() {
  const profile = useUserProfile();
  const [walkIn, setWalkIn] = useState(false);
  const [booking, setBooking] = useState(false);
  const counts = useApiQuery(doctorCountsQuery());
  const clinic = useClinic();
  const count = (pick: (value: DoctorCounts) => number) => (counts.data ? formatCount(pick(counts.data)) : '…');
  const doctorId = profile.status === 'signedIn' ? profile.member.id : null;
  const zone = clinic.data?.settings.timezone;

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <div className={styles.headerActions}>
            <Button variant="secondary" onClick={() => setBooking(true)}>
              Book for a student
            </Button>
            <Button onClick={() => setWalkIn(true)}>Start walk-in visit</Button>
          </div>
        }
      />
      <QueryErrorBanner query={counts} />
      <StatGrid label="Your work at a glance">
        <StatCard label="Appointments" value={count((value) => value.appointments)} />
        <StatCard label="Programs" value={count((value) => value.programs)} />
        <StatCard label="Patients" value={count((value) => value.patients)} />
      </StatGrid>
      <QueryErrorBanner query={clinic} />
      <Section title="Waiting">
        {doctorId && zone ? (
          <WaitingRoom providerId={doctorId} zone={zone} />
        ) : (
          !clinic.isError && <LoadingState label="Loading who is waiting…" />
        )}
      </Section>
      <Section title="My schedule">
        {doctorId && zone ? (
          <DoctorAgenda providerId={doctorId} zone={zone} />
        ) : (
          !clinic.isError && <LoadingState label="Loading your schedule…" />
        )}
      </Section>
      <Section title="My Appointments">
        {doctorId && zone ? (
          <MyAppointments providerId={doctorId} zone={zone} />
        ) : (
          !clinic.isError && <LoadingState label="Loading your appointments…" />
        )}
      </Section>
      {walkIn && <WalkInVisitDialog onClose={() => setWalkIn(false)} />}
      {booking && <BookForStudentDialog onClose={() => setBooking(false)} />}
    </>
  );
}
