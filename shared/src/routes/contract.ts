import type { ComponentType } from 'react';

export type Role = 'admin' | 'doctor' | 'student';
export type Area = 'landing' | Role;
type RouteAccess = 'public' | Role;

export const ROLES: readonly Role[] = ['admin', 'doctor', 'student'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Every path of the spec, named after what the screen is. The odd spellings are part of the contract. Two settings
 * tabs came after the spec, named like their neighbours: the clinic's hours and rules (admin) and a doctor's own
 * availability. The clinical record added a doctor's patient chart and visit, the student's visits and the public
 * check of an excuse letter; a change of email address, the page its emailed link opens. Immunization compliance
 * added the student's immunizations, the super admin's requirements (a settings tab), the admins' compliance and holds
 * list and the doctors' review queue, each under a plain name.
 */
export const PATHS = {
  landing: '/',
  register: '/register',
  questionnaire: '/questions',
  signIn: '/signin',
  adminSignIn: '/adminsignin',
  forgotPassword: '/forgotpassword',
  resetPassword: '/resetpassword',
  emailChanged: '/email-changed',
  verifyLetter: '/verify-letter',

  adminDashboard: '/dashboardd',
  adminProgramList: '/programs',
  adminStaffList: '/staff',
  adminStudents: '/student',
  adminProfile: '/profilepage',
  adminPassword: '/passwordpage',
  adminClinic: '/clinicpage',
  adminPrograms: '/newprogram',
  adminStaff: '/staffmembers',
  adminAudit: '/adminaudit',
  adminImmunizations: '/immunization-compliance',
  adminImmunizationRequirements: '/immunization-requirements',

  doctorDashboard: '/dashboarrd',
  doctorPrograms: '/programm',
  doctorNewProgram: '/newprogramm',
  doctorPatients: '/patients',
  doctorProfile: '/adminprofile',
  doctorPassword: '/adminpassword',
  doctorAvailability: '/adminavailability',
  doctorPatientChart: '/patientchart',
  doctorVisit: '/visit',
  doctorImmunizationReview: '/immunization-review',

  studentDashboard: '/studentdashboard',
  studentProfile: '/studentprofile',
  studentPassword: '/studentpassword',
  studentPrivacy: '/studentprivacy',
  studentPrograms: '/studentprogram',
  studentVisits: '/studentvisits',
  studentImmunizations: '/immunizations',
} as const;

export interface RouteDefinition {
  readonly path: string;
  readonly area: Area;
  readonly access: RouteAccess;
  readonly title: string;
}

export const ROUTES = [
  { path: PATHS.landing, area: 'landing', access: 'public', title: 'CampusCare' },
  { path: PATHS.register, area: 'landing', access: 'public', title: 'Create account' },
  { path: PATHS.questionnaire, area: 'landing', access: 'student', title: "Let's know more about you" },
  { path: PATHS.signIn, area: 'landing', access: 'public', title: 'Sign in' },
  { path: PATHS.adminSignIn, area: 'landing', access: 'public', title: 'Admin sign in' },
  { path: PATHS.forgotPassword, area: 'landing', access: 'public', title: 'Forgot password' },
  { path: PATHS.resetPassword, area: 'landing', access: 'public', title: 'Set a new password' },
  { path: PATHS.emailChanged, area: 'landing', access: 'public', title: 'Change of email address' },
  { path: PATHS.verifyLetter, area: 'landing', access: 'public', title: 'Verify an excuse letter' },

  { path: PATHS.adminDashboard, area: 'admin', access: 'admin', title: 'Dashboard' },
  { path: PATHS.adminProgramList, area: 'admin', access: 'admin', title: 'Programs' },
  { path: PATHS.adminStaffList, area: 'admin', access: 'admin', title: 'Staff' },
  { path: PATHS.adminStudents, area: 'admin', access: 'admin', title: 'Students' },
  { path: PATHS.adminProfile, area: 'admin', access: 'admin', title: 'Settings' },
  { path: PATHS.adminPassword, area: 'admin', access: 'admin', title: 'Settings' },
  { path: PATHS.adminClinic, area: 'admin', access: 'admin', title: 'Settings' },
  { path: PATHS.adminPrograms, area: 'admin', access: 'admin', title: 'Programs' },
  { path: PATHS.adminStaff, area: 'admin', access: 'admin', title: 'Staff' },
  { path: PATHS.adminAudit, area: 'admin', access: 'admin', title: 'Audit log' },
  { path: PATHS.adminImmunizations, area: 'admin', access: 'admin', title: 'Immunization compliance' },
  { path: PATHS.adminImmunizationRequirements, area: 'admin', access: 'admin', title: 'Settings' },

  { path: PATHS.doctorDashboard, area: 'doctor', access: 'doctor', title: 'Dashboard' },
  { path: PATHS.doctorPrograms, area: 'doctor', access: 'doctor', title: 'Programs' },
  { path: PATHS.doctorNewProgram, area: 'doctor', access: 'doctor', title: 'Programs' },
  { path: PATHS.doctorPatients, area: 'doctor', access: 'doctor', title: 'Appointments overview' },
  { path: PATHS.doctorProfile, area: 'doctor', access: 'doctor', title: 'Settings' },
  { path: PATHS.doctorPassword, area: 'doctor', access: 'doctor', title: 'Settings' },
  { path: PATHS.doctorAvailability, area: 'doctor', access: 'doctor', title: 'Settings' },
  { path: PATHS.doctorPatientChart, area: 'doctor', access: 'doctor', title: 'Patient chart' },
  { path: PATHS.doctorVisit, area: 'doctor', access: 'doctor', title: 'Visit' },
  { path: PATHS.doctorImmunizationReview, area: 'doctor', access: 'doctor', title: 'Immunization review' },

  { path: PATHS.studentDashboard, area: 'student', access: 'student', title: 'Dashboard' },
  { path: PATHS.studentProfile, area: 'student', access: 'student', title: 'Settings' },
  { path: PATHS.studentPassword, area: 'student', access: 'student', title: 'Settings' },
  { path: PATHS.studentPrivacy, area: 'student', access: 'student', title: 'Settings' },
  { path: PATHS.studentPrograms, area: 'student', access: 'student', title: 'Programs' },
  { path: PATHS.studentVisits, area: 'student', access: 'student', title: 'My visits' },
  { path: PATHS.studentImmunizations, area: 'student', access: 'student', title: 'My immunizations' },
] as const satisfies readonly RouteDefinition[];

type ContractRoute = (typeof ROUTES)[number];
export type ContractPath = ContractRoute['path'];
type AreaPath<A extends Area> = Extract<ContractRoute, { area: A }>['path'];

/** What a remote's `./Routes` module exports by default: one page component per contract path of its area. */
export type AreaRoutes<A extends Area> = Readonly<Record<AreaPath<A>, ComponentType>>;

export const REMOTE_NAMES = {
  landing: 'mfe_landing',
  admin: 'mfe_admin',
  doctor: 'mfe_doctor',
  student: 'mfe_student',
} as const satisfies Record<Area, string>;

export const AREAS: readonly Area[] = ['landing', 'admin', 'doctor', 'student'];

export function remoteRoutesId(area: Area): `${(typeof REMOTE_NAMES)[Area]}/Routes` {
  return `${REMOTE_NAMES[area]}/Routes`;
}

export function findRoute(pathname: string): ContractRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return ROUTES.find((route) => route.path === normalised);
}

