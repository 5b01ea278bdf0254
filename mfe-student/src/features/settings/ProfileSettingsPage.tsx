import { Section } from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';

export function ProfileSettingsPage() {
  return (
    <>
      <SettingsHeader />
      <Section title="Profile photo" />
      <Section title="Personal details" />
      <Section title="Health profile" />
    </>
  );
}
