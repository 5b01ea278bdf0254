/**
 * The clinical record (docs/clinical-record.md, migration 20260116000000): a started appointment opens its
 * visit as a draft, only signing completes it, and a signed visit with everything under it never changes again (only
 * addenda are added); vital signs refuse impossible values and flag abnormal ones; a prescription matching the
 * student's allergies needs an acknowledgement; excuse letters verify by a code that reveals nothing clinical; staff
 * read a record only through audited functions the student sees in "Who viewed my health record"; students read their
 * signed visits only; admins get counts; nothing crosses universities; the student's email says nothing clinical. A
 * letter's code is shown again to the student and the university's doctors, to nobody else; the visit's doctor books
 * the follow-up from the note at a free time only, outside the student's own booking limits.
 * Every visit's day comes from the database's clock (harness helpers), so the file holds on any day and in any zone.
 */
import { constraintRule } from '../../shared/src/validation/constraints';
import {
  actAs,
  clinicSlot,
  laterOrEarlierToday,
  probe,
  rolledBack,
  runAs,
  serverVisit,
  testDatabase,
  type Caller,
  type ServerVisit,
} from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const ADAMS = nf('dr.adams');
const BELLO = nf('dr.bello');
const ADMIN = nf('registrar');
const SUPER = nf('admin');
const SB_ADAMS = sb('dr.adams');
const SB_ADMIN = sb('registrar');

const SIGNED_MESSAGE = 'This visit is signed and can no longer change. Add an addendum to correct or complete it';
const CODE_FORMAT = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}(-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}){5}$/;

const database = testDatabase();
const db = () => database.client;

interface Failure {
  code?: string;
  message: string;
  constraint?: string;
  hint?: string;
}
type Attempt<T> =
  { rows: T[]; rowCount: number; error?: undefined } | { rows?: undefined; rowCount?: undefined; error: Failure };

/** Back to the server's own identity (superuser, no JWT subject) inside the current transaction. */
async function asServer(): Promise<void> {
  await db().query(`reset role; select set_config('request.jwt.claims', '', true)`);
}

/** Runs `fn` in a transaction that is always rolled back, and fails the test with any error `fn` did not expect. */
async function scenario<T>(fn: () => Promise<T>): Promise<T> {
  const result = await rolledBack(db(), fn);
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** One statement inside the running transaction, in a savepoint: its rows, or its error with the transaction intact. */
async function attempt<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Attempt<T>> {
  await db().query('savepoint attempt');
  try {
    const result = await db().query(sql, params);
    await db().query('release savepoint attempt');
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  } catch (error) {
    await db().query('rollback to savepoint attempt');
    const e = error as Failure;
    return { error: { code: e.code, message: e.message, constraint: e.constraint, hint: e.hint } };
  }
}

async function value<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db().query(sql, params);
  return Object.values(rows[0] as Record<string, unknown>)[0] as T;
}

/** As the server: a booked appointment of a Northfield `student` later or earlier today (clinic zone), scheduled. */
async function bookToday(student: string, doctor: string | null, reason = 'Check-up'): Promise<string> {
  return value<string>(
    `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
     select m.university_id, m.id, $2, $3, m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study, $4
     from public.members m where m.id = $1 returning id`,
    [student, doctor, await laterOrEarlierToday(db()), reason],
  );
}

/** As the doctor: start a booked appointment of today; returns its visit's id. */
async function startToday(
  student: string,
  doctor: string,
  reason = 'Check-up',
): Promise<{ appointment: string; visit: string }> {
  await asServer();
  const appointment = await bookToday(student, doctor, reason);
  await actAs(db(), doctor);
  await db().query(`select public.update_appointment($1, status => 'ongoing')`, [appointment]);
  await asServer();
  const visit = await value<string>('select id from public.visits where appointment_id = $1', [appointment]);
  await actAs(db(), doctor);
  return { appointment, visit };
}

const json = async <T>(caller: Caller, sql: string, params: unknown[] = []) => {
  const result = await probe<{ doc: T }>(db(), caller, sql, params);
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.rows[0].doc;
};

// --- Committed fixtures ---------------------------------------------------------------------------------------------
/** student14: a visit signed by Dr Adams, with an addendum (Dr Bello) and a letter: the immutability probes' target. */
let frozen: ServerVisit & { vital: string; diagnosis: string; prescription: string; addendum: string; letter: string };
/** student11: Dr Adams's signed visit (addendum by Dr Bello, a letter issued by function), Dr Bello's and Dr Adams's drafts. */
let chart: {
  signed: ServerVisit;
  bellosDraft: ServerVisit;
  adamsDraft: ServerVisit;
  letter: { id: string; code: string };
};

beforeAll(async () => {
  const client = db();
  const s14 = await serverVisit(client, { student: nf('student14'), doctor: ADAMS, daysAgo: 40 });
  const child = (table: string) => value<string>(`select id from public.${table} where visit_id = $1`, [s14.visit]);
  frozen = {
    ...s14,
    vital: await child('vital_signs'),
    diagnosis: await child('diagnoses'),
    prescription: await child('prescriptions'),
    addendum: (
      await runAs<{ id: string }>(client, BELLO, `select id from public.add_visit_addendum($1, 'Lab: normal.')`, [
        s14.visit,
      ])
    )[0].id,
    letter: await value<string>(
      `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code, issued_by)
       values ($1, current_date - 40, current_date - 39, 'FRZNABCDEFGHJKMNPQRSTUVW', $2) returning id`,
      [s14.visit, ADAMS],
    ),
  };

  const signed = await serverVisit(client, { student: nf('student11'), doctor: ADAMS, daysAgo: 41 });
  await runAs(client, BELLO, `select public.add_visit_addendum($1, 'Blood count came back normal.')`, [signed.visit]);
  const day = await value<string>(
    `select to_char((a.date at time zone s.timezone)::date, 'YYYY-MM-DD') from public.appointments a
     join public.clinic_settings s on s.university_id = a.university_id where a.id = $1`,
    [signed.appointment],
  );
  const issued = (
    await runAs<{ doc: { id: string; verification_code: string } }>(
      client,
      ADAMS,
      `select public.issue_excuse_letter($1, $2::date, $2::date + 2) as doc`,
      [signed.visit, day],
    )
  )[0].doc;
  chart = {
    signed,
    bellosDraft: await serverVisit(client, { student: nf('student11'), doctor: BELLO, daysAgo: 42, signed: false }),
    adamsDraft: await serverVisit(client, { student: nf('student11'), doctor: ADAMS, daysAgo: 43, signed: false }),
    letter: { id: issued.id, code: issued.verification_code },
  };
});

