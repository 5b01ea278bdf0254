import { DEMO_ACCOUNTS } from '../../e2e/support/session';

/**
 * The routes the bench loads and the goals of the issue "First load and perceived speed". KB are 1,024 bytes of
 * gzip-encoded script as it crosses the wire.
 */
export interface BenchRoute {
  readonly path: string;
  /** Signed in as this demo account; absent for public routes. */
  readonly account?: string;
  /** The role whose area this route opens; its first-load JS is judged as extra over /signin. */
  readonly role?: 'admin' | 'doctor' | 'student';
}

/** The odd spellings are the real routes of the shell's route table. */
export const ROUTES: readonly BenchRoute[] = [
  { path: '/' },
  { path: '/signin' },
  { path: '/dashboardd', account: DEMO_ACCOUNTS.admin, role: 'admin' },
  { path: '/dashboarrd', account: DEMO_ACCOUNTS.doctor, role: 'doctor' },
  { path: '/studentdashboard', account: DEMO_ACCOUNTS.student, role: 'student' },
];

/** A role's first navigation is measured against what a visitor already paid for by reaching the sign-in page. */
export const ROLE_BASELINE_PATH = '/signin';

export const GOALS = {
  /** `/` and `/signin`, cold cache. */
  firstLoadBytes: 150 * 1024,
  /** A role's dashboard (cold, with a session) minus `/signin` (cold). */
  roleExtraBytes: 60 * 1024,
  /** Lighthouse 12 mobile, simulated throttling, on `/` and `/signin` only. */
  performanceScore: 95,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.05,
} as const;

/** Lighthouse goals apply to the public routes; the role dashboards' figures are reported without a goal. */
export function hasLighthouseGoals(route: BenchRoute): boolean {
  return route.account === undefined;
}
