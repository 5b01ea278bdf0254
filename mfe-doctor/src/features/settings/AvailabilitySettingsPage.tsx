import { LoadingState, Section, useUserProfile } from '@campuscare/shared';
import { SettingsHeader } from '@campuscare/shared/account';
import { useAffectedVisitsCheck } from '@campuscare/shared/appointments';
import { DoctorAvailabilityEditor } from '@campuscare/shared/scheduling';

/** /adminavailability: the doctor's own weekly hours and time off, which the free slots students book from follow. */
export function AvailabilitySettingsPage() {
  const profile = useUserProfile();
  const affectedVisits = useAffectedVisitsCheck('Save the change');
  return (
    <>
      <SettingsHeader />
      <Section title="My availability">
        {profile.status === 'signedIn' ? (
          <DoctorAvailabilityEditor doctor={{ id: profile.member.id }} confirmChange={affectedVisits.confirm} />
        ) : (
          <LoadingState label="Loading your availability…" />
        )}
      </Section>
      {affectedVisits.dialog}
    </>
  );
}
