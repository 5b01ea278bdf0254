import { ErrorBanner, LoadingState, Section, useClinic, useUserProfile } from '@campuscare/shared';
import { BookingRulesForm } from './BookingRulesForm';
import { ClosuresSection } from './ClosuresSection';
import { OpeningHoursForm } from './OpeningHoursForm';
import { SettingsHeader } from './SettingsTabs';
import styles from './settings.module.css';

/**
 * /clinicpage: the clinic's time zone, booking rules, opening hours and closures, from which the database computes
 * the free slots. Super admins change them; other admins see them read-only.
 */
export function ClinicSettingsPage() {
  const profile = useUserProfile();
  const { state, reload } = useClinic();
  const canEdit = profile.status === 'signedIn' && profile.member.is_super_admin;

  return (
    <>
      <SettingsHeader />
      {profile.status === 'signedIn' && !canEdit && <p className={styles.hint}>Only a super admin can change the clinic&apos;s settings.</p>}
      {state.status === 'loading' && <LoadingState label="Loading the clinic…" />}
      {state.status === 'error' && <ErrorBanner message={`Could not load the clinic: ${state.message}`} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <Section title="Booking rules">
            {/* Keyed by what is stored, so the form shows the saved values again after a save. */}
            <BookingRulesForm key={state.clinic.settings.updated_at} settings={state.clinic.settings} canEdit={canEdit} onSaved={reload} />
          </Section>
          <Section title="Opening hours">
            <p className={styles.hint}>Times are the clinic&apos;s, in {state.clinic.settings.timezone}.</p>
            <OpeningHoursForm key={JSON.stringify(state.clinic.hours)} universityId={state.clinic.settings.university_id} hours={state.clinic.hours} canEdit={canEdit} onSaved={reload} />
          </Section>
          <Section title="Closures">
            <p className={styles.hint}>Nobody can book on these days.</p>
            <ClosuresSection
              universityId={state.clinic.settings.university_id}
              zone={state.clinic.settings.timezone}
              closures={state.clinic.closures}
              canEdit={canEdit}
              onChanged={reload}
            />
          </Section>
        </>
      )}
    </>
  );
}
