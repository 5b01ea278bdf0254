import { PasswordChangeForm, Section } from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';

/** /studentpassword: the auth service verifies the current password; it is never prefilled or shown. */
export function PasswordSettingsPage() {
  return (
    <>
      <SettingsHeader />
      <Section title="Change password">
        <PasswordChangeForm />
      </Section>
    </>
  );
}
