import { lazyPage, PATHS, type AreaRoutes } from '@campuscare/shared';

const routes: AreaRoutes<'admin'> = {
  [PATHS.adminDashboard]: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  [PATHS.adminPrograms]: lazyPage(() => import('../features/programs/ProgramsPage'), 'ProgramsPage'),
  [PATHS.adminProgramList]: lazyPage(() => import('../features/programs/ProgramListPage'), 'ProgramListPage'),
  [PATHS.adminStaff]: lazyPage(() => import('../features/staff/StaffPage'), 'StaffPage'),
  [PATHS.adminStaffList]: lazyPage(() => import('../features/staff/StaffListPage'), 'StaffListPage'),
  [PATHS.adminStudents]: lazyPage(() => import('../features/students/StudentsPage'), 'StudentsPage'),
  [PATHS.adminProfile]: lazyPage(() => import('../features/settings/ProfileSettingsPage'), 'ProfileSettingsPage'),
  [PATHS.adminPassword]: lazyPage(() => import('../features/settings/PasswordSettingsPage'), 'PasswordSettingsPage'),
};

export default routes;
