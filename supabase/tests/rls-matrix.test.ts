/**
 * The RLS matrix: every API role × every table × select/insert/update/delete × own record / own university / other
 * university, plus every RPC's allowed and refused callers. Expectations are data (the ALLOW tables below: who may
 * touch which rows, role by role); each probe runs in its own rolled-back transaction as the caller, the way PostgREST
 * runs a request. "Allowed" means the statement succeeded and touched the target row; anything else is "refused".
 */
import { writeFileSync } from 'node:fs';
import type { Client } from 'pg';
import {
  clinicSlot,
  laterOrEarlierToday,
  probe,
  runAs,
  serverVisit,
  startTestDb,
  type Caller,
  type TestDb,
} from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const ACTORS = [
  'anon',
  'student',
  'doctor',
  'admin',
  'super',
  'deactivated_doctor',
  'deactivated_student',
  'must_change_doctor',
  'unconfirmed_university',
] as const;
type Actor = (typeof ACTORS)[number];
type Op = 'select' | 'insert' | 'update' | 'delete';
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);

const CALLER: Record<Actor, Caller> = {
  anon: null,
  student: nf('student01'),
  doctor: nf('dr.adams'),
  admin: nf('registrar'),
  super: nf('admin'),
  deactivated_doctor: nf('dr.chen'),
  deactivated_student: nf('student20'),
  // Invited and accepted in beforeAll, then told by an operator to choose a new password (must_change_password): it
  // may read its own row only.
  must_change_doctor: null,
  // A university's sign-up whose confirmation link has not been opened: an auth user, and nothing else yet.
  unconfirmed_university: '00000000-0000-4000-8000-00000000f00d',
};

/** Actors without a member row. */
const NO_MEMBER: readonly Actor[] = ['anon', 'unconfirmed_university'];
const memberOf = (actor: Actor): string | undefined =>
  NO_MEMBER.includes(actor) ? undefined : (CALLER[actor] ?? undefined);

const ALL_SIGNED_IN: Actor[] = ['student', 'doctor', 'admin', 'super'];
const STAFF: Actor[] = ['doctor', 'admin', 'super'];
const EVERYONE: Actor[] = [...ACTORS];

/** A probe target: the WHERE clause that picks the row, or undefined when the scope does not apply to this actor. */
interface Target {
  where: string;
  params: unknown[];
}
interface InsertProbe {
  sql: string;
  params: unknown[];
  setup?: string;
}
interface TableSpec {
  table: string;
  scopes: string[];
  target(actor: Actor, scope: string): Target | undefined;
  update: string; // SET clause of the update probe: a real change a legitimate caller might make
  insert(actor: Actor, scope: string): InsertProbe | undefined;
  allow: Record<Op, Record<string, Actor[]>>;
  /** Where the target row lives when the probed relation is a view. */
  base?: string;
  /** Columns the database fills (ids, university, author, timestamps, status, …): no actor writes them, in any scope. */
  serverOwned?: string[];
}

const none = (scopes: string[]): Record<string, Actor[]> => Object.fromEntries(scopes.map((s) => [s, []]));

interface Ids {
  appt: Record<string, string>; // scheduled future appointments by owner key
  program: Record<string, string>;
  invitation: Record<string, string>;
  audit: Record<string, string>;
  outbox: string;
  /** Clinic slots the seed leaves free, 150 and 200 days ahead, and a moment of today hours away from now. */
  freeSlot150: string;
  freeSlot200: string;
  todayAt: string;
  closure: Record<string, string>;
  timeOff: Record<string, string>;
  /**
   * The clinical record, by scope: draft_self (the probing doctor's draft of the probing student), signed_self (the
   * probing student's visit, signed by the probing doctor), draft_own (another doctor's draft of the probing student),
   * signed_own (another student's visit, signed by another doctor), signed_other (the other university's).
   */
  visit: Record<ClinicalScope, ClinicalRows>;
  /** The day (clinic calendar) of the probing doctor's draft, for letters issued from it. */
  draftSelfDay: string;
  /** The verification codes of the letters on signed_self (the probing student's) and signed_own (another student's). */
  letterCode: string;
  ownLetterCode: string;
  /** Waitlist entries, immunization doses, exemptions and documents by owner key (an actor's own, `own`, `other`). */
  waitlist: Record<string, string>;
  dose: Record<string, string>;
  exemption: Record<string, string>;
  document: Record<string, string>;
  /** The other university's immunization requirement (Northfield's are the seed's). */
  otherRequirement: string;
}

// The seed's Northfield immunization data (supabase/seed.sql): MMR, which applies to every student, and student02's
// vaccination card.
const MMR = 'a1f0c3e2-0000-4000-8000-00000000a002';
const CARD = 'a1f0c3e2-0000-4000-8000-00000000d001';
/** Who holds a fixture row of their own in the tables where only students have rows: the two students. */
const OWN_ROW: readonly Actor[] = ['student', 'deactivated_student'];
const ownRow = (record: Record<string, string>, actor: Actor, scope: string): string | undefined =>
  scope === 'self' ? (OWN_ROW.includes(actor) ? record[actor] : undefined) : record[scope];
const BUCKET_OF_SCOPE = (scope: string) =>
  scope.startsWith('avatar') ? 'avatars' : scope.startsWith('medical') ? 'medical-documents' : 'university-logos';

const CLINICAL_SCOPES = ['draft_self', 'signed_self', 'draft_own', 'signed_own', 'signed_other'] as const;
type ClinicalScope = (typeof CLINICAL_SCOPES)[number];
interface ClinicalRows {
  appointment: string;
  visit: string;
  vital_signs: string;
  diagnoses: string;
  prescriptions: string;
  /** Signed visits only. */
  addendum?: string;
  letter?: string;
}

