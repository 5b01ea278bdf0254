import {
  AREAS,
  dashboardPathFor,
  findRoute,
  passwordPathFor,
  REMOTE_NAMES,
  remoteRoutesId,
  ROUTES,
  routesOfArea,
  signInPathFor,
  staffSignInLink,
  studentJoinLink,
  NAVIGATION,
  mayOpen,
  navigationFor,
  PATHS,
  SETTINGS_TABS,
  SUPER_ADMIN_PATHS,
} from './contract';

const SPEC_ROUTES = [
  '/',
  '/register',
  '/questions',
  '/signin',
  '/dashboardd',
  '/programs',
  '/staff',
  '/student',
  '/profilepage',
  '/passwordpage',
  '/newprogram',
  '/staffmembers',
  '/newprogramm',
  '/dashboarrd',
  '/programm',
  '/patients',
  '/adminprofile',
  '/adminpassword',
  '/adminsignin',
  '/studentdashboard',
  '/studentprofile',
  '/studentpassword',
  '/studentprogram',
];
/** Settings tabs added after the spec for real scheduling: the clinic's hours and rules, a doctor's availability. */
const SCHEDULING_ROUTES = ['/clinicpage', '/adminavailability'];
/** The super admin's audit log. */
const AUDIT_ROUTES = ['/adminaudit'];
/** The student's "who viewed my health record" and "my data". */
const PRIVACY_ROUTES = ['/studentprivacy'];
/** Forgot password and the page its emailed link opens. */
const RECOVERY_ROUTES = ['/forgotpassword', '/resetpassword'];

const EMAIL_CHANGE_ROUTES = ['/email-changed'];
/** The clinical record: a doctor's patient chart and visit, the student's visits, the public check of an excuse letter. */
const CLINICAL_ROUTES = ['/patientchart', '/visit', '/studentvisits', '/verify-letter'];
/** Immunization compliance: the student's page, the super admin's requirements, the admins' holds list, the doctors' review. */
const IMMUNIZATION_ROUTES = [
  '/immunizations',
  '/immunization-requirements',
  '/immunization-compliance',
  '/immunization-review',
];

describe('route contract', () => {
  it('has exactly the 23 paths of the spec and those added since, each once', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual(
      [
        ...SPEC_ROUTES,
        ...SCHEDULING_ROUTES,
        ...AUDIT_ROUTES,
        ...PRIVACY_ROUTES,
        ...RECOVERY_ROUTES,
        ...EMAIL_CHANGE_ROUTES,
        ...CLINICAL_ROUTES,
        ...IMMUNIZATION_ROUTES,
      ].sort(),
    );
  });

  it('gives each area the routes it owns', () => {
    expect(routesOfArea('landing').map((route) => route.path)).toEqual([
      '/',
      '/register',
      '/questions',
      '/signin',
      '/adminsignin',
      '/forgotpassword',
      '/resetpassword',
      '/email-changed',
      '/verify-letter',
    ]);
    expect(
      routesOfArea('admin')
        .map((route) => route.path)
        .sort(),
    ).toEqual(
      [
        '/dashboardd',
        '/programs',
        '/staff',
        '/student',
        '/profilepage',
        '/passwordpage',
        '/clinicpage',
        '/newprogram',
        '/staffmembers',
        '/adminaudit',
        '/immunization-compliance',
        '/immunization-requirements',
      ].sort(),
    );
    expect(
      routesOfArea('doctor')
        .map((route) => route.path)
        .sort(),
    ).toEqual(
      [
        '/dashboarrd',
        '/programm',
        '/patients',
        '/adminprofile',
        '/adminpassword',
        '/adminavailability',
        '/newprogramm',
        '/patientchart',
        '/visit',
        '/immunization-review',
      ].sort(),
    );
    expect(
      routesOfArea('student')
        .map((route) => route.path)
        .sort(),
    ).toEqual(
      [
        '/studentdashboard',
        '/studentprofile',
        '/studentpassword',
        '/studentprivacy',
        '/studentprogram',
        '/studentvisits',
        '/immunizations',
      ].sort(),
    );
  });

  it('lets only the area role into admin, doctor and student pages', () => {
    for (const route of ROUTES) {
      if (route.area !== 'landing') expect(route.access).toBe(route.area);
    }
  });

  it('keeps the landing area public except the questionnaire, which needs a student', () => {
    expect(
      routesOfArea('landing')
        .filter((route) => route.access !== 'public')
        .map((route) => [route.path, route.access]),
    ).toEqual([['/questions', 'student']]);
  });

  it('sends staff to /adminsignin and students to /signin', () => {
    expect(signInPathFor('admin')).toBe('/adminsignin');
    expect(signInPathFor('doctor')).toBe('/adminsignin');
    expect(signInPathFor('student')).toBe('/signin');
  });

  it('knows every role’s dashboard and password page', () => {
    expect([dashboardPathFor('admin'), dashboardPathFor('doctor'), dashboardPathFor('student')]).toEqual([
      '/dashboardd',
      '/dashboarrd',
      '/studentdashboard',
    ]);
    expect([passwordPathFor('admin'), passwordPathFor('doctor'), passwordPathFor('student')]).toEqual([
      '/passwordpage',
      '/adminpassword',
      '/studentpassword',
    ]);
  });

  it('finds routes regardless of a trailing slash or letter case, and nothing else', () => {
    expect(findRoute('/Dashboardd/')?.path).toBe('/dashboardd');
    expect(findRoute('/')?.path).toBe('/');
    expect(findRoute('/dashboard')).toBeUndefined();
  });

  it('names one remote per area, each exposing ./Routes', () => {
    expect(AREAS.map(remoteRoutesId)).toEqual([
      'mfe_landing/Routes',
      'mfe_admin/Routes',
      'mfe_doctor/Routes',
      'mfe_student/Routes',
    ]);
    expect(new Set(Object.values(REMOTE_NAMES)).size).toBe(4);
  });

  it('only links the sidebar to pages of the same role', () => {
    for (const [role, items] of Object.entries(NAVIGATION)) {
      for (const item of items) {
        for (const path of [item.to, ...item.alsoActiveOn]) expect(findRoute(path)?.access).toBe(role);
      }
    }
  });

  it('builds join and staff sign-in links on the given origin', () => {
    expect(studentJoinLink('https://care.example', 'AB12 CD')).toBe('https://care.example/register?join=AB12+CD');
    expect(staffSignInLink('https://care.example', 'dr.x@uni.edu')).toBe(
      'https://care.example/adminsignin?email=dr.x%40uni.edu',
    );
  });
});

