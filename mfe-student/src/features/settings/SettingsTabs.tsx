import { PageHeader, PATHS, TabLinks } from '@campuscare/shared';

const TABS = [
  { label: 'Profile', to: PATHS.studentProfile },
  { label: 'Password', to: PATHS.studentPassword },
] as const;

export function SettingsHeader() {
  return (
    <>
      <PageHeader title="Settings" />
      <TabLinks label="Settings" tabs={TABS} />
    </>
  );
}
