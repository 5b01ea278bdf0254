import { signJwt } from '../../server/src/jwt';
import {
  ADMIN_SEARCH_TERM,
  BIG_UNIVERSITY,
  adminEmail,
  adminId,
  chartStudentNumber,
  doctorEmail,
  doctorId,
  md5Uuid,
  studentEmail,
  studentId,
} from './dataset';

/**
 * The screens under test, as the request supabase-js sends for each: method, PostgREST path + query string, headers
 * and body. `n` numbers the request within a run (and across runs for booking), so consecutive requests come from
 * different users — a doctor's page is read by all 40 doctors, the student list by thousands of students.
 */
export const SCENARIOS = [
  'doctor-day',
  'admin-search',
  'student-own',
  'dashboard-counts',
  'book-appointment',
  'slots-doctor-week',
  'slots-any-week',
  'patient-chart',
  'immunization-compliance',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(name);
}

export interface ScenarioContext {
  jwtSecret: string;
  /** The `iss` claim the auth service puts in access tokens. */
  issuer: string;
  /** Start of today (UTC), ISO: the doctor's page lists appointments from today on. */
  todayIso: string;
  /** The Monday (00:00 UTC) that starts the reserved booking window, ISO. */
  bookingWindowStartIso: string;
  /** The first and last day ('YYYY-MM-DD') of the week a student looks at for free slots. */
  slotWeek: { from: string; to: string };
}

/** Where the requests go: PostgREST's own port ("direct"), or `/rest/v1` on the gateway's public port. */
export type Target = 'direct' | 'gateway';

export interface ScenarioRequest {
  method: 'GET' | 'POST';
  /** Path below /rest/v1 (gateway) or the PostgREST root (direct). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Who sends it: the JWT `sub`, for EXPLAIN as that user. */
  userId: string;
}

/** The columns and embeds the screens ask for: mfe-doctor listMyAppointments and shared listAppointments. */
export const DOCTOR_DAY_COLUMNS =
  '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name), student:members!appointments_student_id_fkey(email, phone)';
export const ADMIN_OVERVIEW_COLUMNS =
  '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name)';
/** The doctor's page is measured at 50 rows (the issue's figure; the screen shows 10 at a time). */
export const DOCTOR_DAY_ROWS = 50;
/** The admin overview's page size. */
export const ADMIN_OVERVIEW_ROWS = 10;
/** The student's "past appointments" page size. */
export const STUDENT_OWN_ROWS = 5;
export const BOOKING_MINUTES = 30;
/** Every list screen asks for an exact total (its pagination shows it). */
const EXACT_COUNT = { prefer: 'count=exact' };

/**
 * Each benchmark user's one session (the request gate refuses tokens whose session is not in auth.sessions): the same
 * id in SQL, `md5('bench-session:' || user_id)::uuid`, so run.ts can create them all in one statement.
 */
export const benchSessionId = (userId: string) => md5Uuid(`bench-session:${userId}`);

/** Same claims as the auth service's access tokens (server/src/auth/sessions.ts), valid for an hour. */
export function accessToken(userId: string, email: string, context: ScenarioContext): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      iss: context.issuer,
      sub: userId,
      aud: 'authenticated',
      exp: iat + 3600,
      iat,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: iat }],
      session_id: benchSessionId(userId),
      is_anonymous: false,
    },
    context.jwtSecret,
  );
}

/** Spreads request numbers over all students in a scattered order (the stride is coprime with the student count). */
export function studentNumberFor(n: number): number {
  return 1 + ((n * 7919) % BIG_UNIVERSITY.students);
}

/**
 * Request numbers for the one-off probe and EXPLAIN bookings: above what a measured run books (~30,000 at ~700/s) and
 * with their own students, yet inside the one-year limit (18 slots a weekday per doctor from the window's Monday).
 */
export const PROBE_REQUEST = 50_000;
export const EXPLAIN_REQUEST = PROBE_REQUEST + 1;

/** The bench university's clinic: the database's default (UTC, Monday to Friday 08:00–17:00, 30-minute slots). */
const CLINIC_OPENS_MINUTES = 8 * 60;
const SLOTS_PER_DAY = 18;

