import { PageHeader, PATHS, TabLinks } from '@campuscare/shared';

const TABS = [
  { label: 'Profile', to: PATHS.doctorProfile },
  { label: 'Password', to: PATHS.doctorPassword },
  { label: 'Availability', to: PATHS.doctorAvailability },
] as const;

export function SettingsHeader() {
  return (
    <>
      <PageHeader title="Settings" />
      <TabLinks label="Settings" tabs={TABS} />
    </>
  );
}