// --- Lifecycle ------------------------------------------------------------------------------------------------------
describe('a visit’s lifecycle', () => {
  it('starting a booked appointment opens its draft for the appointment’s doctor, the reason as a first chief complaint', async () => {
    const visit = await scenario(async () => {
      const { appointment } = await startToday(nf('student07'), ADAMS, 'Other: Sore knee after running');
      await asServer();
      const { rows } = await db().query('select * from public.visits where appointment_id = $1', [appointment]);
      return rows;
    });
    expect(visit).toEqual([
      expect.objectContaining({
        status: 'draft',
        doctor_id: ADAMS,
        student_id: nf('student07'),
        university_id: NORTHFIELD_ID,
        chief_complaint: 'Sore knee after running',
        signed_at: null,
        assessment: null,
      }),
    ]);
  });

  it('an unassigned appointment’s draft is the doctor’s who started it; nobody else may start one', async () => {
    const outcome = await scenario(async () => {
      await asServer();
      const appointment = await bookToday(nf('student07'), null);
      await actAs(db(), ADMIN);
      const byAdmin = await attempt(`select public.update_appointment($1, status => 'ongoing')`, [appointment]);
      await actAs(db(), BELLO);
      await db().query(`select public.update_appointment($1, status => 'ongoing')`, [appointment]);
      await asServer();
      return {
        byAdmin: byAdmin.error?.message,
        doctor: await value<string>('select doctor_id from public.visits where appointment_id = $1', [appointment]),
      };
    });
    expect(outcome).toEqual({ byAdmin: 'Only a doctor can start or complete an appointment', doctor: BELLO });
  });

  it('reaches completed only by signing: never through update_appointment or a direct update, even the server’s', async () => {
    const outcome = await scenario(async () => {
      const { appointment, visit } = await startToday(nf('student07'), ADAMS);
      const byStatus = await attempt(`select public.update_appointment($1, status => 'completed')`, [appointment]);
      await asServer();
      const direct = await attempt(`update public.appointments set status = 'completed' where id = $1`, [appointment]);
      await db().query(`update public.visits set assessment = 'Knee strain' where id = $1`, [visit]);
      await actAs(db(), ADAMS);
      const signed = (
        await db().query<{ status: string; signed: boolean }>(
          'select status, signed_at is not null as signed from public.sign_visit($1)',
          [visit],
        )
      ).rows[0];
      const after = await value<string>('select status from public.appointments where id = $1', [appointment]);
      const cancel = await attempt(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Too late')`,
        [appointment],
      );
      return { byStatus: byStatus.error, direct: direct.error?.message, signed, after, cancel: cancel.error?.message };
    });
    expect(outcome).toEqual({
      byStatus: {
        code: 'P0001',
        message: 'Sign the visit to complete it: an appointment is completed when its doctor signs the visit note',
        constraint: undefined,
      },
      direct: 'Sign the visit to complete it: an appointment is completed when its doctor signs the visit note',
      signed: { status: 'signed', signed: true },
      after: 'completed',
      cancel: 'This appointment is already completed and can no longer change',
    });
  });

  it('signs only a complete note, by its own doctor, once', async () => {
    const outcome = await scenario(async () => {
      const { visit } = await startToday(nf('student07'), ADAMS, 'Other: x');
      await db().query('update public.visits set chief_complaint = null where id = $1', [visit]);
      const noComplaint = await attempt('select public.sign_visit($1)', [visit]);
      await db().query(`update public.visits set chief_complaint = 'Cough' where id = $1`, [visit]);
      const noAssessment = await attempt('select public.sign_visit($1)', [visit]);
      await db().query(
        `insert into public.diagnoses (visit_id, description, icd10_code) values ($1, ' Acute bronchitis ', 'j20.9')`,
        [visit],
      );
      await actAs(db(), BELLO);
      const byColleague = await attempt('select public.sign_visit($1)', [visit]);
      await actAs(db(), SB_ADAMS);
      const otherUniversity = await attempt('select public.sign_visit($1)', [visit]);
      await actAs(db(), nf('student07'));
      const byStudent = await attempt('select public.sign_visit($1)', [visit]);
      await actAs(db(), ADAMS);
      const signed = await attempt<{ status: string }>('select status from public.sign_visit($1)', [visit]);
      const again = await attempt('select public.sign_visit($1)', [visit]);
      await asServer();
      const diagnosis = (
        await db().query('select description, icd10_code from public.diagnoses where visit_id = $1', [visit])
      ).rows;
      return {
        noComplaint: noComplaint.error?.message,
        noAssessment: noAssessment.error?.message,
        byColleague: byColleague.error?.message,
        otherUniversity: otherUniversity.error?.message,
        byStudent: byStudent.error?.message,
        signed: signed.rows,
        again: again.error?.message,
        diagnosis,
      };
    });
    expect(outcome).toEqual({
      noComplaint: 'Write the chief complaint before signing the visit',
      noAssessment: 'Record an assessment or a diagnosis before signing the visit',
      byColleague: "Only the visit's doctor can sign it",
      otherUniversity: 'Visit not found',
      byStudent: "Only the visit's doctor can sign it",
      signed: [{ status: 'signed' }],
      again: 'This visit is already signed',
      diagnosis: [{ description: 'Acute bronchitis', icd10_code: 'J20.9' }],
    });
  });

  it('cancelling a started visit discards its draft, unless a letter was issued from it', async () => {
    const outcome = await scenario(async () => {
      const first = await startToday(nf('student07'), ADAMS);
      await db().query('insert into public.vital_signs (visit_id, pulse_bpm) values ($1, 70)', [first.visit]);
      await db().query(`select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Student left')`, [
        first.appointment,
      ]);
      await asServer();
      const left = await value<number>('select count(*)::int from public.visits where id = $1', [first.visit]);
      const vitals = await value<number>('select count(*)::int from public.vital_signs where visit_id = $1', [
        first.visit,
      ]);
      const second = await startToday(nf('student08'), ADAMS);
      const day = await value<string>(
        `select to_char((date at time zone 'America/New_York')::date, 'YYYY-MM-DD') from public.appointments where id = $1`,
        [second.appointment],
      );
      await db().query('select public.issue_excuse_letter($1, $2::date, $2::date)', [second.visit, day]);
      const refused = await attempt(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Student left')`,
        [second.appointment],
      );
      return { left, vitals, refused: refused.error?.message };
    });
    expect(outcome).toEqual({
      left: 0,
      vitals: 0,
      refused: 'An excuse letter was issued from this visit: sign the visit instead of cancelling it',
    });
  });

  it('starts a walk-in: an ongoing appointment of the doctor’s, now, one slot long, and its draft', async () => {
    const outcome = await scenario(async () => {
      await actAs(db(), ADAMS);
      const visit = (
        await db().query('select * from public.start_walk_in_visit($1, $2)', [
          nf('student09'),
          '  Headache since this morning ',
        ])
      ).rows[0];
      const category = (await db().query(`select * from public.start_walk_in_visit($1, 'Malaria')`, [nf('student10')]))
        .rows[0];
      await asServer();
      const appointment = (
        await db().query(
          `select kind, status, reason, provider_id, student_id, duration_minutes, name, reg, abs(extract(epoch from date - now())) < 60 as now
           from public.appointments where id = $1`,
          [visit.appointment_id],
        )
      ).rows[0];
      const categoryReason = await value<string>('select reason from public.appointments where id = $1', [
        category.appointment_id,
      ]);
      return { visit, appointment, categoryReason, categoryComplaint: category.chief_complaint };
    });
    expect(outcome.visit).toMatchObject({
      status: 'draft',
      doctor_id: ADAMS,
      student_id: nf('student09'),
      university_id: NORTHFIELD_ID,
      chief_complaint: 'Headache since this morning',
    });
    expect(outcome.appointment).toEqual({
      kind: 'walk_in',
      status: 'ongoing',
      reason: 'Other: Headache since this morning',
      provider_id: ADAMS,
      student_id: nf('student09'),
      duration_minutes: 30,
      name: 'Ifeoma Eze',
      reg: 'NFU/2021/009',
      now: true,
    });
    expect(outcome.categoryReason).toBe('Malaria');
    expect(outcome.categoryComplaint).toBe('Malaria');
  });

  it('takes walk-ins between the doctor’s bookings, not beside the student’s own visit; refuses everyone but doctors of the university', async () => {
    const outcome = await scenario(async () => {
      await asServer();
      // The doctor is seeing a booked student right now (the seed's, or one made here); the walk-in student has a booking now.
      const busyNow = `select 1 from public.appointments where provider_id = $1 and kind = 'booked' and status in ('scheduled', 'ongoing')
                       and private.appointment_slot(date, duration_minutes) @> now()`;
      await db().query(
        `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, status)
         select university_id, id, $2, now() - interval '5 minutes', first_name, department, reg_number, year_of_study, 'Check-up', 'ongoing'
         from public.members where id = $1 and not exists (${busyNow.replace('$1', '$2')})`,
        [nf('student12'), ADAMS],
      );
      expect((await db().query(busyNow, [ADAMS])).rowCount).toBeGreaterThan(0);
      await db().query(
        `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
         select university_id, id, null::uuid, now() + interval '5 minutes', first_name, department, reg_number, year_of_study, 'Check-up'
         from public.members where id = $1`,
        [nf('student13')],
      );
      const as = async (caller: string, student: string, reason = 'Cough') => {
        await actAs(db(), caller);
        const result = await attempt<{ id: string }>('select id from public.start_walk_in_visit($1, $2)', [
          student,
          reason,
        ]);
        return result.error ? `${result.error.code}: ${result.error.message}` : 'started';
      };
      return [
        await as(ADAMS, nf('student15')),
        await as(ADAMS, nf('student13')),
        await as(nf('student16'), nf('student16')),
        await as(ADMIN, nf('student16')),
        await as(SUPER, nf('student16')),
        await as(SB_ADAMS, nf('student16')),
        await as(ADAMS, sb('student16')),
        await as(ADAMS, BELLO),
        await as(ADAMS, nf('student16'), ' '),
        await as(ADAMS, nf('student16'), 'Cough\nhttp://phish.example'),
      ];
    });
    expect(outcome).toEqual([
      'started',
      '23P01: This student has a visit booked or in progress now: start or finish that one instead',
      'P0001: Only doctors can start a walk-in visit',
      'P0001: Only doctors can start a walk-in visit',
      'P0001: Only doctors can start a walk-in visit',
      'P0001: Student not found',
      'P0001: Student not found',
      'P0001: Student not found',
      'P0001: Say why the student came in',
      'P0001: Describe the reason on one line, without line breaks or other control characters',
    ]);
  });
});

