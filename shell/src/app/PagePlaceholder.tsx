import { type ContractPath, findRoute, LoadingState, PageHeader, PATHS, Section } from '@campuscare/shared';

/**
 * The sections of the dashboards, the pages members open every day, as their pages title them: the frame shows them
 * where the page will, so its largest paint (often a long section title) is the frame's, in the HTML the build
 * rendered, and the page fills them in place. e2e/prerender.e2e.ts holds these titles to the ones each page shows
 * first.
 */
const DASHBOARD_SECTIONS: Partial<Record<ContractPath, readonly string[]>> = {
  [PATHS.adminDashboard]: [
    'Visits that need a doctor',
    'Waiting',
    'Appointments per day',
    'Appointments Overview',
    'Export appointments',
  ],
  [PATHS.doctorDashboard]: ['Waiting', 'My schedule', 'My Appointments'],
  [PATHS.studentDashboard]: ['Upcoming Programs', 'My appointments', 'Tell me if an earlier time frees up'],
};

/**
 * A signed-in page before its code (or the session check) is here: its heading, and a dashboard's sections, already in
 * the place the page puts them, so the first paint waits neither for the session nor for the area's code, and the
 * page takes over without moving what is on screen.
 */
export function PagePlaceholder({ path, label }: { readonly path: string; readonly label: string }) {
  const route = findRoute(path);
  return (
    <>
      {route && <PageHeader title={route.title} />}
      <LoadingState label={label} />
      {route && DASHBOARD_SECTIONS[route.path]?.map((title) => <Section key={title} title={title} />)}
    </>
  );
}
