import { type AreaRoutes, lazyPage, PATHS } from '@campuscare/shared';

const routes: AreaRoutes<'doctor'> = {
  [PATHS.doctorDashboard]: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  [PATHS.doctorPrograms]: lazyPage(() => import('../features/programs/ProgramListPage'), 'ProgramListPage'),
  [PATHS.doctorNewProgram]: lazyPage(() => import('../features/programs/NewProgramPage'), 'NewProgramPage'),
  [PATHS.doctorPatients]: lazyPage(() => import('../features/patients/PatientsPage'), 'PatientsPage'),
  [PATHS.doctorPatientChart]: lazyPage(() => import('../features/chart/PatientChartPage'), 'PatientChartPage'),
  [PATHS.doctorVisit]: lazyPage(() => import('../features/visit/VisitPage'), 'VisitPage'),
  [PATHS.doctorImmunizationReview]: lazyPage(
    () => import('../features/immunization-review/ReviewQueuePage'),
    'ReviewQueuePage',
  ),
  [PATHS.doctorProfile]: lazyPage(() => import('../features/settings/ProfileSettingsPage'), 'ProfileSettingsPage'),
  [PATHS.doctorPassword]: lazyPage(() => import('../features/settings/PasswordSettingsPage'), 'PasswordSettingsPage'),
  [PATHS.doctorAvailability]: lazyPage(
    () => import('../features/settings/AvailabilitySettingsPage'),
    'AvailabilitySettingsPage',
  ),
};

export default routes;