/**
 * Booking n: a different student each time, doctors in turn, each doctor's next free clinic slot in the window (the
 * database refuses students anything else), weekdays only from the window's Monday.
 */
export function bookingSlot(
  n: number,
  context: ScenarioContext,
): { student: number; doctor: number; startsAt: string } {
  const doctor = 1 + (n % BIG_UNIVERSITY.doctors);
  const slot = Math.floor(n / BIG_UNIVERSITY.doctors);
  const weekday = Math.floor(slot / SLOTS_PER_DAY);
  const days = 7 * Math.floor(weekday / 5) + (weekday % 5);
  const minutes = days * 24 * 60 + CLINIC_OPENS_MINUTES + (slot % SLOTS_PER_DAY) * BOOKING_MINUTES;
  const startsAt = new Date(Date.parse(context.bookingWindowStartIso) + minutes * 60_000).toISOString();
  return { student: 1 + (n % BIG_UNIVERSITY.students), doctor, startsAt };
}

/** Builds request `n` of a scenario; tokens are cached per user so the load generator spends its time sending. */
export function requestBuilder(scenario: ScenarioName, context: ScenarioContext): (n: number) => ScenarioRequest {
  const tokens = new Map<string, string>();
  const bearer = (userId: string, email: string) => {
    let token = tokens.get(userId);
    if (token === undefined) {
      token = accessToken(userId, email, context);
      tokens.set(userId, token);
    }
    return `Bearer ${token}`;
  };
  const u = BIG_UNIVERSITY;
  switch (scenario) {
    case 'doctor-day':
      return (n) => {
        const doctor = 1 + (n % u.doctors);
        const query = new URLSearchParams({
          select: DOCTOR_DAY_COLUMNS,
          provider_id: `eq.${doctorId(u, doctor)}`,
          date: `gte.${context.todayIso}`,
          order: 'date.asc,id.asc',
          offset: '0',
          limit: String(DOCTOR_DAY_ROWS),
        });
        return {
          method: 'GET',
          path: `/appointments?${query}`,
          headers: { authorization: bearer(doctorId(u, doctor), doctorEmail(u, doctor)), ...EXACT_COUNT },
          userId: doctorId(u, doctor),
        };
      };
    case 'admin-search':
      // What the overview's search sends (shared listAppointments): the search RPC, ordered, paged and counted.
      return () => {
        const query = new URLSearchParams({
          select: ADMIN_OVERVIEW_COLUMNS,
          order: 'date.asc,id.asc',
          offset: '0',
          limit: String(ADMIN_OVERVIEW_ROWS),
        });
        return {
          method: 'POST',
          path: `/rpc/search_appointments?${query}`,
          headers: {
            authorization: bearer(adminId(u), adminEmail(u)),
            'content-type': 'application/json',
            ...EXACT_COUNT,
          },
          body: JSON.stringify({ term: ADMIN_SEARCH_TERM }),
          userId: adminId(u),
        };
      };
    case 'student-own':
      // The student's "Past" page, newest first, exactly as mfe-student listMyAppointments asks for it.
      return (n) => {
        const student = studentNumberFor(n);
        const query = new URLSearchParams({
          select: '*',
          student_id: `eq.${studentId(u, student)}`,
          or: `(status.in.(completed,cancelled),and(status.eq.scheduled,date.lt."${context.todayIso}"))`,
          order: 'date.desc,id.asc',
          offset: '0',
          limit: String(STUDENT_OWN_ROWS),
        });
        return {
          method: 'GET',
          path: `/appointments?${query}`,
          headers: { authorization: bearer(studentId(u, student), studentEmail(u, student)), ...EXACT_COUNT },
          userId: studentId(u, student),
        };
      };
    case 'dashboard-counts':
      return () => ({
        method: 'POST',
        path: '/rpc/dashboard_counts',
        headers: { authorization: bearer(adminId(u), adminEmail(u)), 'content-type': 'application/json' },
        body: '{}',
        userId: adminId(u),
      });
    case 'book-appointment':
      return (n) => {
        const slot = bookingSlot(n, context);
        return {
          method: 'POST',
          path: '/rpc/book_appointment',
          headers: {
            authorization: bearer(studentId(u, slot.student), studentEmail(u, slot.student)),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ date: slot.startsAt, reason: 'Check-up', provider_id: doctorId(u, slot.doctor) }),
          userId: studentId(u, slot.student),
        };
      };
    case 'slots-doctor-week':
    case 'slots-any-week':
      // The booking form: a student looks at a week's free slots, of one doctor or of any doctor.
      return (n) => {
        const student = studentNumberFor(n);
        const doctor = scenario === 'slots-doctor-week' ? { doctor_id: doctorId(u, 1 + (n % u.doctors)) } : {};
        return {
          method: 'POST',
          path: '/rpc/available_slots',
          headers: {
            authorization: bearer(studentId(u, student), studentEmail(u, student)),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ from_date: context.slotWeek.from, to_date: context.slotWeek.to, ...doctor }),
          userId: studentId(u, student),
        };
      };
    case 'patient-chart':
      // The doctor's patient chart (mfe-doctor chartApi, `rpc('open_patient_chart', { student_id })`): one of the chart
      // students (50 signed visits on top of their own, dataset.ts) opened by one of the doctors: the profile, the newest
      // visits in full, the vital-sign trend of all of them. Every opening writes its audit row, so this is a write as
      // well as a read.
      return (n) => {
        const doctor = 1 + (n % u.doctors);
        return {
          method: 'POST',
          path: '/rpc/open_patient_chart',
          headers: {
            authorization: bearer(doctorId(u, doctor), doctorEmail(u, doctor)),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ student_id: studentId(u, chartStudentNumber(n)) }),
          userId: doctorId(u, doctor),
        };
      };
    case 'immunization-compliance':
      // The admins' compliance overview (`rpc('immunization_compliance')`): per requirement, how many of the university's
      // 100,000 students are met, exempt, under review, due and overdue, from the standings the database keeps.
      return () => ({
        method: 'POST',
        path: '/rpc/immunization_compliance',
        headers: { authorization: bearer(adminId(u), adminEmail(u)), 'content-type': 'application/json' },
        body: '{}',
        userId: adminId(u),
      });
  }
}

