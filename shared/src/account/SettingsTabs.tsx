import { findRoute, isRole, PageHeader, SETTINGS_TABS, TabLinks, useLocation } from '@campuscare/shared';

/** "Settings" and the tabs of the settings pages of the area the current page belongs to (from the route contract). */
export function SettingsHeader() {
  const { pathname } = useLocation();
  const area = findRoute(pathname)?.area;
  return (
    <>
      <PageHeader title="Settings" />
      {isRole(area) && <TabLinks label="Settings" tabs={SETTINGS_TABS[area]} />}
    </>
  );
}
