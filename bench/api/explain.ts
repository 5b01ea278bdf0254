import type { Pool } from 'pg';
import { ADMIN_SEARCH_TERM, BIG_UNIVERSITY, adminId, doctorId, studentId } from './dataset';
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
          plan = notices.map((notice) => notice.trim()).join('\n\n');
        } else {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
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
