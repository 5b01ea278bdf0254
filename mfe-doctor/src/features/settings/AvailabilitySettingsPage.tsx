import { LoadingState, Section, useUserProfile } from '@campuscare/shared';
import { SettingsHeader } from '@campuscare/shared/account';
import { DoctorAvailabilityEditor } from '@campuscare/shared/scheduling';

/** /adminavailability: the doctor's own weekly hours and time off, which the free slots students book from follow. */
export function AvailabilitySettingsPage() {
  const profile = useUserProfile();
  return (
    <>
      <SettingsHeader />
      <Section title="My availability">
        {profile.status === 'signedIn' ? (
          <DoctorAvailabilityEditor doctor={{ id: profile.member.id }} />
        ) : (
          <LoadingState label="Loading your availability…" />
        )}
      </Section>
    </>
  );
}