/** What a patient chart holds, for the probe line: proves the measured chart is the big one. */
function describeChart(chart: Record<string, unknown>, bytes: number): string | undefined {
  const count = (key: string) => (Array.isArray(chart[key]) ? (chart[key] as unknown[]).length : undefined);
  const visits = count('visits');
  if (visits === undefined || typeof chart.earlier_visits !== 'number') return undefined;
  return `a chart of ${visits + chart.earlier_visits} visits (the newest ${visits} in full, as the timeline's first page), ${count('vital_signs')} vital signs, ${count('current_prescriptions')} current prescriptions, ${count('excuse_letters')} letters, ${count('upcoming_appointments')} upcoming appointments (${(bytes / 1024).toFixed(0)} KB of JSON)`;
}

/**
 * One request before measuring, at `restUrl` (the gateway's `/rest/v1` or PostgREST itself): proves the scenario
 * returns real data under RLS. Returns what came back, for the console and the report.
 */
export async function probeScenario(
  restUrl: string,
  apiKey: string,
  scenario: ScenarioName,
  context: ScenarioContext,
): Promise<string> {
  const request = requestBuilder(scenario, context)(PROBE_REQUEST);
  const response = await fetch(`${restUrl}${request.path}`, {
    method: request.method,
    headers: { apikey: apiKey, ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  const body: unknown = JSON.parse(text);
  if (!response.ok) throw new Error(`${scenario} probe failed with ${response.status}: ${text}`);
  const range = response.headers.get('content-range');
  if (Array.isArray(body)) {
    if (body.length === 0)
      throw new Error(`${scenario} probe returned no rows: the benchmark would measure an empty page`);
    return `HTTP ${response.status}, ${body.length} rows${range ? `, Content-Range ${range}` : ''}`;
  }
  const chart =
    scenario === 'patient-chart' && body !== null && typeof body === 'object'
      ? describeChart(body as Record<string, unknown>, Buffer.byteLength(text))
      : undefined;
  if (scenario === 'patient-chart' && chart === undefined)
    throw new Error(`patient-chart probe returned no chart: ${text.slice(0, 160)}`);
  return `HTTP ${response.status}, ${chart ?? JSON.stringify(body).slice(0, 160)}`;
}