export function routesOfArea<A extends Area>(area: A): ReadonlyArray<Extract<ContractRoute, { area: A }>> {
  return ROUTES.filter((route): route is Extract<ContractRoute, { area: A }> => route.area === area);
}

const DASHBOARD_BY_ROLE = {
  admin: PATHS.adminDashboard,
  doctor: PATHS.doctorDashboard,
  student: PATHS.studentDashboard,
} as const satisfies Record<Role, ContractPath>;

/** Staff (admins and doctors) sign in at /adminsignin, students at /signin. */
const SIGN_IN_BY_ROLE = {
  admin: PATHS.adminSignIn,
  doctor: PATHS.adminSignIn,
  student: PATHS.signIn,
} as const satisfies Record<Role, ContractPath>;

const PASSWORD_BY_ROLE = {
  admin: PATHS.adminPassword,
  doctor: PATHS.doctorPassword,
  student: PATHS.studentPassword,
} as const satisfies Record<Role, ContractPath>;

export function dashboardPathFor(role: Role): ContractPath {
  return DASHBOARD_BY_ROLE[role];
}

export function signInPathFor(role: Role): ContractPath {
  return SIGN_IN_BY_ROLE[role];
}

export function passwordPathFor(role: Role): ContractPath {
  return PASSWORD_BY_ROLE[role];
}

/** Link a student follows to join their university (`/register?join=<code>`). */
export function studentJoinLink(origin: string, joinCode: string): string {
  const url = new URL(PATHS.register, origin);
  url.searchParams.set('join', joinCode);
  return url.toString();
}

/** The staff sign-in page with an email filled in: what an admin may copy for a colleague (it grants nothing by itself). */
export function staffSignInLink(origin: string, email: string): string {
  const url = new URL(PATHS.adminSignIn, origin);
  url.searchParams.set('email', email);
  return url.toString();
}

export interface NavigationItem {
  readonly label: string;
  readonly to: ContractPath;
  /** Further paths that belong to the same sidebar entry (e.g. both settings tabs). */
  readonly alsoActiveOn: readonly ContractPath[];
}

interface SettingsTab {
  readonly label: string;
  readonly to: ContractPath;
}

/** The tabs of each role's Settings pages, in order; the first is where the sidebar's Settings entry leads. */
export const SETTINGS_TABS: Readonly<Record<Role, readonly SettingsTab[]>> = {
  admin: [
    { label: 'Profile', to: PATHS.adminProfile },
    { label: 'Password', to: PATHS.adminPassword },
    { label: 'Clinic', to: PATHS.adminClinic },
    { label: 'Immunizations', to: PATHS.adminImmunizationRequirements },
  ],
  doctor: [
    { label: 'Profile', to: PATHS.doctorProfile },
    { label: 'Password', to: PATHS.doctorPassword },
    { label: 'Availability', to: PATHS.doctorAvailability },
  ],
  student: [
    { label: 'Profile', to: PATHS.studentProfile },
    { label: 'Password', to: PATHS.studentPassword },
    { label: 'Privacy', to: PATHS.studentPrivacy },
  ],
};

