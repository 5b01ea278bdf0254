import { type AreaRoutes, lazyPage, PATHS } from '@campuscare/shared';

const routes: AreaRoutes<'admin'> = {
  [PATHS.adminDashboard]: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  [PATHS.adminPrograms]: lazyPage(() => import('../features/programs/ProgramsPage'), 'ProgramsPage'),
  [PATHS.adminProgramList]: lazyPage(() => import('../features/programs/ProgramListPage'), 'ProgramListPage'),
  [PATHS.adminStaff]: lazyPage(() => import('../features/members/StaffPage'), 'StaffPage'),
  [PATHS.adminStaffList]: lazyPage(() => import('../features/members/StaffListPage'), 'StaffListPage'),
  [PATHS.adminStudents]: lazyPage(() => import('../features/members/StudentsPage'), 'StudentsPage'),
  [PATHS.adminProfile]: lazyPage(() => import('../features/settings/ProfileSettingsPage'), 'ProfileSettingsPage'),
  [PATHS.adminPassword]: lazyPage(() => import('../features/settings/PasswordSettingsPage'), 'PasswordSettingsPage'),
  [PATHS.adminClinic]: lazyPage(() => import('../features/settings/ClinicSettingsPage'), 'ClinicSettingsPage'),
  [PATHS.adminAudit]: lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage'),
  [PATHS.adminImmunizations]: lazyPage(
    () => import('../features/immunization-compliance/CompliancePage'),
    'CompliancePage',
  ),
  [PATHS.adminImmunizationRequirements]: lazyPage(
    () => import('../features/immunization-requirements/RequirementsSettingsPage'),
    'RequirementsSettingsPage',
  ),
};

export default routes;