describe('super admin pages and settings tabs', () => {
  it('opens the management pages to super admins of any staff role only', () => {
    const staffPage = { path: PATHS.adminStaff, access: 'admin' } as const;
    expect(mayOpen({ role: 'doctor', is_super_admin: true }, staffPage)).toBe(true);
    expect(mayOpen({ role: 'doctor', is_super_admin: false }, staffPage)).toBe(false);
    expect(mayOpen({ role: 'doctor', is_super_admin: true }, { path: PATHS.adminDashboard, access: 'admin' })).toBe(
      false,
    );
    expect(mayOpen({ role: 'admin', is_super_admin: false }, staffPage)).toBe(true);
  });

  it('adds the management entries to a super-admin doctor’s sidebar, and only there', () => {
    expect(navigationFor('doctor', true).map((item) => item.to)).toEqual(
      expect.arrayContaining(
        SUPER_ADMIN_PATHS.filter(
          (path) => path === PATHS.adminStaff || path === PATHS.adminStudents || path === PATHS.adminProfile,
        ),
      ),
    );
    expect(navigationFor('doctor', false)).toBe(NAVIGATION.doctor);
    expect(navigationFor('admin', false)).toBe(NAVIGATION.admin);
  });

  it('opens the audit log to super admins of any role, and to nobody else', () => {
    const auditPage = { path: PATHS.adminAudit, access: 'admin' } as const;
    expect(mayOpen({ role: 'admin', is_super_admin: true }, auditPage)).toBe(true);
    expect(mayOpen({ role: 'doctor', is_super_admin: true }, auditPage)).toBe(true);
    expect(mayOpen({ role: 'admin', is_super_admin: false }, auditPage)).toBe(false);
    expect(mayOpen({ role: 'doctor', is_super_admin: false }, auditPage)).toBe(false);
    expect(mayOpen({ role: 'student', is_super_admin: false }, auditPage)).toBe(false);
    expect(navigationFor('admin', true).map((item) => item.label)).toEqual([
      ...NAVIGATION.admin.map((item) => item.label),
      'Audit log',
    ]);
    expect(navigationFor('doctor', true).map((item) => item.to)).toContain(PATHS.adminAudit);
    expect(navigationFor('admin', false).map((item) => item.to)).not.toContain(PATHS.adminAudit);
  });

  it('lets super admins of any staff role edit the immunization requirements, and only admins see compliance', () => {
    const requirements = { path: PATHS.adminImmunizationRequirements, access: 'admin' } as const;
    const compliance = { path: PATHS.adminImmunizations, access: 'admin' } as const;
    expect(mayOpen({ role: 'doctor', is_super_admin: true }, requirements)).toBe(true);
    expect(mayOpen({ role: 'doctor', is_super_admin: false }, requirements)).toBe(false);
    expect(mayOpen({ role: 'admin', is_super_admin: false }, compliance)).toBe(true);
    // immunization_compliance() answers admins only: a super admin who is a doctor is not sent to a page it refuses.
    expect(mayOpen({ role: 'doctor', is_super_admin: true }, compliance)).toBe(false);
    const universitySettings = navigationFor('doctor', true).find((item) => item.label === 'University settings');
    expect(universitySettings?.alsoActiveOn).toContain(PATHS.adminImmunizationRequirements);
  });

  it('gives every settings page of a role a tab, and the sidebar’s Settings entry all of them', () => {
    for (const role of ['admin', 'doctor', 'student'] as const) {
      const settingsPaths = routesOfArea(role)
        .filter((candidate) => candidate.title === 'Settings')
        .map((candidate) => candidate.path)
        .sort();
      expect(SETTINGS_TABS[role].map((tab) => tab.to).sort()).toEqual(settingsPaths);
      const entry = NAVIGATION[role].find((item) => item.label === 'Settings');
      expect([entry?.to, ...(entry?.alsoActiveOn ?? [])].sort()).toEqual(settingsPaths);
    }
  });
});
