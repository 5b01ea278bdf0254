import type { Pool } from 'pg';
import { ADMIN_SEARCH_TERM, BIG_UNIVERSITY, adminId, chartStudentNumber, doctorId, studentId } from './dataset';
import {
  ADMIN_OVERVIEW_ROWS,
  DOCTOR_DAY_ROWS,
  EXPLAIN_REQUEST,
  STUDENT_OWN_ROWS,
  bookingSlot,
  studentNumberFor,
  type ScenarioContext,
  type ScenarioName,
} from './scenarios';

interface Statement {
  userId: string;
  sql: string;
  params: unknown[];
  /** An RPC: its plan is the plans of the statements inside the function, which plain EXPLAIN does not show. */
  rpc: boolean;
}

/**
 * The core of the statement PostgREST runs for each scenario: the rows of the page and how they are found. (PostgREST
 * wraps it in a json_agg CTE, adds the embedded doctor/student as lateral subqueries under their own RLS, and counts
 * the same filter for the total.)
 */
function statementFor(scenario: ScenarioName, context: ScenarioContext): Statement {
  const u = BIG_UNIVERSITY;
  switch (scenario) {
    case 'doctor-day':
      return {
        userId: doctorId(u, 1),
        sql: `select * from public.appointments where provider_id = $1 and date >= $2 order by date asc, id asc limit ${DOCTOR_DAY_ROWS}`,
        params: [doctorId(u, 1), context.todayIso],
        rpc: false,
      };
    case 'admin-search':
      return {
        userId: adminId(u),
        sql: `select *, count(*) over () as total from public.search_appointments($1) order by date asc, id asc limit ${ADMIN_OVERVIEW_ROWS}`,
        params: [ADMIN_SEARCH_TERM],
        rpc: true,
      };
    case 'student-own': {
      const student = studentId(u, studentNumberFor(1));
      return {
        userId: student,
        sql: `select * from public.appointments where student_id = $1
              and (status in ('completed', 'cancelled') or (status = 'scheduled' and date < $2))
              order by date desc, id asc limit ${STUDENT_OWN_ROWS}`,
        params: [student, context.todayIso],
        rpc: false,
      };
    }
    case 'dashboard-counts':
      return { userId: adminId(u), sql: 'select public.dashboard_counts()', params: [], rpc: true };
    case 'book-appointment': {
      // A booking no measured run makes; rolled back anyway.
      const slot = bookingSlot(EXPLAIN_REQUEST, context);
      return {
        userId: studentId(u, slot.student),
        sql: `select public.book_appointment(date => $1, reason => 'Check-up', provider_id => $2)`,
        params: [slot.startsAt, doctorId(u, slot.doctor)],
        rpc: true,
      };
    }
    case 'slots-doctor-week':
    case 'slots-any-week': {
      const student = studentId(u, studentNumberFor(1));
      return {
        userId: student,
        sql: 'select count(*) from public.available_slots($1, $2, $3)',
        params: [context.slotWeek.from, context.slotWeek.to, scenario === 'slots-doctor-week' ? doctorId(u, 1) : null],
        rpc: true,
      };
    }
    case 'patient-chart':
      // Rolled back, audit row included.
      return {
        userId: doctorId(u, 1),
        sql: 'select public.open_patient_chart($1)',
        params: [studentId(u, chartStudentNumber(0))],
        rpc: true,
      };
    case 'immunization-compliance':
      return { userId: adminId(u), sql: 'select * from public.immunization_compliance()', params: [], rpc: true };
  }
}

/**
 * Runs the scenario's statement as its user — role `authenticated` with the request's JWT claims, as PostgREST sets
 * them — inside a transaction that is rolled back, twice (the first run warms the cache), and returns the plan text.
 */
export async function explainScenario(pool: Pool, scenario: ScenarioName, context: ScenarioContext): Promise<string> {
  const statement = statementFor(scenario, context);
  const client = await pool.connect();
  const notices: string[] = [];
  const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
  client.on('notice', onNotice);
  try {
    let plan = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      notices.length = 0;
      await client.query('begin');
      try {
        if (statement.rpc) {
          // auto_explain reports every statement inside the function, with ANALYZE and BUFFERS, as a NOTICE.
          await client.query(`load 'auto_explain'`);
          for (const setting of [
            'auto_explain.log_min_duration = 0',
            'auto_explain.log_analyze = on',
            'auto_explain.log_buffers = on',
            'auto_explain.log_timing = on',
            'auto_explain.log_nested_statements = on',
            'auto_explain.log_level = notice',
          ]) {
            await client.query(`set local ${setting}`);
          }
        }
        await client.query('set local role authenticated');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: statement.userId, role: 'authenticated', aud: 'authenticated' }),
        ]);
        if (statement.rpc) {
          await client.query(statement.sql, statement.params);
          plan = summariseNestedPlans(notices.map((notice) => notice.trim()));
        } else {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.sql}`,
            statement.params,
          );
          plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        }
      } finally {
        await client.query('rollback');
      }
    }
    return `-- as ${statement.userId}: ${statement.sql.replace(/\s+/g, ' ')}\n${plan}`;
  } finally {
    client.off('notice', onNotice);
    client.release();
  }
}

/** One auto_explain notice: `duration: … ms  plan:`, `Query Text: …` (possibly several lines), then the plan. */
function parseNotice(notice: string): { ms: number; query: string } {
  const ms = Number(/^duration: ([\d.]+) ms/.exec(notice)?.[1] ?? Number.NaN);
  const lines = notice.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Query Text:'));
  const planStart = lines.findIndex((line, i) => i > start && line.includes('(cost='));
  // The statement's text, without the parameters it ran with this time (auto_explain prints them after the text).
  const query = (start < 0 ? [notice] : lines.slice(start, planStart < 0 ? undefined : planStart))
    .filter((line) => !line.startsWith('Query Parameters:'))
    .join(' ')
    .replace(/^Query Text:/, '');
  return { ms, query: query.replace(/\s+/g, ' ').trim() };
}

/**
 * auto_explain reports every execution of every statement inside the function. A function that runs helpers per row
 * (the patient chart: a visit's JSON per visit, a name per visit and per letter) would print hundreds of plans, so when
 * statements repeat, a table says how often each ran and for how long (inclusive of what it calls), followed by the plan
 * of each one's slowest execution. Otherwise every plan, in order.
 */
function summariseNestedPlans(notices: string[]): string {
  const groups = new Map<string, { runs: number; totalMs: number; slowest: { ms: number; notice: string } }>();
  for (const notice of notices) {
    const { ms, query } = parseNotice(notice);
    const group = groups.get(query);
    if (group === undefined) {
      groups.set(query, { runs: 1, totalMs: ms, slowest: { ms, notice } });
    } else {
      group.runs += 1;
      group.totalMs += ms;
      if (ms > group.slowest.ms) group.slowest = { ms, notice };
    }
  }
  if (groups.size === notices.length) return notices.join('\n\n');
  const rows = [...groups].map(
    ([query, g]) =>
      `${String(g.runs).padStart(5)} × ${g.totalMs.toFixed(3).padStart(9)} ms total, slowest ${g.slowest.ms.toFixed(3).padStart(8)} ms: ${query.length > 110 ? `${query.slice(0, 110)}…` : query}`,
  );
  return [
    `${notices.length} statements executed inside the function, ${groups.size} distinct (durations include nested calls):`,
    ...rows,
    '',
    'The slowest execution of each:',
    '',
    [...groups.values()].map((g) => g.slowest.notice).join('\n\n'),
  ].join('\n');
}
