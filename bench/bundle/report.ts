import { GOALS, lcpGoalMs, ROLE_BASELINE_PATH, routeName, type BenchRoute } from './routes';
import type { LighthouseFigures } from './lighthouse';
import type { ScriptMeasurement } from './scripts';

export interface RouteResult {
  readonly route: BenchRoute;
  readonly scripts: ScriptMeasurement;
  /** Absent when Lighthouse was switched off (BENCH_LIGHTHOUSE_RUNS=0). */
  readonly lighthouse?: LighthouseFigures;
}

type Verdict = 'met' | 'missed';

/** One table cell: the figure, and whether it meets its goal when it has one. */
interface Cell {
  readonly text: string;
  readonly verdict?: Verdict;
}

export interface Report {
  readonly header: readonly string[];
  readonly rows: ReadonlyArray<readonly Cell[]>;
  /** One sentence per missed goal. */
  readonly missed: readonly string[];
  /** Correctness problems (not machine-dependent): these make the bench fail. */
  readonly failures: readonly string[];
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function judge(met: boolean): Verdict {
  return met ? 'met' : 'missed';
}

export function buildReport(results: readonly RouteResult[]): Report {
  const baseline = results.find((result) => result.route.path === ROLE_BASELINE_PATH);
  const missed: string[] = [];
  const failures: string[] = [];

  const rows = results.map(({ route, scripts, lighthouse }): Cell[] => {
    let sizeGoal: Cell;
    if (route.role) {
      if (!baseline) {
        sizeGoal = { text: `no ${ROLE_BASELINE_PATH} to compare with` };
      } else {
        const extra = scripts.gzipBytes - baseline.scripts.gzipBytes;
        const verdict = judge(extra <= GOALS.roleExtraBytes);
        const sign = extra >= 0 ? '+' : '−';
        sizeGoal = {
          text: `${sign}${kilobytes(Math.abs(extra))} over ${ROLE_BASELINE_PATH} (≤ ${kilobytes(GOALS.roleExtraBytes)})`,
          verdict,
        };
        if (verdict === 'missed') {
          missed.push(
            `${route.path} (${route.who ?? route.role}): first navigation is ${kilobytes(extra)} of JS over ${ROLE_BASELINE_PATH}, goal ≤ ${kilobytes(GOALS.roleExtraBytes)}`,
          );
        }
      }
    } else {
      const verdict = judge(scripts.gzipBytes <= GOALS.firstLoadBytes);
      sizeGoal = { text: `≤ ${kilobytes(GOALS.firstLoadBytes)}`, verdict };
      if (verdict === 'missed')
        missed.push(
          `${route.path}: first-load JS ${kilobytes(scripts.gzipBytes)}, goal ≤ ${kilobytes(GOALS.firstLoadBytes)}`,
        );
    }

    const react: Cell = { text: String(scripts.reactCopies), verdict: judge(scripts.reactCopies === 1) };
    if (scripts.reactCopies !== 1)
      failures.push(`${route.path} loaded React ${scripts.reactCopies} times (goal: exactly once)`);

    const lighthouseCells: Cell[] = lighthouse
      ? lighthouseRow(route, lighthouse, missed)
      : [{ text: '–' }, { text: '–' }, { text: '–' }, { text: '–' }, { text: '–' }];
    return [
      { text: routeName(route) },
      { text: String(scripts.scripts) },
      { text: kilobytes(scripts.gzipBytes) },
      sizeGoal,
      react,
      ...lighthouseCells,
    ];
  });

  return {
    header: ['route', 'scripts', 'gz JS', 'vs goal', 'React copies', 'perf', 'LCP', 'TBT', 'CLS', 'worst perf'],
    rows,
    missed,
    failures,
  };
}

function lighthouseRow(route: BenchRoute, figures: LighthouseFigures, missed: string[]): Cell[] {
  const check = (met: boolean, what: string): Verdict => {
    if (!met) missed.push(`${routeName(route)}: Lighthouse ${what}`);
    return judge(met);
  };
  const lcpGoal = lcpGoalMs(route);
  const worst = Math.min(...figures.runs.map((run) => run.performance));
  return [
    {
      text: String(figures.performance),
      verdict: check(
        figures.performance >= GOALS.performanceScore,
        `performance ${figures.performance}, goal ≥ ${GOALS.performanceScore}`,
      ),
    },
    {
      text: `${(figures.lcpMs / 1000).toFixed(2)} s`,
      verdict: check(
        figures.lcpMs <= lcpGoal,
        `LCP ${(figures.lcpMs / 1000).toFixed(2)} s, goal ≤ ${lcpGoal / 1000} s`,
      ),
    },
    {
      text: `${Math.round(figures.tbtMs)} ms`,
      verdict: check(figures.tbtMs <= GOALS.tbtMs, `TBT ${Math.round(figures.tbtMs)} ms, goal ≤ ${GOALS.tbtMs} ms`),
    },
    {
      text: figures.cls.toFixed(3),
      verdict: check(figures.cls <= GOALS.cls, `CLS ${figures.cls.toFixed(3)}, goal ≤ ${GOALS.cls}`),
    },
    {
      text: String(worst),
      verdict: check(
        worst >= figures.performance - GOALS.performanceSpread,
        `worst run's performance ${worst}, goal within ${GOALS.performanceSpread} of the median run's ${figures.performance}`,
      ),
    },
  ];
}

const NUMERIC_COLUMNS = new Set(['scripts', 'gz JS', 'React copies', 'perf', 'LCP', 'TBT', 'CLS', 'worst perf']);

export function consoleTable(report: Report): string {
  const render = (cell: Cell) =>
    cell.verdict ? `${cell.text} ${cell.verdict === 'met' ? 'met' : 'MISSED'}` : cell.text;
  const lines = [report.header, ...report.rows.map((row) => row.map(render))];
  const widths = report.header.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  return lines
    .map((line) =>
      line
        .map((text, column) =>
          NUMERIC_COLUMNS.has(report.header[column] ?? '')
            ? text.padStart(widths[column] ?? 0)
            : text.padEnd(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function markdownTable(report: Report): string {
  const render = (cell: Cell) =>
    cell.verdict ? `${cell.text} ${cell.verdict === 'met' ? 'met' : '**missed**'}` : cell.text;
  const align = report.header.map((name) => (NUMERIC_COLUMNS.has(name) ? '---:' : '---'));
  return [report.header, align, ...report.rows.map((row) => row.map(render))]
    .map((line) => `| ${line.join(' | ')} |`)
    .join('\n');
}

export function goalsText(): string {
  return (
    `Goals: \`/\` and \`/signin\` ≤ ${kilobytes(GOALS.firstLoadBytes)} gzip JS on a cold first load; each role's dashboard ` +
    `(cold, with a session) ≤ ${kilobytes(GOALS.roleExtraBytes)} more than \`${ROLE_BASELINE_PATH}\`; React exactly once on every route; ` +
    `Lighthouse on every route (the median run): performance ≥ ${GOALS.performanceScore}, LCP ≤ ${GOALS.publicLcpMs / 1000} s on \`/\` and \`/signin\` ` +
    `and ≤ ${GOALS.signedInLcpMs / 1000} s signed in, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}; the worst run's performance within ` +
    `${GOALS.performanceSpread} of the median run's.`
  );
}
