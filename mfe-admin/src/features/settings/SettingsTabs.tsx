import { PageHeader, PATHS, TabLinks } from '@campuscare/shared';

const TABS = [
  { label: 'Profile', to: PATHS.adminProfile },
  { label: 'Password', to: PATHS.adminPassword },
  { label: 'Clinic', to: PATHS.adminClinic },
] as const;

export function SettingsHeader() {
  return (
    <>
      <PageHeader title="Settings" />
      <TabLinks label="Settings" tabs={TABS} />
    </>
  );
}
