import { QueryView, Section, useUserProfile } from '@campuscare/shared';
import { SettingsHeader } from '@campuscare/shared/account';
import { useClinic } from '@campuscare/shared/scheduling';
import { AppointmentTypesSection } from './AppointmentTypesSection';
import { BookingRulesForm } from './BookingRulesForm';
import { ClinicContactForm } from './ClinicContactForm';
import { ClosuresSection } from './ClosuresSection';
import { IdleLogoffForm } from './IdleLogoffForm';
import { OpeningHoursForm } from './OpeningHoursForm';
import styles from './settings.module.css';

/**
 * /clinicpage: how students reach the clinic; its time zone, booking rules, types of visit, opening hours and closures,
 * from which the database computes the free slots; and how long staff may stay idle before they are signed out. Super admins change them; other admins
 * see them read-only.
 */
export function ClinicSettingsPage() {
  const profile = useUserProfile();
  const clinic = useClinic();
  const canEdit = profile.status === 'signedIn' && profile.member.is_super_admin;

  return (
    <>
      <SettingsHeader />
      {profile.status === 'signedIn' && !canEdit && (
        <p className={styles.hint}>Only a super admin can change the clinic&apos;s settings.</p>
      )}
      <QueryView query={clinic} loadingLabel="Loading the clinic…">
        {({ settings, hours, closures }) => (
          <>
            <Section title="Contact details">
              <ClinicContactForm settings={settings} canEdit={canEdit} />
            </Section>
            <Section title="Booking rules">
              <BookingRulesForm settings={settings} canEdit={canEdit} />
            </Section>
            <Section title="Types of visit">
              <AppointmentTypesSection slotMinutes={settings.slot_minutes} canEdit={canEdit} />
            </Section>
            <Section title="Opening hours">
              <p className={styles.hint}>Times are the clinic&apos;s, in {settings.timezone}.</p>
              <OpeningHoursForm universityId={settings.university_id} hours={hours} canEdit={canEdit} />
            </Section>
            <Section title="Closures">
              <p className={styles.hint}>Nobody can book on these days.</p>
              <ClosuresSection zone={settings.timezone} closures={closures} canEdit={canEdit} />
            </Section>
            <Section title="Idle sign-out">
              <IdleLogoffForm settings={settings} canEdit={canEdit} />
            </Section>
          </>
        )}
      </QueryView>
    </>
  );
}