// --- Immutability ---------------------------------------------------------------------------------------------------
describe('a signed visit', () => {
  const snapshot = async () =>
    (
      await db().query<{ doc: unknown }>(
        `select jsonb_build_object(
           'visit', (select to_jsonb(v) from public.visits v where v.id = $1),
           'vitals', (select jsonb_agg(to_jsonb(x) order by x.id) from public.vital_signs x where x.visit_id = $1),
           'diagnoses', (select jsonb_agg(to_jsonb(x) order by x.id) from public.diagnoses x where x.visit_id = $1),
           'prescriptions', (select jsonb_agg(to_jsonb(x) order by x.id) from public.prescriptions x where x.visit_id = $1),
           'addenda', (select jsonb_agg(to_jsonb(x) order by x.id) from public.visit_addenda x where x.visit_id = $1),
           'letters', (select jsonb_agg(to_jsonb(x) order by x.id) from public.excuse_letters x where x.visit_id = $1)) as doc`,
        [frozen.visit],
      )
    ).rows[0].doc;

  const writes = () => [
    ['update the note', `update public.visits set plan = 'Changed' where id = '${frozen.visit}'`],
    ['sign it again', `update public.visits set status = 'signed', signed_at = now() where id = '${frozen.visit}'`],
    ['delete it', `delete from public.visits where id = '${frozen.visit}'`],
    ['change a vital sign', `update public.vital_signs set pulse_bpm = 99 where id = '${frozen.vital}'`],
    ['delete a vital sign', `delete from public.vital_signs where id = '${frozen.vital}'`],
    ['add a vital sign', `insert into public.vital_signs (visit_id, pulse_bpm) values ('${frozen.visit}', 60)`],
    ['change a diagnosis', `update public.diagnoses set description = 'Changed' where id = '${frozen.diagnosis}'`],
    ['delete a diagnosis', `delete from public.diagnoses where id = '${frozen.diagnosis}'`],
    ['add a diagnosis', `insert into public.diagnoses (visit_id, description) values ('${frozen.visit}', 'Added')`],
    [
      'change a prescription',
      `update public.prescriptions set dose = '10 tablets' where id = '${frozen.prescription}'`,
    ],
    ['delete a prescription', `delete from public.prescriptions where id = '${frozen.prescription}'`],
    ['add a prescription', `insert into public.prescriptions (visit_id, drug) values ('${frozen.visit}', 'Added')`],
    ['change an addendum', `update public.visit_addenda set text = 'Changed' where id = '${frozen.addendum}'`],
    ['delete an addendum', `delete from public.visit_addenda where id = '${frozen.addendum}'`],
    ['change a letter', `update public.excuse_letters set ends_on = ends_on + 10 where id = '${frozen.letter}'`],
    ['delete a letter', `delete from public.excuse_letters where id = '${frozen.letter}'`],
  ];

  it.each([
    ['its doctor', ADAMS],
    ['another doctor', BELLO],
    ['the student', nf('student14')],
    ['an admin', ADMIN],
    ['a super admin', SUPER],
    ['a doctor of the other university', SB_ADAMS],
    ['anon', null],
  ] as [string, Caller][])('cannot be changed or removed by %s, in any part', async (_who, caller) => {
    const before = await snapshot();
    const changed: string[] = [];
    for (const [label, sql] of writes()) {
      const result = await probe(db(), caller, `${sql} returning 1`);
      // A refusal is an error (no grant, a policy's check, a trigger) or a statement that touched nothing.
      if (result.ok && result.rows.length > 0) changed.push(label);
    }
    expect(changed).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('cannot be changed or removed even by the server, each with a message that says why', async () => {
    const messages: Record<string, string | undefined> = {};
    for (const [label, sql] of writes()) {
      const { error } = await rolledBack(db(), () => db().query(sql));
      messages[label] = error?.message;
    }
    expect(messages).toEqual({
      'update the note': SIGNED_MESSAGE,
      'sign it again': SIGNED_MESSAGE,
      'delete it': 'A signed visit is part of the record and cannot be deleted',
      'change a vital sign': SIGNED_MESSAGE,
      'delete a vital sign': SIGNED_MESSAGE,
      'add a vital sign': SIGNED_MESSAGE,
      'change a diagnosis': SIGNED_MESSAGE,
      'delete a diagnosis': SIGNED_MESSAGE,
      'add a diagnosis': SIGNED_MESSAGE,
      'change a prescription': SIGNED_MESSAGE,
      'delete a prescription': SIGNED_MESSAGE,
      'add a prescription': SIGNED_MESSAGE,
      'change an addendum': 'An addendum cannot be changed: add another one',
      'delete an addendum': 'An addendum is part of the record and cannot be deleted',
      'change a letter': 'An excuse letter cannot be changed: revoke it and issue a new one',
      'delete a letter': 'Excuse letters are kept: revoke the letter instead',
    });
  });

  it('takes addenda from any doctor of the university, kept with their author and time; drafts and strangers get none', async () => {
    const outcome = await scenario(async () => {
      await actAs(db(), BELLO);
      const added = (
        await db().query('select * from public.add_visit_addendum($1, $2)', [
          frozen.visit,
          '  Spoke to the student by phone: better.  ',
        ])
      ).rows[0];
      const tries: Record<string, string | undefined> = {};
      for (const [label, caller, visit, text] of [
        ['on its own draft', ADAMS, chart.adamsDraft.visit, 'Note'],
        ["on another doctor's draft", ADAMS, chart.bellosDraft.visit, 'Note'],
        ['from the other university', SB_ADAMS, frozen.visit, 'Note'],
        ['by the student', nf('student14'), frozen.visit, 'Note'],
        ['by an admin', ADMIN, frozen.visit, 'Note'],
        ['empty', BELLO, frozen.visit, '   '],
      ] as [string, string, string, string][]) {
        await actAs(db(), caller);
        tries[label] = (await attempt('select public.add_visit_addendum($1, $2)', [visit, text])).error?.message;
      }
      await actAs(db(), BELLO);
      const direct = await attempt(`insert into public.visit_addenda (visit_id, text) values ($1, 'Direct')`, [
        frozen.visit,
      ]);
      return { added, tries, direct: direct.error?.code };
    });
    expect(outcome.added).toMatchObject({
      visit_id: frozen.visit,
      author_id: BELLO,
      text: 'Spoke to the student by phone: better.',
      student_id: nf('student14'),
      university_id: NORTHFIELD_ID,
    });
    expect(outcome.tries).toEqual({
      'on its own draft': 'Addenda are added to signed visits: edit the draft instead',
      "on another doctor's draft": 'Visit not found',
      'from the other university': 'Visit not found',
      'by the student': "Only doctors of the student's university can add an addendum",
      'by an admin': "Only doctors of the student's university can add an addendum",
      empty: 'Write the addendum',
    });
    expect(outcome.direct).toBe('42501');
  });
});

describe('a draft', () => {
  it('is its doctor’s alone: colleagues neither see nor change it, nor what hangs off it', async () => {
    const outcome = await scenario(async () => {
      await actAs(db(), BELLO);
      const seen = (await db().query('select id from public.visits where id = $1', [chart.adamsDraft.visit])).rowCount;
      const updated = (
        await db().query(`update public.visits set plan = 'Mine now' where id = $1`, [chart.adamsDraft.visit])
      ).rowCount;
      const vitals = await attempt('insert into public.vital_signs (visit_id, pulse_bpm) values ($1, 70)', [
        chart.adamsDraft.visit,
      ]);
      await actAs(db(), ADAMS);
      const own = (
        await db().query(`update public.visits set plan = '  Rest  ' where id = $1 returning plan`, [
          chart.adamsDraft.visit,
        ])
      ).rows;
      return { seen, updated, vitals: vitals.error?.message, own };
    });
    expect(outcome).toEqual({
      seen: 0,
      updated: 0,
      vitals: "Only the visit's doctor can edit its draft",
      own: [{ plan: 'Rest' }],
    });
  });
});

// --- Vital signs ----------------------------------------------------------------------------------------------------
describe('vital signs', () => {
  const IMPOSSIBLE: [string, string, number, string][] = [
    ['temperature_c', 'vital_signs_temperature_c_range', 98.6, 'Temperature must be between 25 and 45 °C'],
    [
      'systolic_mmhg',
      'vital_signs_systolic_mmhg_range',
      320,
      'Systolic blood pressure must be between 50 and 300 mmHg',
    ],
    [
      'diastolic_mmhg',
      'vital_signs_diastolic_mmhg_range',
      15,
      'Diastolic blood pressure must be between 20 and 200 mmHg',
    ],
    ['pulse_bpm', 'vital_signs_pulse_bpm_range', 400, 'Pulse must be between 20 and 250 beats a minute'],
    [
      'respiratory_rate',
      'vital_signs_respiratory_rate_range',
      2,
      'Respiratory rate must be between 4 and 80 breaths a minute',
    ],
    ['spo2_percent', 'vital_signs_spo2_percent_range', 101, 'SpO₂ must be between 50 and 100 %'],
    ['weight_kg', 'vital_signs_weight_kg_range', 650, 'Weight must be between 20 and 400 kg'],
    ['height_cm', 'vital_signs_height_cm_range', 1.75, 'Height must be between 100 and 250 cm'],
  ];

  it.each(IMPOSSIBLE)(
    'refuses an impossible %s, naming the field and its range',
    async (column, constraint, impossible, message) => {
      const outcome = await scenario(async () => {
        await actAs(db(), ADAMS);
        // Blood pressure goes in pairs, the other half a possible value.
        const pair =
          column === 'systolic_mmhg' ? ', diastolic_mmhg' : column === 'diastolic_mmhg' ? ', systolic_mmhg' : '';
        const other = column === 'systolic_mmhg' ? ', 80' : column === 'diastolic_mmhg' ? ', 120' : '';
        const refused = await attempt(
          `insert into public.vital_signs (visit_id, ${column}${pair}) values ($1, $2${other})`,
          [chart.adamsDraft.visit, impossible],
        );
        return refused.error;
      });
      expect(outcome?.code).toBe('23514');
      expect(outcome?.constraint).toBe(constraint);
      // The forms and the API's error handling turn the constraint into the same words (shared/src/validation).
      expect(constraintRule(outcome?.message ?? '')?.message).toBe(message);
    },
  );

  it('takes every value at the edges of the ranges, computes the BMI and refuses one written by a client', async () => {
    const outcome = await scenario(async () => {
      await actAs(db(), ADAMS);
      const low = (
        await db().query(
          `insert into public.vital_signs (visit_id, temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm)
         values ($1, 25, 50, 20, 20, 4, 50, 20, 100) returning bmi, student_id, university_id`,
          [chart.adamsDraft.visit],
        )
      ).rows[0];
      const high = (
        await db().query(
          `insert into public.vital_signs (visit_id, temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm)
         values ($1, 45, 300, 200, 250, 80, 100, 72.5, 180) returning bmi`,
          [chart.adamsDraft.visit],
        )
      ).rows[0];
      const bmi = await attempt('insert into public.vital_signs (visit_id, bmi) values ($1, 22)', [
        chart.adamsDraft.visit,
      ]);
      const order = await attempt(
        'insert into public.vital_signs (visit_id, systolic_mmhg, diastolic_mmhg) values ($1, 80, 120)',
        [chart.adamsDraft.visit],
      );
      const half = await attempt('insert into public.vital_signs (visit_id, systolic_mmhg) values ($1, 120)', [
        chart.adamsDraft.visit,
      ]);
      const nothing = await attempt('insert into public.vital_signs (visit_id) values ($1)', [chart.adamsDraft.visit]);
      return {
        low,
        high,
        bmi: bmi.error !== undefined,
        rules: [order, half, nothing].map((r) => constraintRule(r.error?.message ?? '')?.message),
      };
    });
    expect(outcome).toEqual({
      low: { bmi: '20.0', student_id: nf('student11'), university_id: NORTHFIELD_ID },
      high: { bmi: '22.4' },
      bmi: true,
      rules: [
        'The systolic pressure must be higher than the diastolic',
        'Enter both the systolic and the diastolic pressure',
        'Record at least one vital sign',
      ],
    });
  });

  it('flags values outside the normal adult ranges, never refusing them', async () => {
    const flags = await scenario(async () => {
      await asServer();
      const rows: [string, string][] = [
        ['normal', '36.8, 118, 76, 72, 16, 98, 65, 170'],
        ['high', '38.4, 150, 95, 120, 24, 91, 50, 180'],
        ['low', '34.5, 85, 55, 45, 10, 96, 75, 165'],
        ['edges', '38.0, 140, 70, 100, 20, 95, 85, 170'],
        ['obese', '37.9, 139, 89, 50, 12, 95, 95, 170'],
      ];
      const out: Record<string, string[]> = {};
      for (const [label, values] of rows) {
        out[label] = await value<string[]>(
          `with v as (insert into public.vital_signs (visit_id, temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm)
                      values ($1, ${values}) returning *)
           select private.vital_flags(v) from v`,
          [chart.adamsDraft.visit],
        );
      }
      return out;
    });
    expect(flags).toEqual({
      normal: [],
      high: ['fever', 'high blood pressure', 'fast pulse', 'fast breathing', 'low SpO2', 'underweight'],
      low: ['low temperature', 'low blood pressure', 'slow pulse', 'slow breathing', 'overweight'],
      edges: ['fever', 'high blood pressure', 'overweight'],
      obese: ['obese'],
    });
  });
});

// --- Prescriptions --------------------------------------------------------------------------------------------------
describe('a prescription', () => {
  it('for a drug matching the student’s recorded allergies needs an acknowledgement, which is kept with it', async () => {
    // The refusal's marker, the hint the doctor's page tests (PrescriptionsSection, ALLERGY_ACKNOWLEDGEMENT_REQUIRED).
    const allergyRefusal = (message: string) => ({ code: 'P0001', hint: 'allergy_acknowledgement_required', message });
    const refusalOf = ({ code, hint, message }: Failure) => ({ code, hint, message });
    const outcome = await scenario(async () => {
      await asServer();
      await db().query(
        `update public.health_profiles set allergies = 'Penicillin; PEANUTS (severe rash)' where student_id = $1`,
        [nf('student11')],
      );
      await actAs(db(), ADAMS);
      const prescribe = async (drug: string, acknowledgement: string | null = null) => {
        const result = await attempt<{ drug: string; allergy_acknowledgement: string | null }>(
          'insert into public.prescriptions (visit_id, drug, allergy_acknowledgement) values ($1, $2, $3) returning drug, allergy_acknowledgement',
          [chart.adamsDraft.visit, drug, acknowledgement],
        );
        return result.error ? refusalOf(result.error) : result.rows[0];
      };
      const outcome = {
        penicillinV: await prescribe('penicillin V'),
        longName: await prescribe('Phenoxymethylpenicillin', '   '),
        peanutOil: await prescribe('Arachis (peanut) oil ear drops'),
        acknowledged: await prescribe(
          'Phenoxymethylpenicillin',
          ' Tolerated a full course last year; benefit outweighs the risk ',
        ),
        unrelated: await prescribe('Paracetamol'),
        classOnly: await prescribe('Amoxicillin'),
        wordsOfTheAllergyText: await prescribe('Severe rash cream'),
      };
      const id = await value<string>(
        `select id from public.prescriptions where visit_id = $1 and drug = 'Phenoxymethylpenicillin'`,
        [chart.adamsDraft.visit],
      );
      const dropped = await attempt('update public.prescriptions set allergy_acknowledgement = null where id = $1', [
        id,
      ]);
      await asServer();
      await db().query(`update public.health_profiles set allergies = 'None' where student_id = $1`, [nf('student11')]);
      await actAs(db(), ADAMS);
      const noAllergies = await prescribe('Penicillin V');
      return { ...outcome, dropped: dropped.error && refusalOf(dropped.error), noAllergies };
    });
    expect(outcome).toEqual({
      penicillinV: allergyRefusal(
        "penicillin V matches the student's recorded allergy to penicillin. To prescribe it anyway, say why in the allergy acknowledgement",
      ),
      longName: allergyRefusal(
        "Phenoxymethylpenicillin matches the student's recorded allergy to penicillin. To prescribe it anyway, say why in the allergy acknowledgement",
      ),
      peanutOil: allergyRefusal(
        "Arachis (peanut) oil ear drops matches the student's recorded allergy to peanuts. To prescribe it anyway, say why in the allergy acknowledgement",
      ),
      acknowledged: {
        drug: 'Phenoxymethylpenicillin',
        allergy_acknowledgement: 'Tolerated a full course last year; benefit outweighs the risk',
      },
      unrelated: { drug: 'Paracetamol', allergy_acknowledgement: null },
      classOnly: { drug: 'Amoxicillin', allergy_acknowledgement: null },
      wordsOfTheAllergyText: { drug: 'Severe rash cream', allergy_acknowledgement: null },
      dropped: allergyRefusal(
        "Phenoxymethylpenicillin matches the student's recorded allergy to penicillin. To prescribe it anyway, say why in the allergy acknowledgement",
      ),
      noAllergies: { drug: 'Penicillin V', allergy_acknowledgement: null },
    });
  });
});

// --- Excuse letters -------------------------------------------------------------------------------------------------
describe('excuse letters', () => {
  it('are issued by the visit’s doctor with a long random code, kept as issued where no API role reads it', async () => {
    const outcome = await scenario(async () => {
      await asServer();
      const day = await value<string>(
        `select to_char((date at time zone 'America/New_York')::date, 'YYYY-MM-DD') from public.appointments where id = $1`,
        [chart.adamsDraft.appointment],
      );
      const site = await value<string>('select private.site_url()');
      await actAs(db(), ADAMS);
      const issue = (visit: string, from: string, to: string) =>
        attempt<{ doc: Record<string, unknown> }>(`select public.issue_excuse_letter($1, $2::date, $3::date) as doc`, [
          visit,
          from,
          to,
        ]);
      const shift = (days: number) =>
        new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      const first = (await issue(chart.adamsDraft.visit, day, shift(2))).rows?.[0].doc ?? {};
      const second = (await issue(chart.adamsDraft.visit, shift(-7), shift(23))).rows?.[0].doc ?? {};
      const refusals = {
        backwards: (await issue(chart.adamsDraft.visit, day, shift(-1))).error?.message,
        tooLong: (await issue(chart.adamsDraft.visit, day, shift(31))).error?.message,
        tooEarly: (await issue(chart.adamsDraft.visit, shift(-8), day)).error?.message,
        tooLate: (await issue(chart.adamsDraft.visit, shift(8), shift(9))).error?.message,
        noDates: (await attempt('select public.issue_excuse_letter($1, null, null)', [chart.adamsDraft.visit])).error
          ?.message,
      };
      await actAs(db(), BELLO);
      const colleagueSigned = (await issue(chart.signed.visit, day, day)).error?.message;
      const colleagueDraft = (await issue(chart.adamsDraft.visit, day, day)).error?.message;
      await actAs(db(), nf('student11'));
      const student = (await issue(chart.signed.visit, day, day)).error?.message;
      await asServer();
      const stored = await value<string>('select verification_code from public.excuse_letters where id = $1', [
        first.id,
      ]);
      const columnRead = {} as Record<string, string | undefined>;
      for (const [name, caller] of [
        ['student', nf('student11')],
        ['issuer', ADAMS],
        ['anon', null],
      ] as const) {
        await actAs(db(), caller);
        columnRead[name] = (await attempt('select verification_code from public.excuse_letters')).error?.code;
        await asServer();
      }
      return { day, site, first, second, refusals, colleagueSigned, colleagueDraft, student, stored, columnRead };
    });
    const code = String(outcome.first.verification_code);
    expect(code).toMatch(CODE_FORMAT);
    expect(outcome.second.verification_code).toMatch(CODE_FORMAT);
    expect(outcome.second.verification_code).not.toBe(code);
    expect(outcome.first).toEqual({
      id: expect.any(String),
      visit_id: chart.adamsDraft.visit,
      student_id: nf('student11'),
      starts_on: outcome.day,
      ends_on: expect.any(String),
      issued_at: expect.any(String),
      issued_by: ADAMS,
      issued_by_name: 'Dr Amelia Adams',
      status: 'valid',
      revoked_at: null,
      revoked_by: null,
      revoked_by_name: null,
      revoke_reason: null,
      verification_code: code,
      verification_url: `${outcome.site}/verify-letter?code=${code}`,
    });
    // Kept as its 24 characters (how verify_excuse_letter looks it up), readable by no API role, not even its issuer.
    expect(outcome.stored).toBe(code.replaceAll('-', ''));
    expect(outcome.columnRead).toEqual({ student: '42501', issuer: '42501', anon: '42501' });
    expect(outcome.refusals).toEqual({
      backwards: 'The last day must be on or after the first day',
      tooLong: 'A letter covers at most 31 days',
      tooEarly: 'A letter starts at most 7 days before or after the visit',
      tooLate: 'A letter starts at most 7 days before or after the visit',
      noDates: 'Choose the first and last day the letter covers',
    });
    expect(outcome.colleagueSigned).toBe("Only the visit's doctor can issue an excuse letter from it");
    expect(outcome.colleagueDraft).toBe('Visit not found');
    expect(outcome.student).toBe("Only the visit's doctor can issue an excuse letter from it");
  });

  it('verify, for anyone holding the code, as valid with names, dates and doctor only; revoked ones as revoked', async () => {
    const verify = (caller: Caller, code: string) =>
      json<Record<string, unknown>>(caller, 'select public.verify_excuse_letter($1) as doc', [code]);
    const typed = chart.letter.code.toLowerCase().replaceAll('-', ' ');
    const valid = await verify(null, typed);
    const day = await value<string>(
      `select to_char((date at time zone 'America/New_York')::date, 'YYYY-MM-DD') from public.appointments where id = $1`,
      [chart.signed.appointment],
    );
    expect(valid).toEqual({
      found: true,
      status: 'valid',
      student_name: 'Kemi Adeyemi',
      university_name: 'Northfield University',
      starts_on: day,
      ends_on: expect.any(String),
      issued_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      doctor_name: 'Dr Amelia Adams',
      revoked_on: null,
    });
    expect(await verify(nf('student20'), chart.letter.code)).toEqual(valid);
    // Nothing clinical, whatever the visit holds, and nothing to print another letter with.
    expect(JSON.stringify(valid)).not.toContain(chart.letter.code.replaceAll('-', ''));
    const text = JSON.stringify(valid).toLowerCase();
    for (const clinical of [
      'cough',
      'bronchitis',
      'j20',
      'paracetamol',
      'consultation',
      'rest and fluids',
      'blood count',
    ])
      expect(text).not.toContain(clinical);

    const revoke = await scenario(async () => {
      await actAs(db(), nf('student11'));
      const byStudent = (await attempt(`select public.revoke_excuse_letter($1, 'Mine')`, [chart.letter.id])).error
        ?.message;
      await actAs(db(), SB_ADAMS);
      const otherUniversity = (await attempt(`select public.revoke_excuse_letter($1, 'Nope')`, [chart.letter.id])).error
        ?.message;
      await actAs(db(), BELLO);
      const blank = (await attempt(`select public.revoke_excuse_letter($1, ' ')`, [chart.letter.id])).error?.message;
      const revoked = (
        await db().query<{ doc: Record<string, unknown> }>(
          `select public.revoke_excuse_letter($1, ' Issued for the wrong dates ') as doc`,
          [chart.letter.id],
        )
      ).rows[0].doc;
      const again = (await attempt(`select public.revoke_excuse_letter($1, 'Twice')`, [chart.letter.id])).error
        ?.message;
      const verified = (
        await db().query<{ doc: Record<string, unknown> }>('select public.verify_excuse_letter($1) as doc', [
          chart.letter.code,
        ])
      ).rows[0].doc;
      await asServer();
      const kept = await value<number>('select count(*)::int from public.excuse_letters where id = $1', [
        chart.letter.id,
      ]);
      return { byStudent, otherUniversity, blank, revoked, again, verified, kept };
    });
    expect(revoke).toMatchObject({
      byStudent: "Only doctors of the student's university can revoke an excuse letter",
      otherUniversity: 'Excuse letter not found',
      blank: 'Give a reason for revoking the letter',
      revoked: {
        id: chart.letter.id,
        status: 'revoked',
        revoked_by: BELLO,
        revoked_by_name: 'Dr Tunde Bello',
        revoke_reason: 'Issued for the wrong dates',
        issued_by: ADAMS,
      },
      again: 'This letter is already revoked',
      verified: { ...valid, status: 'revoked', revoked_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      kept: 1,
    });
    expect(JSON.stringify(revoke.verified)).not.toContain('wrong dates');
  });

  it('answer an unknown code with a plain "not found", and bad input with a clear refusal', async () => {
    for (const code of [
      'ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2',
      'hello',
      'ABCD-EFGH-JKMN-PQRS-TUVW-XYZ',
      '%',
      'O0O0-IIII-1111-LLLL-0000-OOOO',
    ]) {
      expect(await json(null, 'select public.verify_excuse_letter($1) as doc', [code])).toEqual({ found: false });
    }
    const refusal = async (code: string | null) =>
      (await probe(db(), null, 'select public.verify_excuse_letter($1)', [code])).error;
    expect(await refusal('')).toEqual({ code: 'P0001', message: 'Enter the verification code printed on the letter' });
    expect(await refusal(null)).toEqual({
      code: 'P0001',
      message: 'Enter the verification code printed on the letter',
    });
    expect(await refusal('A'.repeat(1_000_000))).toEqual({
      code: 'P0001',
      message: 'A verification code is 24 letters and digits, as printed on the letter',
    });
    expect(await refusal('ABCD-EFGH\nJKMN')).toEqual({
      code: 'P0001',
      message: 'A verification code is 24 letters and digits, as printed on the letter',
    });
    // A NUL never reaches the function: PostgreSQL refuses it in the request itself (SQLSTATE class 22, which PostgREST
    // answers with 400), whether sent as a parameter or, as PostgREST sends arguments, inside JSON.
    expect((await refusal('ABCD\u0000EFGH'))?.code).toBe('22021');
    const viaJson = await probe(db(), null, `select public.verify_excuse_letter(($1::jsonb) ->> 'code')`, [
      '{"code": "ABCD\\u0000EFGH"}',
    ]);
    expect(viaJson.error?.code).toBe('22P05');
  });

  it('verify the demo letter by the code the README gives', async () => {
    expect(
      await json(null, 'select public.verify_excuse_letter($1) as doc', ['NFUD-EMAV-ERFY-CAMP-USCA-RE26']),
    ).toMatchObject({
      found: true,
      status: 'valid',
      university_name: 'Northfield University',
      doctor_name: 'Dr Amelia Adams',
    });
  });

  it('are the student’s to read once the visit is signed, the code only through the reading functions', async () => {
    const mine = await probe<Record<string, unknown>>(
      db(),
      nf('student11'),
      'select id, visit_id, starts_on, revoked_at from public.excuse_letters',
    );
    expect(mine.rows.map((r) => r.visit_id)).toEqual([chart.signed.visit]);
    const star = await probe(db(), nf('student11'), 'select * from public.excuse_letters');
    expect(star.error?.code).toBe('42501');
  });

  it('show the code again to the student (their own, signed) and to doctors of the university; never to anyone else', async () => {
    const code = chart.letter.code;
    const plain = code.replaceAll('-', '');
    /** What `sql` returns `caller`, as text ('' when refused). */
    const seen = async (caller: Caller, sql: string, params: unknown[] = []) => {
      const result = await probe<{ doc: unknown }>(db(), caller, sql, params);
      return result.error ? '' : JSON.stringify(result.rows);
    };
    const shows = async (caller: Caller, sql: string, params: unknown[] = []) => {
      const text = await seen(caller, sql, params);
      return text.includes(code) || text.includes(plain);
    };
    // The student: in "My visits" (the printable letter's source) and in their export, grouped as printed.
    const mine = await json<MyVisits>(nf('student11'), 'select public.my_visits() as doc');
    expect(mine.visits[0].excuse_letters).toEqual([
      expect.objectContaining({ id: chart.letter.id, verification_code: code }),
    ]);
    const exported = await json<MyData>(nf('student11'), 'select public.my_data() as doc');
    expect(exported.excuse_letters.map((l) => l.verification_code)).toEqual([code]);
    // Doctors of the university: the chart and the visit (any doctor, as any of them may revoke the letter).
    expect(await shows(BELLO, 'select public.open_patient_chart($1) as doc', [nf('student11')])).toBe(true);
    expect(await shows(BELLO, 'select public.open_visit($1) as doc', [chart.signed.visit])).toBe(true);
    // Nobody else, by any function they may call or any table they may read.
    const everywhere = [
      'select public.my_visits() as doc',
      'select public.my_data() as doc',
      'select public.clinical_counts() as doc',
      `select * from public.audit_entries(page_size => 100)`,
      'select public.verify_excuse_letter($2) as doc',
      'select public.open_patient_chart($1) as doc',
      'select public.open_visit($3) as doc',
      'select * from public.email_outbox',
    ];
    const strangers: [string, Caller][] = [
      ['classmate', nf('student12')],
      ['admin', ADMIN],
      ['super admin', SUPER],
      ['other university doctor', SB_ADAMS],
      ['other university admin', SB_ADMIN],
      ['anon', null],
    ];
    const leaks: string[] = [];
    for (const [who, caller] of strangers) {
      for (const sql of everywhere) {
        if (
          await shows(
            caller,
            sql
              .replace('$2', `'${code}'`)
              .replace('$3', `'${chart.signed.visit}'`)
              .replace('$1', `'${nf('student11')}'`),
          )
        )
          leaks.push(`${who}: ${sql}`);
      }
    }
    expect(leaks).toEqual([]);
    // A letter issued from a draft is not the student's yet: no code for them until the visit is signed.
    const fromDraft = await scenario(async () => {
      await asServer();
      const day = await value<string>(
        `select to_char((date at time zone 'America/New_York')::date, 'YYYY-MM-DD') from public.appointments where id = $1`,
        [chart.adamsDraft.appointment],
      );
      await actAs(db(), ADAMS);
      const issued = (
        await db().query<{ doc: { verification_code: string } }>(
          'select public.issue_excuse_letter($1, $2::date, $2::date) as doc',
          [chart.adamsDraft.visit, day],
        )
      ).rows[0].doc;
      await actAs(db(), nf('student11'));
      const before = JSON.stringify(
        (await db().query('select public.my_visits() as doc, public.my_data() as data')).rows,
      );
      await actAs(db(), ADAMS);
      await db().query('select public.sign_visit($1)', [chart.adamsDraft.visit]);
      await actAs(db(), nf('student11'));
      const after = JSON.stringify((await db().query('select public.my_visits() as doc')).rows);
      return { code: issued.verification_code, before, after };
    });
    expect(fromDraft.before).not.toContain(fromDraft.code);
    expect(fromDraft.after).toContain(fromDraft.code);
  });

  it('are given their code by private.letter_json itself only for an entitled caller, whoever asks it', async () => {
    // Called as the server with each caller's claims: what any reading function, present or future, would hand them.
    const outcome = await scenario(async () => {
      await asServer();
      const draftLetter = await value<string>(
        `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code, issued_by)
         values ($1, current_date - 43, current_date - 43, 'DRFTABCDEFGHJKMNPQRSTUVW', $2) returning id`,
        [chart.adamsDraft.visit, ADAMS],
      );
      await db().query(`update public.members set status = 'deactivated' where id = $1`, [nf('dr.chen')]);
      const codeFor = async (caller: string | null, letter: string) => {
        await db().query(`select set_config('request.jwt.claims', $1, true)`, [
          caller ? JSON.stringify({ sub: caller, role: 'authenticated' }) : '',
        ]);
        return value<string | null>(
          `select private.letter_json(l) ->> 'verification_code' from public.excuse_letters l where l.id = $1`,
          [letter],
        );
      };
      const signed: Record<string, string | null> = {};
      for (const [who, caller] of [
        ['student', nf('student11')],
        ['classmate', nf('student12')],
        ['doctor', BELLO],
        ['admin', ADMIN],
        ['super admin', SUPER],
        ['other university doctor', SB_ADAMS],
        ['deactivated doctor', nf('dr.chen')],
        ['no one', null],
      ] as const) {
        signed[who] = await codeFor(caller, chart.letter.id);
      }
      return {
        signed,
        draftForStudent: await codeFor(nf('student11'), draftLetter),
        draftForDoctor: await codeFor(ADAMS, draftLetter),
      };
    });
    expect(outcome).toEqual({
      signed: {
        student: chart.letter.code,
        classmate: null,
        doctor: chart.letter.code,
        admin: null,
        'super admin': null,
        'other university doctor': null,
        'deactivated doctor': null,
        'no one': null,
      },
      draftForStudent: null,
      draftForDoctor: 'DRFT-ABCD-EFGH-JKMN-PQRS-TUVW',
    });
  });
});

// --- Reading ----------------------------------------------------------------------------------------------------------
interface VisitDoc {
  id: string;
  status: string;
  student_id: string;
  addenda: unknown[];
  [key: string]: unknown;
}
type ChartPage = Pick<ChartDoc, 'visits' | 'earlier_visits'>;
interface ChartDoc {
  student: Record<string, unknown>;
  health_profile: Record<string, unknown> | null;
  allergy_terms: string[];
  visits: VisitDoc[];
  earlier_visits: number;
  no_show_count: number;
  vital_signs: { visit_id: string }[];
  current_prescriptions: { visit_id: string; doctor_name: string }[];
  excuse_letters: { id: string }[];
  upcoming_appointments: { status: string }[];
}
interface VisitOpened {
  visit: VisitDoc;
  student: { id: string };
  health_profile: Record<string, unknown> | null;
  allergy_terms: string[];
}
interface MyVisits {
  student: Record<string, unknown>;
  university: Record<string, unknown>;
  visits: VisitDoc[];
}
interface MyData {
  visits: { id: string }[];
  earlier_visits: number;
  vital_signs: { visit_id: string }[];
  prescriptions: { visit_id: string; drug: string }[];
  excuse_letters: { id: string; verification_code?: string }[];
}
const VISIT_KEYS = [
  'addenda',
  'appointment_id',
  'assessment',
  'chief_complaint',
  'created_at',
  'date',
  'diagnoses',
  'doctor_id',
  'doctor_name',
  'duration_minutes',
  'excuse_letters',
  'follow_up',
  'id',
  'kind',
  'objective',
  'plan',
  'prescriptions',
  'reason',
  'signed_at',
  'status',
  'student_id',
  'subjective',
  'updated_at',
  'vital_signs',
];

describe('reading the record', () => {
  it('open_patient_chart: profile, signed visits with addenda and the caller’s own drafts, vitals, prescriptions, letters, coming visits', async () => {
    const doc = await json<ChartDoc>(ADAMS, 'select public.open_patient_chart($1) as doc', [nf('student11')]);
    expect(Object.keys(doc).sort()).toEqual([
      'allergy_terms',
      'current_prescriptions',
      'earlier_visits',
      'excuse_letters',
      'health_profile',
      'no_show_count',
      'student',
      'upcoming_appointments',
      'visits',
      'vital_signs',
    ]);
    expect(doc.no_show_count).toBe(0);
    expect(doc.student).toEqual({
      id: nf('student11'),
      first_name: 'Kemi',
      last_name: 'Adeyemi',
      email: 'student11@northfield.edu',
      phone: expect.any(String),
      reg_number: 'NFU/2024/011',
      department: expect.any(String),
      year_of_study: 2,
      status: 'active',
      avatar_path: null,
    });
    expect(doc.health_profile).toMatchObject({ allergies: expect.any(String), genotype: expect.any(String) });
    expect(doc.health_profile).not.toHaveProperty('student_id');
    // Newest first: the signed visit (41 days back), then Dr Adams's draft (43); never Dr Bello's draft (42).
    expect(doc.visits.map((v) => [v.id, v.status])).toEqual([
      [chart.signed.visit, 'signed'],
      [chart.adamsDraft.visit, 'draft'],
    ]);
    const signed = doc.visits[0];
    expect(Object.keys(signed).sort()).toEqual(VISIT_KEYS);
    expect(signed).toMatchObject({
      doctor_id: ADAMS,
      doctor_name: 'Dr Amelia Adams',
      kind: 'booked',
      reason: 'Consultation',
      chief_complaint: 'Cough for a week',
      assessment: 'Viral bronchitis.',
      diagnoses: [
        { description: 'Acute bronchitis', icd10_code: 'J20.9', icd10_title: 'Acute bronchitis, unspecified' },
      ],
      prescriptions: [
        expect.objectContaining({ drug: 'Paracetamol', dose: '2 tablets', instructions: 'At most 8 tablets a day.' }),
      ],
      addenda: [
        expect.objectContaining({
          text: 'Blood count came back normal.',
          author_id: BELLO,
          author_name: 'Dr Tunde Bello',
        }),
      ],
      excuse_letters: [
        expect.objectContaining({ id: chart.letter.id, issued_by: ADAMS, verification_code: chart.letter.code }),
      ],
      vital_signs: [expect.objectContaining({ temperature_c: 37.2, bmi: 22.3, flags: [] })],
    });
    expect(doc.earlier_visits).toBe(0);
    expect(doc.vital_signs.map((v) => v.visit_id)).toEqual([chart.adamsDraft.visit, chart.signed.visit]);
    expect(doc.current_prescriptions.map((p) => [p.visit_id, p.doctor_name])).toEqual([
      [chart.signed.visit, 'Dr Amelia Adams'],
    ]);
    expect(doc.excuse_letters.map((l) => l.id)).toEqual([chart.letter.id]);
    expect(doc.upcoming_appointments.length).toBeGreaterThan(0);
    expect(doc.upcoming_appointments.every((a) => ['scheduled', 'ongoing'].includes(a.status))).toBe(true);
  });

  it('lists current prescriptions from visits signed in the last 90 days, and the allergy words prescriptions are checked against', async () => {
    const doc = await scenario(async () => {
      await asServer();
      await db().query(
        `update public.health_profiles set allergies = 'No known drug allergies; penicillin and dust' where student_id = $1`,
        [nf('student11')],
      );
      await db().query(`update public.visits set status = 'signed' where id = $1`, [chart.adamsDraft.visit]);
      // Signed four months ago: no longer current.
      await serverVisit(db(), { student: nf('student11'), doctor: BELLO, daysAgo: 120 });
      await actAs(db(), ADAMS);
      return (await db().query<{ doc: ChartDoc }>('select public.open_patient_chart($1) as doc', [nf('student11')]))
        .rows[0].doc;
    });
    expect(doc.allergy_terms).toEqual(['dust', 'penicillin']);
    expect(doc.current_prescriptions.map((p) => p.visit_id)).toEqual([chart.adamsDraft.visit, chart.signed.visit]);
    expect(doc.visits).toHaveLength(3);
  });

  it('gives the timeline in pages of 10, newest first, the next page after the last visit shown, each page audited', async () => {
    const student = nf('student11');
    const pages = await scenario(async () => {
      await asServer();
      // 12 more signed visits: with the signed visit and Dr Adams's own draft, 14 for Dr Adams (Dr Bello's draft is not his to read).
      const added: string[] = [];
      for (let daysAgo = 50; daysAgo < 62; daysAgo += 1)
        added.push((await serverVisit(db(), { student, doctor: daysAgo % 2 ? BELLO : ADAMS, daysAgo })).visit);
      await actAs(db(), ADAMS);
      const first = (await db().query<{ doc: ChartDoc }>('select public.open_patient_chart($1) as doc', [student]))
        .rows[0].doc;
      const second = (
        await db().query<{ doc: ChartPage }>('select public.patient_chart_visits($1, $2) as doc', [
          student,
          first.visits.at(-1)?.id,
        ])
      ).rows[0].doc;
      await asServer();
      const views = await value<number>(
        `select count(*)::int from public.audit_log where action = 'read' and record_id = $1 and details ->> 'screen' = 'Patient chart (earlier visits)'`,
        [student],
      );
      return { added, first, second, views };
    });
    expect(pages.first.visits).toHaveLength(10);
    expect(pages.first.earlier_visits).toBe(4);
    expect(pages.second.earlier_visits).toBe(0);
    expect(pages.second.visits.map((v) => Object.keys(v).sort())).toEqual(Array(4).fill(VISIT_KEYS));
    const timeline = [...pages.first.visits, ...pages.second.visits].map((v) => v.id);
    // The committed fixtures (41 and 43 days back), then the added ones from the newest (50 days back) to the oldest.
    expect(timeline).toEqual([chart.signed.visit, chart.adamsDraft.visit, ...pages.added]);
    expect(pages.views).toBe(1);
  });

  it('refuses the next page to anyone the chart is not for, and after a visit not on the caller’s chart', async () => {
    const student = nf('student11');
    const refused = async (caller: Caller, after: string | null, of = student) =>
      (await probe(db(), caller, 'select public.patient_chart_visits($1, $2)', [of, after])).error?.message;
    const notFound = 'Visit not found';
    expect(await refused(ADAMS, chart.bellosDraft.visit)).toBe(notFound);
    expect(await refused(ADAMS, chart.signed.visit, nf('student12'))).toBe(notFound);
    expect(await refused(ADAMS, null)).toBe(notFound);
    expect(await refused(SB_ADAMS, chart.signed.visit)).toBe(notFound);
    const onlyDoctors = "Only doctors of the student's university can open a patient chart";
    for (const caller of [ADMIN, SUPER, student]) expect(await refused(caller, chart.signed.visit)).toBe(onlyDoctors);
    expect(
      (await probe(db(), null, 'select public.patient_chart_visits($1, $2)', [student, chart.signed.visit])).error
        ?.code,
    ).toBe('42501');
    expect(
      (
        await json<ChartPage>(BELLO, 'select public.patient_chart_visits($1, $2) as doc', [student, chart.signed.visit])
      ).visits.map((v) => v.id),
    ).toEqual([chart.bellosDraft.visit]);
  });

  it('records each opening, with its screen, where the student sees who viewed the record', async () => {
    const student = nf('student11');
    await runAs(db(), BELLO, 'select public.open_patient_chart($1)', [student]);
    await runAs(db(), BELLO, 'select public.open_visit($1)', [chart.signed.visit]);
    const views = await probe<{ viewer_id: string; viewer_name: string; screen: string }>(
      db(),
      student,
      'select * from public.my_health_record_views()',
    );
    expect(
      views.rows.slice(0, 2).map(({ viewer_id, viewer_name, screen }) => ({ viewer_id, viewer_name, screen })),
    ).toEqual([
      { viewer_id: BELLO, viewer_name: 'Dr Tunde Bello', screen: 'Visit' },
      { viewer_id: BELLO, viewer_name: 'Dr Tunde Bello', screen: 'Patient chart' },
    ]);
    const entries = await probe<{ summary: string; record_id: string }>(
      db(),
      SUPER,
      `select * from public.audit_entries(event => 'health_record_read', person => 'dr.bello@')`,
    );
    expect(
      entries.rows
        .filter((e) => e.record_id === student)
        .slice(0, 2)
        .map((e) => e.summary),
    ).toEqual(['Opened the health record (Visit)', 'Opened the health record (Patient chart)']);
    // A refused opening records nothing.
    const before = await value<number>(
      `select count(*)::int from public.audit_log where action = 'read' and record_id = $1`,
      [student],
    );
    await probe(db(), SB_ADAMS, 'select public.open_patient_chart($1)', [student]);
    await probe(db(), ADMIN, 'select public.open_patient_chart($1)', [student]);
    expect(
      await value<number>(`select count(*)::int from public.audit_log where action = 'read' and record_id = $1`, [
        student,
      ]),
    ).toBe(before);
  });

  it('open_visit: a signed visit or the caller’s own draft, with the student and allergies; nothing else', async () => {
    const doc = await json<VisitOpened>(BELLO, 'select public.open_visit($1) as doc', [chart.signed.visit]);
    expect(Object.keys(doc).sort()).toEqual(['allergy_terms', 'health_profile', 'student', 'visit']);
    expect(Object.keys(doc.visit).sort()).toEqual(VISIT_KEYS);
    expect(doc.visit.id).toBe(chart.signed.visit);
    expect(doc.student.id).toBe(nf('student11'));
    expect(
      (await json<VisitOpened>(ADAMS, 'select public.open_visit($1) as doc', [chart.adamsDraft.visit])).visit.status,
    ).toBe('draft');
    const refused = async (caller: Caller, visit: string) =>
      (await probe(db(), caller, 'select public.open_visit($1)', [visit])).error?.message;
    expect(await refused(ADAMS, chart.bellosDraft.visit)).toBe('Visit not found');
    expect(await refused(SB_ADAMS, chart.signed.visit)).toBe('Visit not found');
    expect(await refused(ADMIN, chart.signed.visit)).toBe("Only doctors of the student's university can open a visit");
    expect(await refused(SUPER, chart.signed.visit)).toBe("Only doctors of the student's university can open a visit");
    expect(await refused(nf('student11'), chart.signed.visit)).toBe(
      "Only doctors of the student's university can open a visit",
    );
    expect((await probe(db(), null, 'select public.open_visit($1)', [chart.signed.visit])).error?.code).toBe('42501');
  });

  it('students read their own signed visits and all under them, never a draft; my_visits is the after-visit summary', async () => {
    const student = nf('student11');
    const rows = async (sql: string) =>
      (await probe<{ visit_id: string }>(db(), student, sql)).rows.map((r) => r.visit_id);
    expect(await rows('select id as visit_id from public.visits')).toEqual([chart.signed.visit]);
    for (const table of ['vital_signs', 'diagnoses', 'prescriptions', 'visit_addenda']) {
      expect({ table, visits: await rows(`select visit_id from public.${table}`) }).toEqual({
        table,
        visits: [chart.signed.visit],
      });
    }
    const mine = await json<MyVisits>(student, 'select public.my_visits() as doc');
    expect(Object.keys(mine).sort()).toEqual(['student', 'university', 'visits']);
    expect(mine.university).toEqual({ id: NORTHFIELD_ID, name: 'Northfield University' });
    expect(mine.visits.map((v) => v.id)).toEqual([chart.signed.visit]);
    expect(Object.keys(mine.visits[0]).sort()).toEqual(VISIT_KEYS);
    expect(mine.visits[0].addenda).toHaveLength(1);
    // A classmate sees nothing of it.
    expect((await json<MyVisits>(nf('student12'), 'select public.my_visits() as doc')).visits).toEqual([]);
    expect(
      (await probe(db(), nf('student12'), 'select id from public.visits where student_id = $1', [student])).rows,
    ).toEqual([]);
    for (const caller of [ADAMS, ADMIN, SUPER]) {
      expect((await probe(db(), caller, 'select public.my_visits()')).error?.message).toBe(
        'Only students can see their visits',
      );
    }
  });

  it('my_data() exports the signed visits, vital signs, prescriptions and letters (with their codes), never a draft', async () => {
    const data = await json<MyData>(nf('student11'), 'select public.my_data() as doc');
    expect(data.visits.map((v) => v.id)).toEqual([chart.signed.visit]);
    expect(data.vital_signs.map((v) => v.visit_id)).toEqual([chart.signed.visit]);
    expect(data.prescriptions.map((p) => [p.visit_id, p.drug])).toEqual([[chart.signed.visit, 'Paracetamol']]);
    expect(data.excuse_letters.map((l) => l.id)).toEqual([chart.letter.id]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(chart.adamsDraft.visit);
    expect(text).not.toContain(chart.bellosDraft.visit);
  });

  it('admins and super admins read no clinical content, only their university’s counts', async () => {
    for (const caller of [ADMIN, SUPER]) {
      for (const table of ['visits', 'vital_signs', 'diagnoses', 'prescriptions', 'visit_addenda']) {
        const result = await probe<{ n: number }>(db(), caller, `select count(*)::int as n from public.${table}`);
        expect({ caller, table, n: result.rows[0]?.n }).toEqual({ caller, table, n: 0 });
      }
      expect((await probe(db(), caller, 'select count(id)::int as n from public.excuse_letters')).rows).toEqual([
        { n: 0 },
      ]);
      expect(
        (await probe(db(), caller, 'select public.open_patient_chart($1)', [nf('student11')])).error?.message,
      ).toBe("Only doctors of the student's university can open a patient chart");
    }
    const expected = async (university: string) =>
      (
        await db().query(
          `select count(*) filter (where v.status = 'signed' and v.signed_at >= s.since)::int as visits_signed,
                count(*) filter (where v.status = 'draft')::int as visits_in_progress,
                count(distinct v.student_id) filter (where v.status = 'signed' and v.signed_at >= s.since)::int as students_seen
         from public.visits v
         cross join (select ((now() at time zone c.timezone)::date - 29)::timestamp at time zone c.timezone as since
                     from public.clinic_settings c where c.university_id = $1) s
         where v.university_id = $1`,
          [university],
        )
      ).rows[0];
    const counts = await json<Record<string, unknown>>(ADMIN, 'select public.clinical_counts() as doc');
    expect(Object.keys(counts).sort()).toEqual([
      'excuse_letters_issued',
      'excuse_letters_revoked',
      'from_date',
      'prescriptions',
      'students_seen',
      'to_date',
      'visits_in_progress',
      'visits_signed',
      'walk_ins',
    ]);
    expect(counts).toMatchObject(await expected(NORTHFIELD_ID));
    expect(await json(SUPER, 'select public.clinical_counts() as doc')).toEqual(counts);
    const southbank = await json<Record<string, unknown>>(SB_ADMIN, 'select public.clinical_counts() as doc');
    expect(southbank).toMatchObject(await expected(SOUTHBANK_ID));
    expect(southbank).not.toEqual(counts);
    for (const caller of [ADAMS, nf('student11')]) {
      expect((await probe(db(), caller, 'select public.clinical_counts()')).error?.message).toBe(
        "Only admins can see the clinic's counts",
      );
    }
    // The audit trail shows super admins what was done to whose record, never a value from it.
    const trail = await probe<{ at: string; summary: string; what: string; subject: string }>(
      db(),
      SUPER,
      `select * from public.audit_entries(event => 'health_record_change', page_size => 100)`,
    );
    // Without each entry's time: one written at hh:mm:37.2xx would read as the temperature.
    const text = JSON.stringify(trail.rows.map(({ at: _at, ...entry }) => entry));
    expect(trail.rows.some((e) => e.summary === 'Signed the visit note' && e.subject === 'Kemi Adeyemi')).toBe(true);
    for (const clinical of ['Cough', 'bronchitis', 'J20', 'Paracetamol', 'Blood count', '37.2'])
      expect(text).not.toContain(clinical);
  });

  it('crosses no university', async () => {
    expect(
      (await probe(db(), SB_ADAMS, 'select public.open_patient_chart($1)', [nf('student11')])).error?.message,
    ).toBe('Student not found');
    expect((await probe(db(), ADAMS, 'select public.open_patient_chart($1)', [sb('student11')])).error?.message).toBe(
      'Student not found',
    );
    for (const table of ['visits', 'vital_signs', 'diagnoses', 'prescriptions', 'visit_addenda']) {
      const result = await probe<{ n: number }>(
        db(),
        SB_ADAMS,
        `select count(*)::int as n from public.${table} where university_id = $1`,
        [NORTHFIELD_ID],
      );
      expect({ table, n: result.rows[0].n }).toEqual({ table, n: 0 });
    }
    expect(
      (await probe(db(), sb('student11'), 'select id from public.visits where university_id = $1', [NORTHFIELD_ID]))
        .rows,
    ).toEqual([]);
  });
});

// --- Follow-up ----------------------------------------------------------------------------------------------------------
describe('booking the follow-up from the note', () => {
  const NOT_FREE =
    "That time is not free for a follow-up: choose one of your free times (within the clinic's hours and yours, at least 2 hours ahead, " +
    'not on a closure or your time off, and when neither you nor the student is booked)';
  const book = (visit: string, at: string | null, minutes: number | null = null) =>
    attempt<{
      id: string;
      student_id: string;
      provider_id: string;
      date: Date;
      duration_minutes: number;
      reason: string;
      status: string;
      kind: string;
    }>('select * from public.book_follow_up($1, $2::timestamptz, $3)', [visit, at, minutes]);

  it('books the visit’s student with the visit’s doctor, from a signed visit or a draft, and emails the student nothing clinical', async () => {
    const outcome = await scenario(async () => {
      const at = await clinicSlot(db(), 100, '09:00');
      const fromDraftAt = await clinicSlot(db(), 100, '10:00');
      await actAs(db(), ADAMS);
      const fromSigned = (await book(chart.signed.visit, at)).rows?.[0];
      const fromDraft = (await book(chart.adamsDraft.visit, fromDraftAt, 60)).rows?.[0];
      await asServer();
      const mail = (
        await db().query<{ to_email: string; kind: string; subject: string; body: string }>(
          'select to_email, kind, subject, body from public.email_outbox where appointment_id = $1',
          [fromSigned?.id],
        )
      ).rows;
      const bookedBy = (
        await db().query('select booked_by from private.staff_bookings where appointment_id = any($1::uuid[])', [
          [fromSigned?.id, fromDraft?.id],
        ])
      ).rows;
      return { at, fromDraftAt, fromSigned, fromDraft, mail, bookedBy };
    });
    expect(outcome.fromSigned).toMatchObject({
      student_id: nf('student11'),
      provider_id: ADAMS,
      duration_minutes: 30,
      reason: 'Follow-up',
      status: 'scheduled',
      kind: 'booked',
    });
    expect(outcome.fromSigned?.date.toISOString()).toBe(outcome.at);
    expect(outcome.fromDraft).toMatchObject({
      student_id: nf('student11'),
      provider_id: ADAMS,
      duration_minutes: 60,
      reason: 'Follow-up',
    });
    // The normal booking confirmation to the student; the doctor booked it, so they are not told.
    expect(outcome.mail.map((m) => [m.to_email, m.kind])).toEqual([
      ['student11@northfield.edu', 'booking_confirmation'],
    ]);
    const text = `${outcome.mail[0].subject}\n${outcome.mail[0].body}`.toLowerCase();
    for (const clinical of [
      'follow-up',
      'follow up',
      'cough',
      'bronchitis',
      'paracetamol',
      'consultation',
      'rest and fluids',
      '10 days',
    ]) {
      expect({ clinical, found: text.includes(clinical) }).toEqual({ clinical, found: false });
    }
    expect(outcome.bookedBy).toEqual([{ booked_by: ADAMS }, { booked_by: ADAMS }]);
  });

  it('is for the visit’s doctor only: not a colleague, an admin, the student, or anyone of the other university', async () => {
    const at = await clinicSlot(db(), 100, '09:00');
    const refused = async (caller: Caller, visit: string) => {
      const result = await probe(db(), caller, 'select id from public.book_follow_up($1, $2::timestamptz)', [
        visit,
        at,
      ]);
      return result.error ? result.error.message : 'booked';
    };
    expect(await refused(BELLO, chart.signed.visit)).toBe("Only the visit's doctor can book a follow-up from it");
    expect(await refused(BELLO, chart.adamsDraft.visit)).toBe('Visit not found');
    expect(await refused(ADAMS, chart.bellosDraft.visit)).toBe('Visit not found');
    for (const caller of [ADMIN, SUPER, nf('student11'), nf('student12'), SB_ADMIN]) {
      expect({ caller, outcome: await refused(caller, chart.signed.visit) }).toEqual({
        caller,
        outcome: "Only the visit's doctor can book a follow-up from it",
      });
    }
    expect(await refused(SB_ADAMS, chart.signed.visit)).toBe('Visit not found');
    expect(
      (await probe(db(), null, 'select public.book_follow_up($1, $2::timestamptz)', [chart.signed.visit, at])).error
        ?.code,
    ).toBe('42501');
    expect(
      await value<number>(`select count(*)::int from public.appointments where student_id = $1 and date = $2`, [
        nf('student11'),
        at,
      ]),
    ).toBe(0);
  });

  it('takes only a time the clinic offers the doctor and the student, and says so', async () => {
    const outcome = await scenario(async () => {
      const nine = await clinicSlot(db(), 110, '09:00');
      const ten = await clinicSlot(db(), 110, '10:00');
      const closed = await clinicSlot(db(), 120, '09:00');
      const away = await clinicSlot(db(), 130, '09:00');
      const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
      await asServer();
      await db().query(
        `insert into public.clinic_closures (university_id, starts_on, ends_on, reason)
                        values ($1, ($2::timestamptz at time zone 'America/New_York')::date, ($2::timestamptz at time zone 'America/New_York')::date, 'Holiday')`,
        [NORTHFIELD_ID, closed],
      );
      await db().query(
        `insert into public.doctor_time_off (doctor_id, university_id, starts_at, ends_at) values ($1, $2, $3::timestamptz, $3::timestamptz + interval '2 hours')`,
        [ADAMS, NORTHFIELD_ID, away],
      );
      // The student's own visit at ten, with another doctor.
      await db().query(
        `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
                        select m.university_id, m.id, $2, $3, 'Kemi Adeyemi', m.department, m.reg_number, m.year_of_study, 'Check-up'
                        from public.members m where m.id = $1`,
        [nf('student11'), BELLO, ten],
      );
      await actAs(db(), ADAMS);
      const message = async (visit: string, at: string | null, minutes: number | null = null) => {
        const result = await book(visit, at, minutes);
        return result.error ? result.error.message : 'booked';
      };
      const first = await message(chart.signed.visit, nine);
      return {
        first,
        doubleBooked: await message(chart.adamsDraft.visit, nine),
        studentBusy: await message(chart.signed.visit, ten),
        overlapsStudent: await message(chart.signed.visit, shift(ten, -30), 60),
        afterHours: await message(chart.signed.visit, shift(nine, 10 * 60)),
        offTheGrid: await message(chart.signed.visit, shift(nine, 10)),
        closure: await message(chart.signed.visit, closed),
        timeOff: await message(chart.signed.visit, away),
        past: await message(chart.signed.visit, shift(nine, -200 * 24 * 60)),
        missing: await message(chart.signed.visit, null),
        tooLong: await message(chart.signed.visit, shift(nine, 60), 300),
        yearAhead: await message(chart.signed.visit, shift(nine, 400 * 24 * 60)),
      };
    });
    expect(outcome).toEqual({
      first: 'booked',
      doubleBooked: NOT_FREE,
      studentBusy: NOT_FREE,
      overlapsStudent: NOT_FREE,
      afterHours: NOT_FREE,
      offTheGrid: NOT_FREE,
      closure: NOT_FREE,
      timeOff: NOT_FREE,
      past: 'Choose a date and time in the future',
      missing: 'Choose a date and time for the follow-up',
      tooLong: 'An appointment lasts between 10 and 240 minutes',
      yearAhead: NOT_FREE,
    });
  });

  it('is the clinic’s booking: neither refused by the student’s own booking limits nor counted in them', async () => {
    const outcome = await scenario(async () => {
      const student = nf('student11');
      await asServer();
      const ownUpcoming = await value<number>(
        `select count(*)::int from public.appointments where student_id = $1 and status = 'scheduled' and date > now()`,
        [student],
      );
      const ownToday = await value<number>(
        `select count(*)::int from public.appointments a join public.clinic_settings s on s.university_id = a.university_id
         where a.student_id = $1 and a.created_at >= date_trunc('day', now() at time zone s.timezone) at time zone s.timezone`,
        [student],
      );
      // Room for exactly one more booking of the student's own, upcoming and today; and at most 3 a minute, always.
      await db().query(
        'update public.clinic_settings set student_upcoming_limit = $2, student_daily_booking_limit = $3 where university_id = $1',
        [NORTHFIELD_ID, ownUpcoming + 1, ownToday + 1],
      );
      const slots = [
        await clinicSlot(db(), 140, '09:00'),
        await clinicSlot(db(), 140, '09:30'),
        await clinicSlot(db(), 140, '10:00'),
      ];
      await actAs(db(), ADAMS);
      const followUps: string[] = [];
      for (const at of slots) {
        const result = await book(chart.signed.visit, at);
        followUps.push(result.error ? result.error.message : 'booked');
      }
      await actAs(db(), student);
      const ownSlots = (
        await db().query<{ starts_at: Date }>(
          'select starts_at from public.available_slots(current_date + 150, current_date + 160) order by starts_at limit 2',
        )
      ).rows.map((r) => r.starts_at);
      const own = async (at: Date) => {
        const result = await attempt(`select id from public.book_appointment($1, 'Check-up')`, [at]);
        return result.error ? result.error.message : 'booked';
      };
      return { followUps, first: await own(ownSlots[0]), second: await own(ownSlots[1]), ownUpcoming };
    });
    // Three follow-ups this minute, beyond the upcoming and daily room: had any counted, the student's own booking
    // would be refused by one of the three limits.
    expect(outcome.followUps).toEqual(['booked', 'booked', 'booked']);
    expect(outcome.first).toBe('booked');
    expect(outcome.second).toBe(
      `You already have ${outcome.ownUpcoming + 1} upcoming appointment${outcome.ownUpcoming + 1 === 1 ? '' : 's'}, the most the clinic allows. Cancel one, or book again after your next visit.`,
    );
  });
});

// --- Email ------------------------------------------------------------------------------------------------------------
describe('the visit summary email', () => {
  it('tells the student a summary is waiting, with a link and nothing clinical, once, when the visit is signed', async () => {
    const mail = await scenario(async () => {
      await asServer();
      await db().query(`update public.health_profiles set allergies = 'Zzyzx pollen' where student_id = $1`, [
        nf('student07'),
      ]);
      const { visit } = await startToday(nf('student07'), ADAMS, 'Other: HIV test result');
      await db().query(
        `update public.visits set assessment = 'Anxiety about results', plan = 'Counselling' where id = $1`,
        [visit],
      );
      await db().query(
        `insert into public.diagnoses (visit_id, description, icd10_code) values ($1, 'Anxiety', 'F41.9')`,
        [visit],
      );
      await db().query(`insert into public.prescriptions (visit_id, drug) values ($1, 'Sertraline')`, [visit]);
      await db().query(`insert into public.vital_signs (visit_id, temperature_c) values ($1, 38.6)`, [visit]);
      await asServer();
      const last = await value<string>('select coalesce(max(id), 0)::text from public.email_outbox');
      await actAs(db(), ADAMS);
      await db().query('select public.sign_visit($1)', [visit]);
      await asServer();
      const site = await value<string>('select private.site_url()');
      const { rows } = await db().query(
        'select to_email, subject, body, kind, calendar from public.email_outbox where id > $1::bigint order by id',
        [last],
      );
      return { rows, site };
    });
    expect(mail.rows).toEqual([
      {
        to_email: 'student07@northfield.edu',
        subject: 'You have a new visit summary',
        kind: 'visit_summary',
        calendar: null,
        body: [
          'Hello Grace,',
          '',
          'You have a new visit summary from the Northfield University clinic.',
          '',
          `To read it, sign in to CampusCare and open My visits: ${mail.site}/studentvisits`,
          '',
          'For your privacy, this email says nothing about the visit itself.',
          '',
        ].join('\n'),
      },
    ]);
    const text = JSON.stringify(mail.rows).toLowerCase();
    for (const clinical of ['hiv', 'anxiety', 'f41', 'sertraline', 'counselling', '38.6', 'zzyzx', 'fever', 'reason'])
      expect(text).not.toContain(clinical);
  });
});

// --- ICD-10 -----------------------------------------------------------------------------------------------------------
describe('ICD-10 codes', () => {
  it('ship the diagnoses a campus clinic sees most', async () => {
    const { rows } = await db().query<{ code: string }>('select code from public.icd10_codes');
    const codes = new Set(rows.map((r) => r.code));
    expect(codes.size).toBeGreaterThanOrEqual(300);
    for (const code of [
      'B50',
      'B51',
      'B52',
      'B53',
      'B54',
      'J00',
      'J01',
      'J02',
      'J03',
      'J04.0',
      'J05.0',
      'J06.9',
      'J11',
      'A09',
      'K52',
      'N39.0',
      'S93.4',
      'S63.5',
      'F41',
      'F32',
      'Z30',
      'Z30.0',
      'L70',
      'H10',
      'R51',
      'G43',
      'G44.2',
      'J45',
      'L30.9',
      'Z00.0',
      'Z23',
      'T14.0',
    ]) {
      expect({ code, shipped: codes.has(code) }).toEqual({ code, shipped: true });
    }
  });

  it('are searched by code prefix, then by words of the title, for any signed-in member', async () => {
    const search = async (caller: Caller, term: string) =>
      (await probe<{ code: string }>(db(), caller, 'select code from public.search_icd10_codes($1)', [term])).rows.map(
        (r) => r.code,
      );
    expect(await search(nf('student11'), 'j06')).toEqual(['J06', 'J06.0', 'J06.9']);
    expect(await search(ADAMS, 'S93.4')).toEqual(['S93.4']);
    expect(await search(ADMIN, 'sprain')).toEqual(expect.arrayContaining(['S93.4', 'S63.5', 'S13.4']));
    expect(await search(ADAMS, 'MALARIA')).toEqual(expect.arrayContaining(['B50.9', 'B54']));
    expect(await search(ADAMS, '%')).toEqual([]);
    expect((await probe(db(), ADAMS, `select * from public.search_icd10_codes('')`)).error?.message).toBe(
      'Search for 1 to 100 characters',
    );
    expect((await probe(db(), null, `select * from public.search_icd10_codes('j06')`)).error?.code).toBe('42501');
    const unknown = await scenario(async () => {
      await actAs(db(), ADAMS);
      return (
        await attempt(
          `insert into public.diagnoses (visit_id, description, icd10_code) values ($1, 'Made up', 'Q99.9')`,
          [chart.adamsDraft.visit],
        )
      ).error?.code;
    });
    expect(unknown).toBe('23503');
  });
});