function settingsEntry(role: Role): NavigationItem {
  const [first, ...others] = SETTINGS_TABS[role];
  if (!first) throw new Error(`${role} has no settings tabs`);
  return { label: 'Settings', to: first.to, alsoActiveOn: others.map((tab) => tab.to) };
}

export const NAVIGATION: Readonly<Record<Role, readonly NavigationItem[]>> = {
  admin: [
    { label: 'Dashboard', to: PATHS.adminDashboard, alsoActiveOn: [] },
    { label: 'Programs', to: PATHS.adminPrograms, alsoActiveOn: [PATHS.adminProgramList] },
    { label: 'Staff', to: PATHS.adminStaff, alsoActiveOn: [PATHS.adminStaffList] },
    { label: 'Students', to: PATHS.adminStudents, alsoActiveOn: [] },
    { label: 'Immunizations', to: PATHS.adminImmunizations, alsoActiveOn: [] },
    settingsEntry('admin'),
  ],
  doctor: [
    { label: 'Dashboard', to: PATHS.doctorDashboard, alsoActiveOn: [PATHS.doctorVisit] },
    { label: 'Programs', to: PATHS.doctorPrograms, alsoActiveOn: [PATHS.doctorNewProgram] },
    { label: 'Patients', to: PATHS.doctorPatients, alsoActiveOn: [PATHS.doctorPatientChart] },
    { label: 'Immunizations', to: PATHS.doctorImmunizationReview, alsoActiveOn: [] },
    settingsEntry('doctor'),
  ],
  student: [
    { label: 'Dashboard', to: PATHS.studentDashboard, alsoActiveOn: [] },
    { label: 'My visits', to: PATHS.studentVisits, alsoActiveOn: [] },
    { label: 'Immunizations', to: PATHS.studentImmunizations, alsoActiveOn: [] },
    { label: 'Programs', to: PATHS.studentPrograms, alsoActiveOn: [] },
    settingsEntry('student'),
  ],
};

/**
 * The university-account pages that manage staff, students and the university's settings. The database lets every
 * super admin do this (`private.is_admin()` holds for them, `is_super_admin()` guards the settings), so a doctor made
 * super admin opens them too.
 */
export const SUPER_ADMIN_PATHS: readonly ContractPath[] = [
  PATHS.adminStaff,
  PATHS.adminStaffList,
  PATHS.adminStudents,
  PATHS.adminProfile,
  PATHS.adminPassword,
  PATHS.adminClinic,
  PATHS.adminImmunizationRequirements,
  PATHS.adminAudit,
];

/** Pages for super admins only, whatever their role: the audit log (the database refuses it to everyone else). */
const SUPER_ADMIN_ONLY_PATHS: readonly ContractPath[] = [PATHS.adminAudit];

const AUDIT_NAVIGATION: NavigationItem = { label: 'Audit log', to: PATHS.adminAudit, alsoActiveOn: [] };

/** Sidebar entries a super admin of another role gets for those pages. */
const SUPER_ADMIN_NAVIGATION: readonly NavigationItem[] = [
  { label: 'Staff', to: PATHS.adminStaff, alsoActiveOn: [PATHS.adminStaffList] },
  { label: 'Students', to: PATHS.adminStudents, alsoActiveOn: [] },
  {
    label: 'University settings',
    to: PATHS.adminProfile,
    alsoActiveOn: [PATHS.adminPassword, PATHS.adminClinic, PATHS.adminImmunizationRequirements],
  },
  AUDIT_NAVIGATION,
];

/** Whether a member of `role` may open `path`: their own area's pages, and the management pages when super admin. */
export function mayOpen(
  member: { readonly role: Role; readonly is_super_admin: boolean },
  route: { readonly path: string; readonly access: RouteAccess },
): boolean {
  if (route.access === 'public') return true;
  if ((SUPER_ADMIN_ONLY_PATHS as readonly string[]).includes(route.path)) return member.is_super_admin;
  if (route.access === member.role) return true;
  return member.is_super_admin && (SUPER_ADMIN_PATHS as readonly string[]).includes(route.path);
}

/**
 * The sidebar of a member: their role's entries; for a super admin also the audit log, and outside the admin role the
 * management pages.
 */
export function navigationFor(role: Role, isSuperAdmin: boolean): readonly NavigationItem[] {
  if (!isSuperAdmin) return NAVIGATION[role];
  return role === 'admin' ? [...NAVIGATION.admin, AUDIT_NAVIGATION] : [...NAVIGATION[role], ...SUPER_ADMIN_NAVIGATION];
}

/** The id of every page's main region: the skip link ("Skip to main content") points at it. */
export const MAIN_CONTENT_ID = 'main-content';