function specs(ids: Ids): TableSpec[] {
  const byId = (id: string | undefined): Target | undefined => (id ? { where: 'id = $1', params: [id] } : undefined);
  const futureSlot = `'${ids.freeSlot200}'::timestamptz`;
  return [
    {
      table: 'public.universities',
      scopes: ['own', 'other'],
      target: (_a, s) => byId(s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID),
      update: "phone = '+1 555 999 0000'",
      insert: (_a, s) => ({
        sql: `insert into public.universities (id, name, email, join_code) values ($1, 'Probe University', 'probe@probe.edu', 'PROBE-${s.toUpperCase()}')`,
        params: [s === 'own' ? '00000000-0000-4000-8000-00000000aaaa' : '00000000-0000-4000-8000-00000000bbbb'],
      }),
      allow: {
        select: { own: ALL_SIGNED_IN, other: [] },
        insert: none(['own', 'other']),
        update: { own: ['super'], other: [] },
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'public.members',
      scopes: ['self', 'own_staff', 'own_student', 'other'],
      target: (a, s) =>
        byId(
          s === 'self'
            ? memberOf(a)
            : s === 'own_staff'
              ? nf('dr.bello')
              : s === 'own_student'
                ? nf('student02')
                : sb('student01'),
        ),
      update: "phone = '+1 555 999 0000'",
      insert: (_a, s) => ({
        setup: `select set_config('campuscare.provisioning', 'on', true);
                insert into auth.users (id, email) values ('00000000-0000-4000-8000-0000000000cc', 'probe.member@probe.edu');`,
        sql: `insert into public.members (id, university_id, role, email) values ('00000000-0000-4000-8000-0000000000cc', $1, 'doctor', 'probe.member@probe.edu')`,
        params: [s === 'other' ? SOUTHBANK_ID : NORTHFIELD_ID],
      }),
      allow: {
        select: { self: [...ALL_SIGNED_IN, 'must_change_doctor'], own_staff: STAFF, own_student: STAFF, other: [] },
        insert: none(['self', 'own_staff', 'own_student', 'other']),
        update: { self: ALL_SIGNED_IN, own_staff: [], own_student: [], other: [] },
        delete: none(['self', 'own_staff', 'own_student', 'other']),
      },
    },
    {
      table: 'public.health_profiles',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => {
        const id =
          s === 'self'
            ? a === 'student' || a === 'deactivated_student'
              ? CALLER[a]
              : undefined
            : s === 'own'
              ? nf('student02')
              : sb('student01');
        return id ? { where: 'student_id = $1', params: [id] } : undefined;
      },
      update: "allergies = 'Probe'",
      insert: (a, s) => {
        const id = s === 'self' ? CALLER[a] : s === 'own' ? nf('student02') : sb('student01');
        if (!id) return undefined;
        return {
          setup: `delete from public.health_profiles where student_id = '${id}'`,
          sql: `insert into public.health_profiles (student_id, genotype, blood_group, bmi) values ($1, 'AA', 'O+', 22.5)`,
          params: [id],
        };
      },
      allow: {
        select: { self: ['student'], own: [], other: [] },
        insert: { self: ['student'], own: [], other: [] },
        update: { self: ['student'], own: [], other: [] },
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: ['updated_at'],
    },
    {
      table: 'public.appointments',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(s === 'self' ? ids.appt[a] : s === 'own' ? ids.appt.own : ids.appt.other),
      update: 'duration_minutes = 20',
      // The caller's own booking names no student or university: the database fills them in.
      insert: (_a, s) => {
        if (s === 'self')
          return {
            sql: `insert into public.appointments (date, department, year, reason) values (${futureSlot}, 'Law', 2, 'Check-up')`,
            params: [],
          };
        const [student, university] = s === 'own' ? [nf('student02'), NORTHFIELD_ID] : [sb('student01'), SOUTHBANK_ID];
        return {
          sql: `insert into public.appointments (university_id, student_id, date, name, department, reg, year, reason)
                values ($1, $2, ${futureSlot}, 'Probe Student', 'Law', 'NFU/2025/999', 2, 'Check-up')`,
          params: [university, student],
        };
      },
      // Changes go through update_appointment() (RPC cases below).
      allow: {
        select: { self: ['student', 'doctor'], own: STAFF, other: [] },
        insert: { self: ['student'], own: [], other: [] },
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: [
        'id',
        'university_id',
        'student_id',
        'name',
        'reg',
        'status',
        'cancel_reason',
        'created_at',
        'updated_at',
      ],
    },
    {
      table: 'public.programs',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(s === 'self' ? ids.program[a] : s === 'own' ? ids.program.own : ids.program.other),
      update: "title = 'Probe program'",
      insert: (a, s) =>
        s === 'own'
          ? undefined
          : {
              sql:
                s === 'self'
                  ? `insert into public.programs (title, date) values ('Probe program', current_date + 3)`
                  : `insert into public.programs (university_id, title, date, created_by) values ($1, 'Probe program', current_date + 3, $2)`,
              params: s === 'self' ? [] : [SOUTHBANK_ID, CALLER[a]],
            },
      allow: {
        select: { self: STAFF, own: ALL_SIGNED_IN, other: [] },
        insert: { self: STAFF, own: [], other: [] },
        update: { self: STAFF, own: ['admin', 'super'], other: [] },
        delete: { self: STAFF, own: ['admin', 'super'], other: [] },
      },
      serverOwned: ['id', 'university_id', 'created_by', 'created_at'],
    },
    {
      table: 'public.invitations',
      scopes: ['own', 'other'],
      target: (_a, s) => byId(ids.invitation[s]),
      update: 'accepted_at = now()',
      insert: (_a, s) => ({
        sql: `insert into public.invitations (university_id, email, role) values ($1, 'probe.invite@probe.edu', 'doctor')`,
        params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
      }),
      allow: {
        select: { own: ['super'], other: [] },
        insert: none(['own', 'other']),
        update: none(['own', 'other']),
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'public.audit_log',
      scopes: ['self', 'own', 'other'],
      // self = a read of the caller's own health record (exists for student01 and student20)
      target: (a, s) => {
        const id = s === 'self' ? ids.audit[a] : ids.audit[s];
        return id ? { where: 'id = $1', params: [id] } : undefined;
      },
      update: "details = '{}'::jsonb",
      insert: (_a, s) =>
        s === 'self'
          ? undefined
          : {
              sql: `insert into public.audit_log (action, table_name, university_id) values ('insert', 'probe', $1)`,
              params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
            },
      allow: {
        select: { self: ['student'], own: ['super'], other: [] },
        insert: none(['self', 'own', 'other']),
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
    },
    {
      table: 'public.email_outbox',
      scopes: ['any'],
      target: () => ({ where: 'id = $1', params: [ids.outbox] }),
      update: 'sent_at = now()',
      insert: () => ({
        sql: `insert into public.email_outbox (to_email, subject, body) values ('x@probe.edu', 's', 'b')`,
        params: [],
      }),
      allow: { select: { any: [] }, insert: { any: [] }, update: { any: [] }, delete: { any: [] } },
    },
    {
      table: 'private.dashboard_tallies',
      scopes: ['own', 'other'],
      target: (_a, s) => ({
        where: "university_id = $1 and subject = 'students'",
        params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
      }),
      update: 'n = n + 1000',
      insert: (_a, s) => ({
        sql: `insert into private.dashboard_tallies (university_id, subject, shard, n) values ($1, 'staff', 15, 1000)`,
        params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
        setup: `delete from private.dashboard_tallies where university_id = '${s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID}' and shard = 15`,
      }),
      allow: {
        select: none(['own', 'other']),
        insert: none(['own', 'other']),
        update: none(['own', 'other']),
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'public.staff_directory',
      base: 'public.members',
      scopes: ['own', 'other'],
      target: (_a, s) => byId(s === 'own' ? nf('dr.bello') : sb('dr.bello')),
      update: "first_name = 'Probe'",
      insert: (_a, s) => ({
        sql: `insert into public.staff_directory (id, university_id, role, first_name, last_name) values ($1, $2, 'doctor', 'P', 'Q')`,
        params: ['00000000-0000-4000-8000-0000000000dd', s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
      }),
      allow: {
        select: { own: ALL_SIGNED_IN, other: [] },
        insert: none(['own', 'other']),
        update: none(['own', 'other']),
        delete: none(['own', 'other']),
      },
    },
    {
      // Sessions of dr.bello of each university, with reported activity (beforeAll); only the definer functions use it.
      table: 'private.session_activity',
      scopes: ['own', 'other'],
      target: (_a, s) => ({ where: 'session_id = $1', params: [s === 'own' ? nf('dr.bello') : sb('dr.bello')] }),
      update: 'last_active_at = now()',
      insert: (_a, s) => ({
        setup: `delete from private.session_activity where session_id = '${s === 'own' ? nf('dr.bello') : sb('dr.bello')}'`,
        sql: 'insert into private.session_activity (session_id, last_active_at) values ($1, now())',
        params: [s === 'own' ? nf('dr.bello') : sb('dr.bello')],
      }),
      allow: {
        select: none(['own', 'other']),
        insert: none(['own', 'other']),
        update: none(['own', 'other']),
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'public.clinic_settings',
      scopes: ['own', 'other'],
      target: (_a, s) => ({ where: 'university_id = $1', params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID] }),
      update: 'slot_minutes = 20, student_upcoming_limit = 5, student_daily_booking_limit = 5',
      insert: (_a, s) => ({
        setup: `delete from public.clinic_settings where university_id = '${s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID}'`,
        sql: `insert into public.clinic_settings (university_id, timezone) values ($1, 'Europe/Paris')`,
        params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
      }),
      allow: {
        select: { own: ALL_SIGNED_IN, other: [] },
        insert: none(['own', 'other']),
        update: { own: ['super'], other: [] },
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'public.clinic_hours',
      scopes: ['own', 'other'],
      target: (_a, s) => ({
        where: 'university_id = $1 and weekday = 1',
        params: [s === 'own' ? NORTHFIELD_ID : SOUTHBANK_ID],
      }),
      update: "closes_at = '16:00'",
      // Own: the university is the caller's, filled in; another university's can only be named, which is refused.
      insert: (_a, s) =>
        s === 'own'
          ? {
              sql: `insert into public.clinic_hours (weekday, opens_at, closes_at) values (6, '09:00', '12:00')`,
              params: [],
            }
          : {
              sql: `insert into public.clinic_hours (university_id, weekday, opens_at, closes_at) values ($1, 6, '09:00', '12:00')`,
              params: [SOUTHBANK_ID],
            },
      allow: {
        select: { own: ALL_SIGNED_IN, other: [] },
        insert: { own: ['super'], other: [] },
        update: { own: ['super'], other: [] },
        delete: { own: ['super'], other: [] },
      },
      serverOwned: ['university_id'],
    },
    {
      table: 'public.clinic_closures',
      scopes: ['own', 'other'],
      target: (_a, s) => byId(ids.closure[s]),
      update: "reason = 'Probe'",
      insert: (_a, s) =>
        s === 'own'
          ? {
              sql: `insert into public.clinic_closures (starts_on, ends_on, reason) values (current_date + 30, current_date + 31, 'Probe')`,
              params: [],
            }
          : {
              sql: `insert into public.clinic_closures (university_id, starts_on, ends_on, reason) values ($1, current_date + 30, current_date + 31, 'Probe')`,
              params: [SOUTHBANK_ID],
            },
      allow: {
        select: { own: ALL_SIGNED_IN, other: [] },
        insert: { own: ['super'], other: [] },
        update: { own: ['super'], other: [] },
        delete: { own: ['super'], other: [] },
      },
      serverOwned: ['id', 'university_id', 'created_at'],
    },
    {
      table: 'public.doctor_hours',
      // self = the caller's own hours (a doctor edits theirs), own = another doctor of the university, other = Southbank.
      scopes: ['self', 'own', 'other'],
      target: (a, s) => {
        const doctor =
          s === 'self' ? (a === 'doctor' ? CALLER.doctor : undefined) : s === 'own' ? nf('dr.bello') : sb('dr.chen');
        return doctor ? { where: 'doctor_id = $1 and weekday = 1', params: [doctor] } : undefined;
      },
      update: "closes_at = '12:00'",
      insert: (a, s) => {
        const doctor = s === 'self' ? CALLER[a] : s === 'own' ? nf('dr.bello') : sb('dr.bello');
        if (!doctor) return undefined;
        return {
          setup: `delete from public.doctor_hours where doctor_id = '${doctor}' and weekday = 4`,
          sql: `insert into public.doctor_hours (doctor_id, weekday, opens_at, closes_at) values ($1, 4, '09:00', '11:00')`,
          params: [doctor],
        };
      },
      allow: {
        select: { self: ['doctor'], own: STAFF, other: [] },
        insert: { self: ['doctor'], own: ['admin', 'super'], other: [] },
        update: { self: ['doctor'], own: ['admin', 'super'], other: [] },
        delete: { self: ['doctor'], own: ['admin', 'super'], other: [] },
      },
      serverOwned: ['university_id'],
    },
    {
      table: 'public.doctor_time_off',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(s === 'self' ? (a === 'doctor' ? ids.timeOff.self : undefined) : ids.timeOff[s]),
      update: "reason = 'Probe'",
      insert: (a, s) => {
        const doctor = s === 'self' ? CALLER[a] : s === 'own' ? nf('dr.bello') : sb('dr.bello');
        if (!doctor) return undefined;
        return {
          sql: `insert into public.doctor_time_off (doctor_id, starts_at, ends_at) values ($1, now() + interval '60 days', now() + interval '61 days')`,
          params: [doctor],
        };
      },
      allow: {
        select: { self: ['doctor'], own: STAFF, other: [] },
        insert: { self: ['doctor'], own: ['admin', 'super'], other: [] },
        update: { self: ['doctor'], own: ['admin', 'super'], other: [] },
        delete: { self: ['doctor'], own: ['admin', 'super'], other: [] },
      },
      serverOwned: ['id', 'university_id', 'created_at'],
    },
    // The clinical record (docs/clinical-record.md): doctors read directly only the drafts they write (everything else
    // through the audited open_patient_chart / open_visit, RPC cases below); students their own signed visits; admins,
    // super admins and everyone else nothing. Writes: the visit's doctor, into their draft only.
    {
      table: 'public.visits',
      scopes: [...CLINICAL_SCOPES],
      target: (_a, s) => byId(ids.visit[s as ClinicalScope].visit),
      update: "plan = 'Probe plan'",
      insert: (_a, s) => ({
        sql: 'insert into public.visits (appointment_id) values ($1)',
        params: [ids.visit[s as ClinicalScope].appointment],
      }),
      allow: {
        select: { ...none([...CLINICAL_SCOPES]), draft_self: ['doctor'], signed_self: ['student'] },
        insert: none([...CLINICAL_SCOPES]),
        update: { ...none([...CLINICAL_SCOPES]), draft_self: ['doctor'] },
        delete: none([...CLINICAL_SCOPES]),
      },
      serverOwned: [
        'id',
        'appointment_id',
        'university_id',
        'student_id',
        'doctor_id',
        'status',
        'signed_at',
        'created_at',
        'updated_at',
      ],
    },
    ...(['vital_signs', 'diagnoses', 'prescriptions'] as const).map((child): TableSpec => ({
      table: `public.${child}`,
      scopes: [...CLINICAL_SCOPES],
      target: (_a, s) => byId(ids.visit[s as ClinicalScope][child]),
      update: {
        vital_signs: 'pulse_bpm = 64',
        diagnoses: "description = 'Probe diagnosis'",
        prescriptions: "instructions = 'Probe instructions'",
      }[child],
      insert: (_a, s) => ({
        sql: {
          vital_signs: 'insert into public.vital_signs (visit_id, pulse_bpm) values ($1, 70)',
          diagnoses: `insert into public.diagnoses (visit_id, description, icd10_code) values ($1, 'Probe', 'J00')`,
          prescriptions: `insert into public.prescriptions (visit_id, drug) values ($1, 'Zinc')`,
        }[child],
        params: [ids.visit[s as ClinicalScope].visit],
      }),
      allow: {
        select: { ...none([...CLINICAL_SCOPES]), draft_self: ['doctor'], signed_self: ['student'] },
        insert: { ...none([...CLINICAL_SCOPES]), draft_self: ['doctor'] },
        update: { ...none([...CLINICAL_SCOPES]), draft_self: ['doctor'] },
        delete: { ...none([...CLINICAL_SCOPES]), draft_self: ['doctor'] },
      },
      serverOwned: {
        vital_signs: ['id', 'university_id', 'student_id', 'recorded_at', 'bmi'],
        diagnoses: ['id', 'university_id', 'created_at'],
        prescriptions: ['id', 'university_id', 'student_id', 'created_at', 'updated_at'],
      }[child],
    })),
    {
      // Written by add_visit_addendum() only, never changed.
      table: 'public.visit_addenda',
      scopes: ['signed_self', 'signed_own', 'signed_other'],
      target: (_a, s) => byId(ids.visit[s as ClinicalScope].addendum),
      update: "text = 'Probe'",
      insert: (a, s) => ({
        sql: `insert into public.visit_addenda (visit_id, author_id, text) values ($1, $2, 'Probe addendum')`,
        params: [ids.visit[s as ClinicalScope].visit, CALLER[a]],
      }),
      allow: {
        select: { signed_self: ['student'], signed_own: [], signed_other: [] },
        insert: none(['signed_self', 'signed_own', 'signed_other']),
        update: none(['signed_self', 'signed_own', 'signed_other']),
        delete: none(['signed_self', 'signed_own', 'signed_other']),
      },
      serverOwned: ['id', 'university_id', 'student_id', 'author_id', 'created_at'],
    },
    {
      // Issued and revoked by their functions only; the student's (visit signed) and the issuer's to read.
      table: 'public.excuse_letters',
      scopes: ['self', 'own', 'other'],
      target: (_a, s) =>
        byId(
          ids.visit[
            ({ self: 'signed_self', own: 'signed_own', other: 'signed_other' } as const)[s as 'self' | 'own' | 'other']
          ].letter,
        ),
      update: "revoke_reason = 'Probe', revoked_at = now()",
      insert: (_a, s) => ({
        sql: `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code) values ($1, current_date, current_date, repeat('B', 24))`,
        params: [
          ids.visit[
            ({ self: 'signed_self', own: 'signed_own', other: 'signed_other' } as const)[s as 'self' | 'own' | 'other']
          ].visit,
        ],
      }),
      allow: {
        select: { self: ['student', 'doctor'], own: [], other: [] },
        insert: none(['self', 'own', 'other']),
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: [
        'id',
        'university_id',
        'student_id',
        'verification_code',
        'issued_by',
        'issued_at',
        'revoked_at',
        'revoked_by',
      ],
    },
    {
      table: 'public.icd10_codes',
      scopes: ['any'],
      target: () => ({ where: 'code = $1', params: ['J06.9'] }),
      update: "title = 'Probe'",
      insert: () => ({ sql: `insert into public.icd10_codes (code, title) values ('Z99.8', 'Probe')`, params: [] }),
      allow: { select: { any: ALL_SIGNED_IN }, insert: { any: [] }, update: { any: [] }, delete: { any: [] } },
    },
    {
      table: 'public.waitlist_entries',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(ownRow(ids.waitlist, a, s)),
      update: 'to_day = to_day + 1',
      insert: (a, s) => {
        const [university, student] =
          s === 'other' ? [SOUTHBANK_ID, sb('student03')] : [NORTHFIELD_ID, s === 'self' ? CALLER[a] : nf('student03')];
        return student
          ? {
              sql: `insert into public.waitlist_entries (university_id, student_id, from_day, to_day) values ($1, $2, current_date + 3, current_date + 10)`,
              params: [university, student],
            }
          : undefined;
      },
      // Written only by join_waitlist / leave_waitlist (RPC cases below).
      allow: {
        select: { self: ['student'], own: STAFF, other: [] },
        insert: none(['self', 'own', 'other']),
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: ['id', 'university_id', 'student_id', 'provider_id', 'from_day', 'to_day', 'ended_at', 'end_reason'],
    },
    {
      table: 'public.vaccines',
      scopes: ['any'],
      target: () => ({ where: 'cvx_code = $1', params: ['03'] }),
      update: "name = 'Probe'",
      insert: () => ({ sql: `insert into public.vaccines (cvx_code, name) values ('998', 'Probe')`, params: [] }),
      // Public reference data (CDC's CVX codes), with no member behind it; the request gate ends the sessions of the
      // deactivated and holds back those who must change their password before any read.
      allow: {
        select: { any: ACTORS.filter((actor) => actor !== 'anon') },
        insert: { any: [] },
        update: { any: [] },
        delete: { any: [] },
      },
    },
    {
      table: 'public.immunization_requirements',
      scopes: ['own', 'other'],
      target: (_a, s) => byId(s === 'own' ? MMR : ids.otherRequirement),
      update: "name = 'Probe requirement'",
      insert: (_a, s) =>
        s === 'own'
          ? {
              sql: `insert into public.immunization_requirements (name, cvx_codes, due_on) values ('Probe', '{37}', current_date + 30)`,
              params: [],
            }
          : {
              sql: `insert into public.immunization_requirements (university_id, name, cvx_codes, due_on) values ($1, 'Probe', '{37}', current_date + 30)`,
              params: [SOUTHBANK_ID],
            },
      allow: {
        select: { own: ALL_SIGNED_IN, other: [] },
        insert: { own: ['super'], other: [] },
        update: { own: ['super'], other: [] },
        delete: { own: ['super'], other: [] },
      },
      serverOwned: ['id', 'university_id', 'created_at', 'updated_at'],
    },
    {
      table: 'public.immunization_doses',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(ownRow(ids.dose, a, s)),
      update: "lot = 'PROBE'",
      insert: (a, s) => {
        const [university, student] =
          s === 'other' ? [SOUTHBANK_ID, sb('student01')] : [NORTHFIELD_ID, s === 'self' ? CALLER[a] : nf('student02')];
        return student
          ? {
              sql: `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on) values ($1, $2, '03', current_date - 1)`,
              params: [university, student],
            }
          : undefined;
      },
      // Written through record_immunization_dose, the reviews and record_clinic_dose (RPC cases below).
      allow: {
        select: { self: ['student'], own: [], other: [] },
        insert: none(['self', 'own', 'other']),
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: [
        'id',
        'university_id',
        'student_id',
        'cvx_code',
        'given_on',
        'source',
        'review_status',
        'reviewed_by',
        'reject_reason',
        'document_id',
        'visit_id',
      ],
    },
    {
      table: 'public.immunization_exemptions',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(ownRow(ids.exemption, a, s)),
      update: "reason = 'Probe'",
      insert: (a, s) => {
        const [university, student, requirement] =
          s === 'other'
            ? [SOUTHBANK_ID, sb('student01'), ids.otherRequirement]
            : [NORTHFIELD_ID, s === 'self' ? CALLER[a] : nf('student02'), MMR];
        return student
          ? {
              sql: `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason) values ($1, $2, $3, 'personal', 'Probe')`,
              params: [university, student, requirement],
            }
          : undefined;
      },
      allow: {
        select: { self: ['student'], own: [], other: [] },
        insert: none(['self', 'own', 'other']),
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: [
        'id',
        'university_id',
        'student_id',
        'requirement_id',
        'kind',
        'reason',
        'review_status',
        'reviewed_by',
        'reject_reason',
        'document_id',
      ],
    },
    {
      table: 'public.medical_documents',
      scopes: ['self', 'own', 'other'],
      target: (a, s) => byId(ownRow(ids.document, a, s)),
      update: "file_name = 'probe.pdf'",
      insert: (a, s) => {
        const [university, student] =
          s === 'other' ? [SOUTHBANK_ID, sb('student01')] : [NORTHFIELD_ID, s === 'self' ? CALLER[a] : nf('student02')];
        return student
          ? {
              sql: `insert into public.medical_documents (university_id, student_id, storage_object, content_type, size_bytes) values ($1, $2::uuid, $2::text || '/probe.pdf', 'application/pdf', 10)`,
              params: [university, student],
            }
          : undefined;
      },
      // Registered through add_medical_document; doctors read one through open_medical_document (RPC cases below).
      allow: {
        select: { self: ['student'], own: [], other: [] },
        insert: none(['self', 'own', 'other']),
        update: none(['self', 'own', 'other']),
        delete: none(['self', 'own', 'other']),
      },
      serverOwned: ['id', 'university_id', 'student_id', 'storage_object', 'file_name', 'content_type', 'size_bytes'],
    },
    {
      table: 'private.immunization_standings',
      scopes: ['own', 'other'],
      target: (_a, s) => ({
        where: 'requirement_id = $1 and student_id = $2',
        params: s === 'own' ? [MMR, nf('student02')] : [ids.otherRequirement, sb('student01')],
      }),
      update: "state = 'met'",
      insert: (_a, s) => ({
        setup: `delete from private.immunization_standings where student_id = '${s === 'own' ? nf('student02') : sb('student01')}'`,
        sql: `insert into private.immunization_standings (requirement_id, student_id, university_id, state, due_on, doses_counted) values ($1, $2, $3, 'met', current_date, 3)`,
        params:
          s === 'own' ? [MMR, nf('student02'), NORTHFIELD_ID] : [ids.otherRequirement, sb('student01'), SOUTHBANK_ID],
      }),
      allow: {
        select: none(['own', 'other']),
        insert: none(['own', 'other']),
        update: none(['own', 'other']),
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'private.immunization_tallies',
      scopes: ['own', 'other'],
      target: (_a, s) => ({
        where: `requirement_id = $1 and state = 'open' and students > 0`,
        params: [s === 'own' ? MMR : ids.otherRequirement],
      }),
      update: 'students = students + 1000',
      insert: (_a, s) => ({
        sql: `insert into private.immunization_tallies (requirement_id, state, due_on, students) values ($1, 'met', '2000-01-01', 1000)`,
        params: [s === 'own' ? MMR : ids.otherRequirement],
      }),
      allow: {
        select: none(['own', 'other']),
        insert: none(['own', 'other']),
        update: none(['own', 'other']),
        delete: none(['own', 'other']),
      },
    },
    {
      table: 'storage.objects',
      scopes: [
        'avatar_self',
        'avatar_own',
        'avatar_other',
        'logo_own',
        'logo_other',
        'medical_self',
        'medical_own',
        'medical_other',
      ],
      target: (a, s) => {
        const paths: Record<string, string | null> = {
          avatar_self: CALLER[a] && `${CALLER[a]}/avatar.png`,
          avatar_own: `${nf('student02')}/avatar.png`,
          avatar_other: `${sb('student01')}/avatar.png`,
          logo_own: `${NORTHFIELD_ID}/logo.png`,
          logo_other: `${SOUTHBANK_ID}/logo.png`,
          medical_self: CALLER[a] && `${CALLER[a]}/proof.pdf`,
          medical_own: `${nf('student02')}/vaccination-card.pdf`,
          medical_other: `${sb('student01')}/proof.pdf`,
        };
        const path = paths[s];
        if (!path) return undefined;
        return { where: 'bucket_id = $1 and name = $2', params: [BUCKET_OF_SCOPE(s), path] };
      },
      update: `metadata = '{"mimetype":"image/png","size":99}'::jsonb`,
      insert: (a, s) => {
        const folders: Record<string, string | null> = {
          avatar_self: CALLER[a],
          avatar_own: nf('student02'),
          avatar_other: sb('student01'),
          logo_own: NORTHFIELD_ID,
          logo_other: SOUTHBANK_ID,
          medical_self: CALLER[a],
          medical_own: nf('student02'),
          medical_other: sb('student01'),
        };
        const folder = folders[s];
        if (!folder) return undefined;
        return {
          sql: `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, '{"mimetype":"image/png","size":10}')`,
          params: [BUCKET_OF_SCOPE(s), `${folder}/new-upload.png`, CALLER[a]],
        };
      },
      allow: {
        // Immunization proof: the student's own folder only; a doctor reads a file after open_medical_document (RPC cases
        // below), and nobody replaces or removes one.
        select: {
          avatar_self: ALL_SIGNED_IN,
          avatar_own: ALL_SIGNED_IN,
          avatar_other: [],
          logo_own: EVERYONE,
          logo_other: EVERYONE,
          medical_self: ['student'],
          medical_own: [],
          medical_other: [],
        },
        insert: {
          avatar_self: ALL_SIGNED_IN,
          avatar_own: [],
          avatar_other: [],
          logo_own: ['admin', 'super'],
          logo_other: [],
          medical_self: ['student'],
          medical_own: [],
          medical_other: [],
        },
        update: {
          avatar_self: ALL_SIGNED_IN,
          avatar_own: [],
          avatar_other: [],
          logo_own: ['admin', 'super'],
          logo_other: [],
          ...none(['medical_self', 'medical_own', 'medical_other']),
        },
        delete: {
          avatar_self: ALL_SIGNED_IN,
          avatar_own: [],
          avatar_other: [],
          logo_own: ['admin', 'super'],
          logo_other: [],
          ...none(['medical_self', 'medical_own', 'medical_other']),
        },
      },
    },
  ];
}

interface ProbeResult {
  table: string;
  op: string;
  scope: string;
  actor: Actor;
  expected: boolean;
  actual: boolean;
  detail: string;
}

let db: TestDb;
let client: Client;
let ids: Ids;
/** The emailed token of the pending staff invitation. */
let invitationToken = '';
const results: ProbeResult[] = [];

beforeAll(async () => {
  db = await startTestDb();
  client = await db.connect();
  // Two staff invitations: one accepted through its emailed link (then flagged by an operator), one left pending.
  const tokens: string[] = [];
  for (const email of ['flagged.doctor@northfield.edu', 'pending.doctor@northfield.edu']) {
    await runAs(client, CALLER.super, 'select public.invite_staff($1)', [email]);
    const mail = await client.query<{ body: string }>('select body from public.email_outbox where to_email = $1', [
      email,
    ]);
    tokens.push(/\/register\?invitation=(\S+)/.exec(mail.rows[0].body)?.[1] ?? '');
  }
  invitationToken = tokens[1];
  const accepted = await client.query(
    `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), 'flagged.doctor@northfield.edu', $1) returning id`,
    [{ kind: 'staff', invitation: tokens[0], first_name: 'Flo', last_name: 'Grant' }],
  );
  CALLER.must_change_doctor = String(accepted.rows[0].id);
  await client.query('update public.members set must_change_password = true where id = $1', [
    CALLER.must_change_doctor,
  ]);
  await client.query(`insert into auth.users (id, email, raw_user_meta_data) values ($1, 'office@harbour.test', $2)`, [
    CALLER.unconfirmed_university,
    { kind: 'university', university_name: 'Harbour Institute' },
  ]);
  // The deactivated doctor's booked visit, found before deactivation unassigns it: they are refused it all the same.
  const deactivatedDoctorAppt = String(
    (
      await client.query(
        `select id from public.appointments where provider_id = $1 and status = 'scheduled' and date > now() order by date limit 1`,
        [CALLER.deactivated_doctor],
      )
    ).rows[0]?.id,
  );
  // Deactivate one doctor and one student the way a super admin does.
  await runAs(client, CALLER.super, `select public.set_member_status($1, 'deactivated')`, [CALLER.deactivated_doctor]);
  await runAs(client, CALLER.super, `select public.set_member_status($1, 'deactivated')`, [CALLER.deactivated_student]);
  // Reads of student01's and student20's health records, for the audit "self" probes.
  await runAs(client, nf('dr.bello'), 'select * from public.get_health_profile($1)', [CALLER.student]);
  await client.query(
    `insert into public.audit_log (actor_id, university_id, action, table_name, record_id)
                      values ($1, $2, 'read', 'health_profiles', $3)`,
    [nf('dr.bello'), NORTHFIELD_ID, CALLER.deactivated_student],
  );
  // Avatars and logos to probe.
  const objects: [string, string][] = [
    ...Object.values(CALLER)
      .filter((c): c is string => c !== null)
      .map((c): [string, string] => ['avatars', `${c}/avatar.png`]),
    ['avatars', `${nf('student02')}/avatar.png`],
    ['avatars', `${sb('student01')}/avatar.png`],
    ['university-logos', `${NORTHFIELD_ID}/logo.png`],
    ['university-logos', `${SOUTHBANK_ID}/logo.png`],
  ];
  // Immunization proof in every actor's folder (only students' are theirs to keep), and the other university's.
  objects.push(
    ...Object.values(CALLER)
      .filter((c): c is string => c !== null)
      .map((c): [string, string] => ['medical-documents', `${c}/proof.pdf`]),
    ['medical-documents', `${sb('student01')}/proof.pdf`],
    ['medical-documents', `${CALLER.student}/new-proof.pdf`],
  );
  for (const [bucket, name] of objects) {
    await client.query(
      `insert into storage.objects (bucket_id, name, metadata) values ($1, $2, '{"mimetype":"image/png","size":10}')`,
      [bucket, name],
    );
  }
  await client.query(
    `insert into public.invitations (university_id, email, role) values ($1, 'pending@southbank.edu', 'doctor')`,
    [SOUTHBANK_ID],
  );
  // A session of each university's dr.bello, its id the user's, with activity reported.
  for (const user of [nf('dr.bello'), sb('dr.bello')]) {
    await client.query('insert into auth.sessions (id, user_id) values ($1, $1)', [user]);
    await client.query('insert into private.session_activity (session_id, last_active_at) values ($1, now())', [user]);
  }
  const outbox = await client.query(
    `insert into public.email_outbox (to_email, subject, body) values ('x@y.edu', 's', 'b') returning id`,
  );

  const one = async (sql: string, params: unknown[]) => {
    const r = await client.query(sql, params);
    if (!r.rows[0]) throw new Error(`no fixture for ${sql} ${JSON.stringify(params)}`);
    return String(r.rows[0].id);
  };
  const futureAppt = (col: string, who: string) =>
    one(
      `select id from public.appointments where ${col} = $1 and status = 'scheduled' and date > now() order by date limit 1`,
      [who],
    );
  const program = (who: string) => one('select id from public.programs where created_by = $1 limit 1', [who]);
  ids = {
    appt: {
      student: await futureAppt('student_id', CALLER.student!),
      doctor: await futureAppt('provider_id', CALLER.doctor!),
      deactivated_doctor: deactivatedDoctorAppt,
      deactivated_student: await futureAppt('student_id', CALLER.deactivated_student!),
      own: await futureAppt('student_id', nf('student02')),
      other: await futureAppt('student_id', sb('student01')),
    },
    program: {
      doctor: await program(CALLER.doctor!),
      admin: await program(CALLER.admin!),
      super: await program(CALLER.super!),
      deactivated_doctor: await program(CALLER.deactivated_doctor!),
      own: await program(nf('dr.bello')),
      other: await program(sb('dr.adams')),
    },
    invitation: {
      own: await one('select id from public.invitations where university_id = $1 limit 1', [NORTHFIELD_ID]),
      other: await one('select id from public.invitations where university_id = $1 limit 1', [SOUTHBANK_ID]),
    },
    audit: {
      student: await one(`select id from public.audit_log where action = 'read' and record_id = $1`, [CALLER.student]),
      deactivated_student: await one(`select id from public.audit_log where action = 'read' and record_id = $1`, [
        CALLER.deactivated_student,
      ]),
      own: await one(`select id from public.audit_log where university_id = $1 and table_name = 'programs' limit 1`, [
        NORTHFIELD_ID,
      ]),
      other: await one(`select id from public.audit_log where university_id = $1 and table_name = 'programs' limit 1`, [
        SOUTHBANK_ID,
      ]),
    },
    outbox: String(outbox.rows[0].id),
    freeSlot150: await clinicSlot(client, 150),
    freeSlot200: await clinicSlot(client, 200),
    todayAt: await laterOrEarlierToday(client),
    closure: {
      own: await one('select id from public.clinic_closures where university_id = $1', [NORTHFIELD_ID]),
      other: await one('select id from public.clinic_closures where university_id = $1', [SOUTHBANK_ID]),
    },
    timeOff: {
      self: await one(
        `insert into public.doctor_time_off (doctor_id, university_id, starts_at, ends_at)
                       values ($1, $2, now() + interval '90 days', now() + interval '91 days') returning id`,
        [CALLER.doctor, NORTHFIELD_ID],
      ),
      own: await one('select id from public.doctor_time_off where doctor_id = $1', [nf('dr.bello')]),
      other: await one('select id from public.doctor_time_off where doctor_id = $1', [sb('dr.bello')]),
    },
    // Filled in below.
    visit: {} as Ids['visit'],
    draftSelfDay: '',
    letterCode: '',
    ownLetterCode: '',
    // Filled in below.
    waitlist: {},
    dose: {},
    exemption: {},
    document: {},
    otherRequirement: '',
  };
  // The clinical record's fixtures, each visit on a day of its own (visits of one doctor or student may not overlap).
  const clinical = async (student: string, doctor: string, daysAgo: number, signed: boolean): Promise<ClinicalRows> => {
    const made = await serverVisit(client, { student, doctor, daysAgo, signed });
    const child = async (table: string) => one(`select id from public.${table} where visit_id = $1`, [made.visit]);
    return {
      ...made,
      vital_signs: await child('vital_signs'),
      diagnoses: await child('diagnoses'),
      prescriptions: await child('prescriptions'),
    };
  };
  const withLetterAndAddendum = async (
    rows: ClinicalRows,
    issuer: string,
    author: string,
    code: string,
  ): Promise<ClinicalRows> => ({
    ...rows,
    letter: await one(
      `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code, issued_by)
       values ($1, current_date - 30, current_date - 28, replace($2, '-', ''), $3) returning id`,
      [rows.visit, code, issuer],
    ),
    addendum: await one(
      `insert into public.visit_addenda (visit_id, author_id, text) values ($1, $2, 'Lab result: normal.') returning id`,
      [rows.visit, author],
    ),
  });
  const letterCode = 'MATR-XPRB-ECDE-FGHJ-KMNP-QR23';
  const ownLetterCode = 'MATR-XPRB-ECDE-FGHJ-KMNP-QR24';
  ids.visit = {
    draft_self: await clinical(CALLER.student!, CALLER.doctor!, 30, false),
    signed_self: await withLetterAndAddendum(
      await clinical(CALLER.student!, CALLER.doctor!, 31, true),
      CALLER.doctor!,
      nf('dr.bello'),
      letterCode,
    ),
    draft_own: await clinical(CALLER.student!, nf('dr.bello'), 32, false),
    signed_own: await withLetterAndAddendum(
      await clinical(nf('student02'), nf('dr.bello'), 33, true),
      nf('dr.bello'),
      CALLER.doctor!,
      ownLetterCode,
    ),
    signed_other: await withLetterAndAddendum(
      await clinical(sb('student01'), sb('dr.bello'), 34, true),
      sb('dr.bello'),
      sb('dr.adams'),
      'MATR-XPRB-ECDE-FGHJ-KMNP-QR25',
    ),
  };
  ids.letterCode = letterCode;
  ids.ownLetterCode = ownLetterCode;
  ids.draftSelfDay = (
    await client.query<{ day: string }>(
      `select to_char((a.date at time zone s.timezone)::date, 'YYYY-MM-DD') as day
       from public.appointments a join public.clinic_settings s on s.university_id = a.university_id where a.id = $1`,
      [ids.visit.draft_self.appointment],
    )
  ).rows[0].day;

  // The waitlist and immunization fixtures: the two students' own rows, student02's (own) and the other university's
  // student01's (other). Northfield's requirements, student02's pending doses and card are the seed's.
  const students: [string, string, string][] = [
    ['student', CALLER.student!, NORTHFIELD_ID],
    ['deactivated_student', CALLER.deactivated_student!, NORTHFIELD_ID],
    ['own', nf('student02'), NORTHFIELD_ID],
    ['other', sb('student01'), SOUTHBANK_ID],
  ];
  ids.otherRequirement = await one(
    `insert into public.immunization_requirements (university_id, name, cvx_codes, due_on) values ($1, 'Typhoid', '{101}', current_date + 30) returning id`,
    [SOUTHBANK_ID],
  );
  for (const [key, student, university] of students) {
    ids.waitlist[key] = await one(
      `insert into public.waitlist_entries (university_id, student_id, from_day, to_day) values ($1, $2, current_date + 3, current_date + 10) returning id`,
      [university, student],
    );
    ids.document[key] =
      key === 'own'
        ? CARD
        : await one(
            `insert into public.medical_documents (university_id, student_id, storage_object, content_type, size_bytes)
             values ($1, $2::uuid, $2::text || '/proof.pdf', 'application/pdf', 10) returning id`,
            [university, student],
          );
    ids.dose[key] = await one(
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, document_id) values ($1, $2, '03', current_date - 400, $3) returning id`,
      [university, student, ids.document[key]],
    );
    ids.exemption[key] = await one(
      `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, document_id)
       values ($1, $2, $3, 'medical', 'Probe reason', $4) returning id`,
      [university, student, key === 'other' ? ids.otherRequirement : MMR, ids.document[key]],
    );
  }

  // Hours for the probing doctor and Dr Bello (Southbank's Dr Chen has seed hours), for the doctor_hours probes: the
  // clinic's own, so the free slots the booking probes use stay free.
  await client.query(
    `insert into public.doctor_hours (doctor_id, university_id, weekday, opens_at, closes_at)
                      select d, $3, w, '08:00', '17:00' from unnest(array[$1, $2]::uuid[]) d, generate_series(1, 5) w`,
    [CALLER.doctor, nf('dr.bello'), NORTHFIELD_ID],
  );
});

afterAll(async () => {
  await client?.end().catch(() => undefined);
  await db?.stop();
  // RLS_MATRIX_REPORT=<file> writes every probe with its outcome (for review).
  if (process.env.RLS_MATRIX_REPORT) {
    const lines = results.map((r) =>
      [
        r.table,
        r.op,
        r.scope,
        r.actor,
        r.expected ? 'allow' : 'refuse',
        r.actual ? 'allowed' : 'refused',
        r.detail,
      ].join('\t'),
    );
    writeFileSync(process.env.RLS_MATRIX_REPORT, `${lines.join('\n')}\n`);
  }
  const allowed = results.filter((r) => r.actual).length;
  const mismatches = results.filter((r) => r.actual !== r.expected).length;
  console.log(
    `RLS matrix: ${results.length} probes run — ${allowed} allowed, ${results.length - allowed} refused, ` +
      `${mismatches} different from the expectation.`,
  );
});

async function runTableProbes(spec: TableSpec): Promise<ProbeResult[]> {
  const out: ProbeResult[] = [];
  for (const op of OPS) {
    for (const scope of spec.scopes) {
      for (const actor of ACTORS) {
        let sql: string;
        let params: unknown[];
        let setup: string | undefined;
        if (op === 'insert') {
          const ins = spec.insert(actor, scope);
          if (!ins) continue;
          ({ sql, params, setup } = ins);
          sql += ' returning 1 as hit';
        } else {
          const target = spec.target(actor, scope);
          if (!target) continue;
          params = target.params;
          sql =
            op === 'select'
              ? `select 1 as hit from ${spec.table} where ${target.where}`
              : op === 'update'
                ? `update ${spec.table} set ${spec.update} where ${target.where} returning 1 as hit`
                : `delete from ${spec.table} where ${target.where} returning 1 as hit`;
          // Make sure the target really exists, so "no rows" can only mean "refused".
          const exists = await client.query(
            `select count(*)::int as n from ${spec.base ?? spec.table} where ${target.where}`,
            params,
          );
          if (exists.rows[0].n !== 1) throw new Error(`fixture missing: ${spec.table} ${scope} for ${actor}`);
        }
        const result = await probe(client, CALLER[actor], sql, params, setup);
        const actual = result.ok && result.rows.length > 0;
        const expected = (spec.allow[op][scope] ?? []).includes(actor);
        out.push({
          table: spec.table,
          op,
          scope,
          actor,
          expected,
          actual,
          detail: result.error ? `${result.error.code}: ${result.error.message}` : `${result.rows.length} row(s)`,
        });
      }
    }
  }
  // A write naming a server-owned column is refused outright (no column grant), to every actor, in every scope; a
  // probe without an error counts as allowed, since a permitted write may touch no row. Inserts select no row.
  for (const column of spec.serverOwned ?? []) {
    for (const actor of ACTORS) {
      const writes = [
        {
          op: 'insert',
          scope: column,
          sql: `insert into ${spec.table} (${column}) select ${column} from ${spec.table} where false`,
          params: [] as unknown[],
        },
        ...spec.scopes.flatMap((scope) => {
          const target = spec.target(actor, scope);
          return target
            ? [
                {
                  op: 'update',
                  scope: `${scope} ${column}`,
                  sql: `update ${spec.table} set ${column} = ${column} where ${target.where}`,
                  params: target.params,
                },
              ]
            : [];
        }),
      ];
      for (const write of writes) {
        const result = await probe(client, CALLER[actor], write.sql, write.params);
        out.push({
          table: spec.table,
          op: write.op,
          scope: write.scope,
          actor,
          expected: false,
          actual: result.ok,
          detail: result.error ? `${result.error.code}: ${result.error.message}` : 'no error',
        });
      }
    }
  }
  return out;
}

describe('table matrix', () => {
  const tables = [
    'public.universities',
    'public.members',
    'public.health_profiles',
    'public.appointments',
    'public.programs',
    'public.invitations',
    'public.audit_log',
    'public.email_outbox',
    'private.dashboard_tallies',
    'public.staff_directory',
    'private.session_activity',
    'public.clinic_settings',
    'public.clinic_hours',
    'public.clinic_closures',
    'public.doctor_hours',
    'public.doctor_time_off',
    'public.visits',
    'public.vital_signs',
    'public.diagnoses',
    'public.prescriptions',
    'public.visit_addenda',
    'public.excuse_letters',
    'public.icd10_codes',
    'public.waitlist_entries',
    'public.vaccines',
    'public.immunization_requirements',
    'public.immunization_doses',
    'public.immunization_exemptions',
    'public.medical_documents',
    'private.immunization_standings',
    'private.immunization_tallies',
    'storage.objects',
  ];
  it.each(tables)('%s: every role × op × scope as designed', async (table) => {
    const spec = specs(ids).find((s) => s.table === table)!;
    const out = await runTableProbes(spec);
    results.push(...out);
    const wrong = out
      .filter((r) => r.actual !== r.expected)
      .map((r) => `${r.actor} ${r.op} ${r.scope}: expected ${r.expected ? 'allowed' : 'refused'}, got ${r.detail}`);
    expect(wrong).toEqual([]);
  });

  it('no cross-university read anywhere (except the public logo bucket)', () => {
    const leaks = results.filter(
      (r) => r.op === 'select' && r.scope.endsWith('other') && r.scope !== 'logo_other' && r.actual,
    );
    expect(results.length).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });
});

// --- RPCs -----------------------------------------------------------------------------------------------------------
interface RpcCase {
  name: string;
  sql: string;
  params: () => unknown[];
  allowed: Actor[];
  /** Superuser fixtures for this case only, built when it runs (after beforeAll). */
  setup?: () => string;
  /** For functions that "refuse" by returning nothing rather than raising. */
  needsRow?: boolean;
}

const rpcCases = (): RpcCase[] => [
  {
    name: 'book_appointment',
    sql: `select * from public.book_appointment($2::timestamptz, 'Check-up', $1)`,
    params: () => [nf('dr.bello'), ids.freeSlot150],
    allowed: ['student'],
  },
  {
    name: 'book_appointment with a doctor of another university',
    sql: `select * from public.book_appointment($2::timestamptz, 'Check-up', $1)`,
    params: () => [sb('dr.bello'), ids.freeSlot150],
    allowed: [],
  },
  {
    name: 'update_appointment (cancel, own university)',
    sql: `select * from public.update_appointment($1, status => 'cancelled', cancel_reason => 'Feeling better')`,
    params: () => [ids.appt.student],
    allowed: ['student', 'doctor', 'admin', 'super'],
  },
  {
    name: "update_appointment (another student's appointment)",
    sql: `select * from public.update_appointment($1, status => 'cancelled', cancel_reason => 'Not mine')`,
    params: () => [ids.appt.own],
    allowed: STAFF,
  },
  {
    name: 'update_appointment (other university)',
    sql: `select * from public.update_appointment($1, status => 'cancelled', cancel_reason => 'Probe')`,
    params: () => [ids.appt.other],
    allowed: [],
  },
  {
    name: 'update_appointment (start: scheduled → ongoing, on the day)',
    sql: `select * from public.update_appointment($1, status => 'ongoing')`,
    params: () => [ids.appt.own],
    setup: () => `update public.appointments set date = '${ids.todayAt}' where id = '${ids.appt.own}'`,
    allowed: ['doctor'],
  },
  {
    name: 'update_appointment (start a visit days ahead)',
    sql: `select * from public.update_appointment($1, status => 'ongoing')`,
    params: () => [ids.appt.own],
    allowed: [],
  },
  {
    name: 'available_slots (own university)',
    sql: 'select * from public.available_slots(current_date + 40, current_date + 46)',
    params: () => [],
    allowed: ALL_SIGNED_IN,
    needsRow: true,
  },
  {
    name: 'available_slots (a doctor of the other university)',
    sql: 'select * from public.available_slots(current_date + 40, current_date + 46, $1)',
    params: () => [sb('dr.bello')],
    allowed: [],
  },
  {
    name: 'private.free_slots (the unchecked computation)',
    sql: `select * from private.free_slots($1, current_date + 40, current_date + 46, null, null, null)`,
    params: () => [SOUTHBANK_ID],
    allowed: [],
  },
  {
    name: 'update_appointment (assign a doctor)',
    sql: `select * from public.update_appointment($1, provider_id => $2)`,
    params: () => [ids.appt.own, nf('dr.adams')],
    setup: () => `update public.appointments set provider_id = null where id = '${ids.appt.own}'`,
    allowed: STAFF,
  },
  {
    name: 'invite_staff',
    sql: `select public.invite_staff('new.doctor@northfield.edu')`,
    params: () => [],
    allowed: ['super'],
  },
  {
    name: 'invite_student',
    sql: `select public.invite_student('new.student@northfield.edu')`,
    params: () => [],
    allowed: ['admin', 'super'],
  },
  {
    name: 'staff_invitation (a working link)',
    sql: 'select * from public.staff_invitation($1)',
    params: () => [invitationToken],
    allowed: EVERYONE,
    needsRow: true,
  },
  {
    name: 'staff_invitation (a guessed token)',
    sql: `select * from public.staff_invitation('guess')`,
    params: () => [],
    allowed: [],
    needsRow: true,
  },
  {
    name: "reading invitations' link hashes",
    sql: 'select token_hash from public.invitations',
    params: () => [],
    allowed: [],
  },
  {
    name: 'set_member_status (own university)',
    sql: `select public.set_member_status($1, 'deactivated')`,
    params: () => [nf('student02')],
    allowed: ['super'],
  },
  {
    name: 'set_member_status (other university)',
    sql: `select public.set_member_status($1, 'deactivated')`,
    params: () => [sb('student02')],
    allowed: [],
  },
  {
    name: 'make_super_admin (own university)',
    sql: 'select public.make_super_admin($1)',
    params: () => [nf('dr.bello')],
    allowed: ['super'],
  },
  {
    name: 'make_super_admin (other university)',
    sql: 'select public.make_super_admin($1)',
    params: () => [sb('dr.bello')],
    allowed: [],
  },
  {
    name: 'remove_member (own university)',
    sql: 'select public.remove_member($1)',
    params: () => [nf('student02')],
    allowed: ['super'],
  },
  {
    name: 'remove_member (other university)',
    sql: 'select public.remove_member($1)',
    params: () => [sb('student02')],
    allowed: [],
  },
  { name: 'dashboard_counts', sql: 'select public.dashboard_counts()', params: () => [], allowed: ALL_SIGNED_IN },
  {
    name: 'appointments_per_day (admins of the university)',
    sql: 'select * from public.appointments_per_day(14)',
    params: () => [],
    allowed: ['admin', 'super'],
    needsRow: true,
  },
  {
    name: 'private.add_to_dashboard_tallies (inflating a counter)',
    sql: `select private.add_to_dashboard_tallies(array[$1::uuid], array['students'], array[1000::bigint])`,
    params: () => [NORTHFIELD_ID],
    allowed: [],
  },
  {
    name: 'search_appointments (own university)',
    sql: `select id from public.search_appointments('nfu/')`,
    params: () => [],
    allowed: STAFF,
    needsRow: true,
  },
  {
    name: 'search_appointments (a term only the other university has)',
    sql: `select id from public.search_appointments('SBU/')`,
    params: () => [],
    allowed: [],
    needsRow: true,
  },
  { name: 'appointments_total', sql: 'select public.appointments_total()', params: () => [], allowed: STAFF },
  {
    name: 'private.recount_dashboard_tallies',
    sql: 'select private.recount_dashboard_tallies()',
    params: () => [],
    allowed: [],
  },
  {
    name: 'private.session_limits (the unchecked computation)',
    sql: 'select * from private.session_limits($1)',
    params: () => [nf('dr.bello')],
    allowed: [],
  },
  {
    name: 'private.session_expiry (the unchecked computation)',
    sql: 'select * from private.session_expiry($1)',
    params: () => [nf('dr.bello')],
    allowed: [],
  },
  {
    name: 'audit_entries (super admins of the university)',
    sql: 'select * from public.audit_entries()',
    params: () => [],
    allowed: ['super'],
  },
  {
    name: 'private.audit_sign_in (forging a sign-in)',
    sql: `select private.audit_sign_in($1, true, null, '192.0.2.1')`,
    params: () => [nf('student02')],
    allowed: [],
  },
  {
    name: 'get_health_profile (a student of my university)',
    sql: 'select * from public.get_health_profile($1)',
    params: () => [nf('student02')],
    allowed: ['doctor'],
    needsRow: true,
  },
  {
    name: 'get_health_profile (own record)',
    sql: 'select * from public.get_health_profile($1)',
    params: () => [nf('student01')],
    allowed: ['student', 'doctor'],
    needsRow: true,
  },
  {
    name: 'get_health_profile (other university)',
    sql: 'select * from public.get_health_profile($1)',
    params: () => [sb('student02')],
    allowed: [],
    needsRow: true,
  },
  {
    name: 'my_health_record_views (own record only)',
    sql: 'select * from public.my_health_record_views()',
    params: () => [],
    allowed: ['student'],
    needsRow: true,
  },
  { name: 'my_data (own data only)', sql: 'select public.my_data()', params: () => [], allowed: ['student'] },
  {
    name: 'my_fhir_bundle (own record only)',
    sql: 'select public.my_fhir_bundle()',
    params: () => [],
    allowed: ['student'],
  },
  // The clinical record.
  {
    name: 'start_walk_in_visit (a student of my university)',
    sql: `select id from public.start_walk_in_visit($1, 'Headache')`,
    params: () => [nf('student05')],
    allowed: ['doctor'],
  },
  {
    name: 'start_walk_in_visit (a student of the other university)',
    sql: `select id from public.start_walk_in_visit($1, 'Headache')`,
    params: () => [sb('student05')],
    allowed: [],
  },
  {
    name: 'sign_visit (my own draft)',
    sql: 'select id from public.sign_visit($1)',
    params: () => [ids.visit.draft_self.visit],
    allowed: ['doctor'],
  },
  {
    name: "sign_visit (another doctor's draft)",
    sql: 'select id from public.sign_visit($1)',
    params: () => [ids.visit.draft_own.visit],
    allowed: [],
  },
  {
    name: 'sign_visit (the other university)',
    sql: 'select id from public.sign_visit($1)',
    params: () => [ids.visit.signed_other.visit],
    allowed: [],
  },
  {
    name: 'add_visit_addendum (a signed visit of my university)',
    sql: `select id from public.add_visit_addendum($1, 'Probe')`,
    params: () => [ids.visit.signed_own.visit],
    allowed: ['doctor'],
  },
  {
    name: "add_visit_addendum (another doctor's draft)",
    sql: `select id from public.add_visit_addendum($1, 'Probe')`,
    params: () => [ids.visit.draft_own.visit],
    allowed: [],
  },
  {
    name: 'add_visit_addendum (the other university)',
    sql: `select id from public.add_visit_addendum($1, 'Probe')`,
    params: () => [ids.visit.signed_other.visit],
    allowed: [],
  },
  {
    name: 'issue_excuse_letter (my own draft)',
    sql: 'select public.issue_excuse_letter($1, $2::date, $2::date + 1)',
    params: () => [ids.visit.draft_self.visit, ids.draftSelfDay],
    allowed: ['doctor'],
  },
  {
    name: "issue_excuse_letter (another doctor's visit)",
    sql: 'select public.issue_excuse_letter($1, $2::date, $2::date + 1)',
    params: () => [ids.visit.signed_own.visit, ids.draftSelfDay],
    allowed: [],
  },
  {
    name: 'revoke_excuse_letter (a letter of my university)',
    sql: `select public.revoke_excuse_letter($1, 'Issued in error')`,
    params: () => [ids.visit.signed_own.letter],
    allowed: ['doctor'],
  },
  {
    name: 'revoke_excuse_letter (the other university)',
    sql: `select public.revoke_excuse_letter($1, 'Issued in error')`,
    params: () => [ids.visit.signed_other.letter],
    allowed: [],
  },
  {
    name: 'verify_excuse_letter (a real code: anyone, signed in or not)',
    sql: `select 1 where (public.verify_excuse_letter($1) ->> 'found')::boolean`,
    params: () => [ids.letterCode],
    allowed: EVERYONE,
    needsRow: true,
  },
  {
    name: 'verify_excuse_letter (a guessed code)',
    sql: `select 1 where (public.verify_excuse_letter('ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2') ->> 'found')::boolean`,
    params: () => [],
    allowed: [],
    needsRow: true,
  },
  {
    name: "reading letters' verification codes",
    sql: 'select verification_code from public.excuse_letters',
    params: () => [],
    allowed: [],
  },
  // A letter's code, shown again for printing: to the student whose letter it is and to doctors of the university only.
  {
    name: "my_visits (my letter's verification code)",
    sql: `select 1 where public.my_visits()::text like '%' || $1 || '%'`,
    params: () => [ids.letterCode],
    allowed: ['student'],
    needsRow: true,
  },
  {
    name: "my_data (my letter's verification code)",
    sql: `select 1 where public.my_data()::text like '%' || $1 || '%'`,
    params: () => [ids.letterCode],
    allowed: ['student'],
    needsRow: true,
  },
  {
    name: "open_patient_chart (a letter's verification code, a student of my university)",
    sql: `select 1 where public.open_patient_chart($1)::text like '%' || $2 || '%'`,
    params: () => [nf('student02'), ids.ownLetterCode],
    allowed: ['doctor'],
    needsRow: true,
  },
  {
    name: "open_visit (a letter's verification code, a signed visit of my university)",
    sql: `select 1 where public.open_visit($1)::text like '%' || $2 || '%'`,
    params: () => [ids.visit.signed_own.visit, ids.ownLetterCode],
    allowed: ['doctor'],
    needsRow: true,
  },
  {
    name: 'verify_excuse_letter (never the code it was given back)',
    sql: `select 1 where public.verify_excuse_letter($1)::text like '%' || replace($1, '-', '') || '%'`,
    params: () => [ids.letterCode],
    allowed: [],
    needsRow: true,
  },
  // A follow-up from the note: the visit's doctor only, at a free time only (freeSlot150 is 09:00 in the clinic's zone).
  {
    name: 'book_follow_up (my own signed visit)',
    sql: 'select id from public.book_follow_up($1, $2::timestamptz)',
    params: () => [ids.visit.signed_self.visit, ids.freeSlot150],
    allowed: ['doctor'],
  },
  {
    name: 'book_follow_up (my own draft)',
    sql: 'select id from public.book_follow_up($1, $2::timestamptz)',
    params: () => [ids.visit.draft_self.visit, ids.freeSlot150],
    allowed: ['doctor'],
  },
  {
    name: "book_follow_up (another doctor's draft)",
    sql: 'select id from public.book_follow_up($1, $2::timestamptz)',
    params: () => [ids.visit.draft_own.visit, ids.freeSlot150],
    allowed: [],
  },
  {
    name: "book_follow_up (another doctor's signed visit)",
    sql: 'select id from public.book_follow_up($1, $2::timestamptz)',
    params: () => [ids.visit.signed_own.visit, ids.freeSlot150],
    allowed: [],
  },
  {
    name: 'book_follow_up (the other university)',
    sql: 'select id from public.book_follow_up($1, $2::timestamptz)',
    params: () => [ids.visit.signed_other.visit, ids.freeSlot150],
    allowed: [],
  },
  {
    name: 'book_follow_up (my own visit, after the clinic closes)',
    sql: `select id from public.book_follow_up($1, $2::timestamptz + interval '10 hours')`,
    params: () => [ids.visit.signed_self.visit, ids.freeSlot150],
    allowed: [],
  },
  {
    name: 'private.staff_bookings (who booked)',
    sql: 'select * from private.staff_bookings',
    params: () => [],
    allowed: [],
  },
  {
    name: 'open_patient_chart (a student of my university)',
    sql: 'select public.open_patient_chart($1)',
    params: () => [nf('student02')],
    allowed: ['doctor'],
  },
  {
    name: 'open_patient_chart (own record)',
    sql: 'select public.open_patient_chart($1)',
    params: () => [nf('student01')],
    allowed: ['doctor'],
  },
  {
    name: 'open_patient_chart (the other university)',
    sql: 'select public.open_patient_chart($1)',
    params: () => [sb('student02')],
    allowed: [],
  },
  {
    name: 'patient_chart_visits (after a signed visit, a student of my university)',
    sql: 'select public.patient_chart_visits($1, $2)',
    params: () => [nf('student02'), ids.visit.signed_own.visit],
    allowed: ['doctor'],
  },
  {
    name: "patient_chart_visits (after another doctor's draft)",
    sql: 'select public.patient_chart_visits($1, $2)',
    params: () => [nf('student01'), ids.visit.draft_own.visit],
    allowed: [],
  },
  {
    name: 'patient_chart_visits (after a visit of another student)',
    sql: 'select public.patient_chart_visits($1, $2)',
    params: () => [nf('student02'), ids.visit.signed_self.visit],
    allowed: [],
  },
  {
    name: 'patient_chart_visits (the other university)',
    sql: 'select public.patient_chart_visits($1, $2)',
    params: () => [sb('student01'), ids.visit.signed_other.visit],
    allowed: [],
  },
  {
    name: 'open_visit (a signed visit of my university)',
    sql: 'select public.open_visit($1)',
    params: () => [ids.visit.signed_own.visit],
    allowed: ['doctor'],
  },
  {
    name: "open_visit (another doctor's draft)",
    sql: 'select public.open_visit($1)',
    params: () => [ids.visit.draft_own.visit],
    allowed: [],
  },
  {
    name: 'open_visit (the other university)',
    sql: 'select public.open_visit($1)',
    params: () => [ids.visit.signed_other.visit],
    allowed: [],
  },
  { name: 'my_visits (own signed visits)', sql: 'select public.my_visits()', params: () => [], allowed: ['student'] },
  {
    name: 'clinical_counts (counts only, admins)',
    sql: 'select public.clinical_counts()',
    params: () => [],
    allowed: ['admin', 'super'],
  },
  {
    name: 'search_icd10_codes',
    sql: `select code from public.search_icd10_codes('malaria')`,
    params: () => [],
    allowed: ALL_SIGNED_IN,
    needsRow: true,
  },
  {
    name: 'private.visits_json (the unchecked document)',
    sql: 'select private.visits_json($1::uuid[])',
    params: () => [[ids.visit.signed_own.visit]],
    allowed: [],
  },
  {
    name: 'private.chart_timeline (the unchecked timeline)',
    sql: 'select private.chart_timeline($1, $2, null, null)',
    params: () => [nf('dr.bello'), nf('student02')],
    allowed: [],
  },
  {
    name: 'private.letter_json (the letter with its code)',
    sql: 'select private.letter_json(l) from public.excuse_letters l where false',
    params: () => [],
    allowed: [],
  },
  { name: 'private.new_letter_code', sql: 'select private.new_letter_code()', params: () => [], allowed: [] },
  // The waitlist and immunization compliance.
  {
    name: 'join_waitlist',
    sql: 'select id from public.join_waitlist(current_date + 3, current_date + 12)',
    params: () => [],
    allowed: ['student'],
  },
  { name: 'leave_waitlist', sql: 'select public.leave_waitlist()', params: () => [], allowed: ['student'] },
  {
    name: 'my_immunizations (own standing)',
    sql: 'select * from public.my_immunizations()',
    params: () => [],
    allowed: ['student'],
    needsRow: true,
  },
  {
    name: 'record_immunization_dose (with my own document)',
    sql: `select id from public.record_immunization_dose('03', current_date - 30, document_id => $1)`,
    params: () => [ids.document.student],
    allowed: ['student'],
  },
  {
    name: "record_immunization_dose (with another student's document)",
    sql: `select id from public.record_immunization_dose('03', current_date - 30, document_id => $1)`,
    params: () => [CARD],
    allowed: [],
  },
  {
    name: 'request_immunization_exemption',
    sql: `select id from public.request_immunization_exemption($1, 'personal', 'Conscientious objection')`,
    params: () => [MMR],
    // The probing student's own fixture request on MMR is decided first: one request waits for the clinic at a time.
    setup: () =>
      `update public.immunization_exemptions set review_status = 'rejected', reject_reason = 'Probe' where id = '${ids.exemption.student}'`,
    allowed: ['student'],
  },
  {
    name: 'add_medical_document (a file in my folder)',
    sql: 'select id from public.add_medical_document($1)',
    params: () => [`${CALLER.student}/new-proof.pdf`],
    allowed: ['student'],
  },
  {
    name: 'add_medical_document (a file in the other university)',
    sql: 'select id from public.add_medical_document($1)',
    params: () => [`${sb('student01')}/proof.pdf`],
    allowed: [],
  },
  {
    name: 'open_medical_document (a document of my university)',
    sql: 'select public.open_medical_document($1)',
    params: () => [CARD],
    allowed: ['doctor'],
  },
  {
    name: 'open_medical_document (the other university)',
    sql: 'select public.open_medical_document($1)',
    params: () => [ids.document.other],
    allowed: [],
  },
  {
    name: 'reading a document after opening it',
    sql: `select 1 from storage.objects where bucket_id = 'medical-documents' and name = $1`,
    params: () => [`${nf('student02')}/vaccination-card.pdf`],
    setup: () => `insert into private.medical_document_openings (document_id, doctor_id, expires_at)
                  select '${CARD}', m.id, now() + interval '5 minutes' from public.members m where m.university_id = '${NORTHFIELD_ID}' and m.role <> 'student'`,
    allowed: ['doctor'],
    needsRow: true,
  },
  {
    name: 'immunization_review_queue',
    sql: 'select * from public.immunization_review_queue()',
    params: () => [],
    allowed: ['doctor'],
  },
  {
    name: 'review_immunization_dose (my university)',
    sql: 'select id from public.review_immunization_dose($1, true)',
    params: () => [ids.dose.own],
    allowed: ['doctor'],
  },
  {
    name: 'review_immunization_dose (the other university)',
    sql: 'select id from public.review_immunization_dose($1, true)',
    params: () => [ids.dose.other],
    allowed: [],
  },
  {
    name: 'review_immunization_exemption (my university)',
    sql: `select id from public.review_immunization_exemption($1, false, 'Not enough')`,
    params: () => [ids.exemption.own],
    allowed: ['doctor'],
  },
  {
    name: 'review_immunization_exemption (the other university)',
    sql: 'select id from public.review_immunization_exemption($1, true)',
    params: () => [ids.exemption.other],
    allowed: [],
  },
  {
    name: 'record_clinic_dose (a student of my university)',
    sql: `select id from public.record_clinic_dose($1, '147', current_date - 1)`,
    params: () => [nf('student05')],
    allowed: ['doctor'],
  },
  {
    name: 'record_clinic_dose (a student of the other university)',
    sql: `select id from public.record_clinic_dose($1, '147', current_date - 1)`,
    params: () => [sb('student05')],
    allowed: [],
  },
  {
    name: 'immunization_compliance (counts, admins)',
    sql: 'select * from public.immunization_compliance()',
    params: () => [],
    allowed: ['admin', 'super'],
    needsRow: true,
  },
  {
    name: 'overdue_students (the holds list, admins)',
    sql: 'select * from public.overdue_students()',
    params: () => [],
    allowed: ['admin', 'super'],
    needsRow: true,
  },
  {
    name: 'private.queue_immunization_reminders',
    sql: 'select private.queue_immunization_reminders()',
    params: () => [],
    allowed: [],
  },
  {
    name: 'private.refresh_requirement_standings',
    sql: 'select private.refresh_requirement_standings($1)',
    params: () => [MMR],
    allowed: [],
  },
  {
    name: 'private.immunization_state (the unchecked decision)',
    sql: 'select private.immunization_state(r, m) from public.immunization_requirements r, public.members m where r.id = $1 and m.id = $2',
    params: () => [MMR, nf('student02')],
    allowed: [],
  },
  {
    name: 'university_for_join_code',
    sql: `select * from public.university_for_join_code('northfield')`,
    params: () => [],
    allowed: EVERYONE,
    needsRow: true,
  },
];

describe('RPC callers', () => {
  it.each(rpcCases().map((c) => [c.name, c] as const))('%s', async (_name, rpc) => {
    const wrong: string[] = [];
    for (const actor of ACTORS) {
      const result = await probe(client, CALLER[actor], rpc.sql, rpc.params(), rpc.setup?.());
      const actual = result.ok && (!rpc.needsRow || result.rows.length > 0);
      const expected = rpc.allowed.includes(actor);
      results.push({
        table: `rpc ${rpc.name}`,
        op: 'execute',
        scope: '',
        actor,
        expected,
        actual,
        detail: result.error?.message ?? 'ok',
      });
      if (actual !== expected) {
        wrong.push(
          `${actor}: expected ${expected ? 'allowed' : 'refused'}, got ${result.error ? `${result.error.code}: ${result.error.message}` : `${result.rows.length} row(s)`}`,
        );
      }
      // A refusal must be a clear error, never a silent no-op (except the row-returning lookups).
      if (!expected && !rpc.needsRow && result.ok) wrong.push(`${actor}: refused call returned without an error`);
    }
    expect(wrong).toEqual([]);
  });
});
