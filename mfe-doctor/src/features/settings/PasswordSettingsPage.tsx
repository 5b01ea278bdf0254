import { PasswordChangeForm, Section } from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';

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
