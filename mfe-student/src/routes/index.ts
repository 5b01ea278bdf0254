import { type AreaRoutes, lazyPage, PATHS } from '@campuscare/shared';

const routes: AreaRoutes<'student'> = {
  [PATHS.studentDashboard]: lazyPage(() => import('./DashboardPage'), 'DashboardPage'),
  [PATHS.studentPrograms]: lazyPage(() => import('../features/programs/ProgramsPage'), 'ProgramsPage'),
  [PATHS.studentProfile]: lazyPage(() => import('../features/settings/ProfileSettingsPage'), 'ProfileSettingsPage'),
  [PATHS.studentPassword]: lazyPage(() => import('../features/settings/PasswordSettingsPage'), 'PasswordSettingsPage'),
  [PATHS.studentPrivacy]: lazyPage(() => import('../features/privacy/PrivacyPage'), 'PrivacyPage'),
  [PATHS.studentVisits]: lazyPage(() => import('../features/visits/MyVisitsPage'), 'MyVisitsPage'),
  [PATHS.studentImmunizations]: lazyPage(
    () => import('../features/immunizations/ImmunizationsPage'),
    'ImmunizationsPage',
  ),
};

export default routes;
