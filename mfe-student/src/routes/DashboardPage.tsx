import { LoadingState, PageHeader, useUserProfile } from '@campuscare/shared';
import { StudentAppointments } from '../features/appointments/StudentAppointments';
import { ImmunizationStatusCard } from '../features/immunizations/ImmunizationStatusCard';
import { UpcomingPrograms } from '../features/programs/UpcomingPrograms';
import { LatestVisitSummary } from '../features/visits/LatestVisitSummary';
import { Waitlist } from '../features/waitlist/Waitlist';
import { YourInformation } from '../features/your-information/YourInformation';

/** /studentdashboard: the page composes the features a student uses most. */
export function DashboardPage() {
  const profile = useUserProfile();
  return (
    <>
      <PageHeader title="Dashboard" />
      <UpcomingPrograms />
      {profile.status === 'signedIn' ? (
        <>
          <StudentAppointments member={profile.member} />
          <Waitlist studentId={profile.member.id} />
          <LatestVisitSummary />
          <ImmunizationStatusCard />
          <YourInformation member={profile.member} />
        </>
      ) : (
        <LoadingState label="Loading your profile…" />
      )}
    </>
  );
}
