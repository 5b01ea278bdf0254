import { Section } from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';

export function PasswordSettingsPage() {
  return (
    <>
      <SettingsHeader />
      <Section title="Change password" />
      <Section title="Default password">
        <p>The password staff members use to log in for the first time.</p>
      </Section>
    </>
  );
}
