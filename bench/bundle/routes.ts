import { DEMO_ACCOUNTS } from '../../e2e/support/session';

/**
 * The routes the bench loads and the goals of the issue "First load and perceived speed". KB are 1,024 bytes of
 * gzip-encoded script as it crosses the wire.
 */
export interface BenchRoute {
  readonly path: string;
  /** Whose page it is, when two accounts open the same path (the super admin and an admin share a dashboard). */
  readonly who?: string;
  /** Signed in as this demo account; absent for public routes. */
  readonly account?: string;
  /** The role whose area this route opens; its first-load JS is judged as extra over /signin. */
  readonly role?: 'admin' | 'doctor' | 'student';
}

/**
 * The odd spellings are the real routes of the shell's route table. Every role's dashboard, the pages members open
 * every day; a student books on theirs (Book an Appointment opens the form in place: booking has no route of its own).
 */
export const ROUTES: readonly BenchRoute[] = [
  { path: '/' },
  { path: '/signin' },
  { path: '/dashboardd', who: 'super admin', account: DEMO_ACCOUNTS.admin, role: 'admin' },
  { path: '/dashboardd', who: 'admin', account: DEMO_ACCOUNTS.registrar, role: 'admin' },
  { path: '/dashboarrd', account: DEMO_ACCOUNTS.doctor, role: 'doctor' },
  { path: '/studentdashboard', account: DEMO_ACCOUNTS.student, role: 'student' },
];

/** How a route is named in the report: its path, and whose page it is when that is not plain from the path. */
export function routeName(route: BenchRoute): string {
  return route.who ? `${route.path} (${route.who})` : route.path;
}

/** A role's first navigation is measured against what a visitor already paid for by reaching the sign-in page. */
export const ROLE_BASELINE_PATH = '/signin';

export const GOALS = {
  /** `/` and `/signin`, cold cache. */
  firstLoadBytes: 150 * 1024,
  /** A role's dashboard (cold, with a session) minus `/signin` (cold). */
  roleExtraBytes: 60 * 1024,
  /** Lighthouse 12 mobile, simulated throttling, of the median run, on every route. */
  performanceScore: 95,
  /** `/` and `/signin` are prerendered whole; a signed-in page has its data to fetch. */
  publicLcpMs: 1500,
  signedInLcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
  /** The worst run's performance score at most this far below the median run's. */
  performanceSpread: 5,
} as const;

export function lcpGoalMs(route: BenchRoute): number {
  return route.account === undefined ? GOALS.publicLcpMs : GOALS.signedInLcpMs;
}
