/**
 * Immunization compliance, the database's part: the status function (doses counted with their interval, due dates
 * fixed or after joining, pending and rejected proof, exemptions, whom a requirement applies to), what students record,
 * the admins' counts and holds list, and who reads and writes what, across both universities.
 */
import { type Caller, probe, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const STUDENT = nf('student01'); // Medicine, joined 60 days ago (the seed)
const LAW_STUDENT = nf('student02');
const HEP_B = '00000000-0000-4000-8000-0000000a11b0';
const MMR = '00000000-0000-4000-8000-0000000a11b1';

interface Standing {
  name: string;
  status: string;
  due_on: string;
  doses_counted: number;
  missing: string | null;
}

const database = testDatabase();

/**
 * Today on each university's clinic calendar, read once from the database: its `current_date` is the server's day,
 * which in a New York evening is already tomorrow (and a dose of tomorrow is refused).
 */
const clinicToday: Record<string, string> = {};
beforeAll(async () => {
  const { rows } = await database.client.query<{ id: string; today: string }>(
    'select id, private.clinic_today(id)::text as today from public.universities',
  );
  for (const { id, today } of rows) clinicToday[id] = today;
});
/** The day `offset` days from today on the university's clinic calendar, as SQL for a caller (who may not call private.clinic_today). */
const day = (offset = 0, university = NORTHFIELD_ID) => `(date '${clinicToday[university]}' + ${offset})`;

/**
 * Northfield's requirements, in place of the seed's (and without its doses and exemptions): Hepatitis B for Medicine
 * (3 doses 28 days apart, due 30 days after joining), MMR for all (2 doses, due in 10 days).
 */
const REQUIREMENTS = `
  delete from public.immunization_doses where university_id = '${NORTHFIELD_ID}';
  delete from public.immunization_requirements where university_id = '${NORTHFIELD_ID}';
  insert into public.immunization_requirements (id, university_id, name, cvx_codes, doses_required, min_interval_days,
                                                due_days_after_joining, departments, personal_exemption)
  values ('${HEP_B}', '${NORTHFIELD_ID}', 'Hepatitis B', '{08,43,45}', 3, 28, 30, '{Medicine}', false);
  insert into public.immunization_requirements (id, university_id, name, cvx_codes, doses_required, due_on, personal_exemption)
  values ('${MMR}', '${NORTHFIELD_ID}', 'MMR', '{03}', 2, private.clinic_today('${NORTHFIELD_ID}') + 10, true);`;

/** SQL adding a dose for `student`, `daysAgo` days ago, with a review status. */
function dose(student: string, cvx: string, daysAgo: number, review = 'approved'): string {
  return `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, review_status, reject_reason)
    values ('${NORTHFIELD_ID}', '${student}', '${cvx}', private.clinic_today('${NORTHFIELD_ID}') - ${daysAgo}, '${review}', ${review === 'rejected' ? "'Card unreadable'" : 'null'});`;
}

async function standings(caller: Caller, setup: string): Promise<Standing[]> {
  const result = await probe<Standing>(
    database.client,
    caller,
    `select name, status, due_on::text, doses_counted, missing from public.my_immunizations()`,
    [],
    `${REQUIREMENTS} ${setup}`,
  );
  expect(result.error).toBeUndefined();
  return result.rows;
}

describe("a student's status per requirement", () => {
  it('is due, with what is missing, until the due date, and overdue after it (30 days after joining: 60 days ago)', async () => {
    const rows = await standings(STUDENT, '');
    expect(rows.map(({ name, status, doses_counted, missing }) => ({ name, status, doses_counted, missing }))).toEqual([
      {
        name: 'Hepatitis B',
        status: 'overdue',
        doses_counted: 0,
        missing: '3 more doses of Hepatitis B, paediatric or adolescent (at least 28 days apart)',
      },
      { name: 'MMR', status: 'due', doses_counted: 0, missing: '2 more doses of MMR (measles, mumps and rubella)' },
    ]);
    const joinedLately = await standings(
      STUDENT,
      `update public.members set created_at = now() - interval '5 days' where id = '${STUDENT}';`,
    );
    expect(joinedLately.find((row) => row.name === 'Hepatitis B')?.status).toBe('due');
  });

  it('counts approved doses of any of its vaccines at the interval, not pending, rejected or too close ones', async () => {
    const tooClose = await standings(
      STUDENT,
      dose(STUDENT, '08', 100) + dose(STUDENT, '43', 90) + dose(STUDENT, '45', 40),
    );
    expect(tooClose.find((row) => row.name === 'Hepatitis B')).toMatchObject({
      status: 'overdue',
      doses_counted: 2,
      missing: '1 more dose of Hepatitis B, paediatric or adolescent',
    });
    const met = await standings(STUDENT, dose(STUDENT, '08', 100) + dose(STUDENT, '43', 70) + dose(STUDENT, '45', 40));
    expect(met.find((row) => row.name === 'Hepatitis B')).toMatchObject({
      status: 'met',
      doses_counted: 3,
      missing: null,
    });
    const pending = await standings(STUDENT, dose(STUDENT, '03', 400) + dose(STUDENT, '03', 20, 'pending'));
    expect(pending.find((row) => row.name === 'MMR')).toMatchObject({ status: 'under_review', doses_counted: 1 });
    const rejected = await standings(STUDENT, dose(STUDENT, '03', 400) + dose(STUDENT, '03', 20, 'rejected'));
    expect(rejected.find((row) => row.name === 'MMR')).toMatchObject({
      status: 'due',
      doses_counted: 1,
      missing: '1 more dose of MMR (measles, mumps and rubella)',
    });
  });

  it('is exempt with an approved exemption and under review with a pending one; applies only to whom it names', async () => {
    const exemption = (
      review: string,
    ) => `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status)
      values ('${NORTHFIELD_ID}', '${STUDENT}', '${HEP_B}', 'medical', 'Allergic to a component', '${review}');`;
    expect((await standings(STUDENT, exemption('approved'))).find((row) => row.name === 'Hepatitis B')?.status).toBe(
      'exempt',
    );
    expect((await standings(STUDENT, exemption('pending'))).find((row) => row.name === 'Hepatitis B')?.status).toBe(
      'under_review',
    );
    expect((await standings(LAW_STUDENT, '')).map((row) => row.name)).toEqual(['MMR']);
  });
});

describe('what a student records', () => {
  it('records doses for review and asks for the exemptions a requirement accepts, refusing the rest in words', async () => {
    const recorded = await probe<{ review_status: string; source: string; university_id: string }>(
      database.client,
      STUDENT,
      `select review_status, source, university_id from public.record_immunization_dose('03', ${day(-3)}, ' Campus clinic ', '')`,
      [],
      REQUIREMENTS,
    );
    expect(recorded.rows).toEqual([{ review_status: 'pending', source: 'student', university_id: NORTHFIELD_ID }]);
    const cases: [Caller, string, string][] = [
      [STUDENT, `select public.record_immunization_dose('999', ${day()})`, 'Choose a vaccine from the list'],
      [
        STUDENT,
        `select public.record_immunization_dose('03', ${day(2)})`,
        'Give the day the dose was given: today or earlier',
      ],
      [
        STUDENT,
        `select public.record_immunization_dose('03', null)`,
        'Give the day the dose was given: today or earlier',
      ],
      [
        nf('dr.adams'),
        `select public.record_immunization_dose('03', ${day()})`,
        'Only students record their own doses; the clinic records the doses it gives',
      ],
      [
        STUDENT,
        `select public.request_immunization_exemption('${HEP_B}', 'personal', 'Belief')`,
        'Hepatitis B accepts medical exemptions only',
      ],
      [
        STUDENT,
        `select public.request_immunization_exemption('${MMR}', 'medical', ' ')`,
        'Give the reason for the exemption',
      ],
      [
        LAW_STUDENT,
        `select public.request_immunization_exemption('${HEP_B}', 'medical', 'Reason')`,
        'Requirement not found',
      ],
      [
        sb('student01'),
        `select public.request_immunization_exemption('${MMR}', 'medical', 'Reason')`,
        'Requirement not found',
      ],
      [nf('registrar'), 'select * from public.my_immunizations()', 'Only students have immunization requirements'],
    ];
    for (const [caller, sql, message] of cases) {
      expect({ sql, message: (await probe(database.client, caller, sql, [], REQUIREMENTS)).error?.message }).toEqual({
        sql,
        message,
      });
    }
    for (const sql of [
      'select * from public.my_immunizations()',
      `select public.record_immunization_dose('03', ${day()})`,
      `select public.request_immunization_exemption('${MMR}', 'medical', 'Reason')`,
    ]) {
      expect({ sql, code: (await probe(database.client, null, sql, [], REQUIREMENTS)).error?.code }).toEqual({
        sql,
        code: '42501',
      });
    }
    // A student of the other university records doses for their own university only.
    const southbank = await probe<{ university_id: string }>(
      database.client,
      sb('student01'),
      `select university_id from public.record_immunization_dose('03', ${day(0, SOUTHBANK_ID)})`,
      [],
      REQUIREMENTS,
    );
    expect(southbank.rows).toEqual([{ university_id: SOUTHBANK_ID }]);
    const asked = await probe<{ kind: string; review_status: string }>(
      database.client,
      STUDENT,
      `select kind, review_status from public.request_immunization_exemption('${MMR}', 'personal', 'Conscientious objection')`,
      [],
      REQUIREMENTS,
    );
    expect(asked.rows).toEqual([{ kind: 'personal', review_status: 'pending' }]);
  });
});

describe("the admins' view", () => {
  it("counts students per status and lists the overdue, for the university's admins only, never a dose or a reason", async () => {
    const compliance = await probe<{ name: string; students: string; met: string; overdue: string; due: string }>(
      database.client,
      nf('registrar'),
      'select name, students, met, overdue, due from public.immunization_compliance()',
      [],
      REQUIREMENTS + dose(STUDENT, '03', 100) + dose(STUDENT, '03', 10),
    );
    const mmr = compliance.rows.find((row) => row.name === 'MMR');
    expect(Number(mmr?.met)).toBe(1);
    expect(Number(mmr?.students)).toBe(Number(mmr?.met) + Number(mmr?.due));
    const hepB = compliance.rows.find((row) => row.name === 'Hepatitis B');
    expect(Number(hepB?.overdue)).toBe(Number(hepB?.students));
    expect(Number(hepB?.students)).toBeGreaterThan(0);

    const overdue = await probe<{ student_id: string; requirement_name: string; missing: string }>(
      database.client,
      nf('admin'),
      'select student_id, requirement_name, missing from public.overdue_students($1)',
      [HEP_B],
      REQUIREMENTS,
    );
    expect(overdue.rows.find((row) => row.student_id === STUDENT)).toEqual({
      student_id: STUDENT,
      requirement_name: 'Hepatitis B',
      missing: '3 more doses of Hepatitis B, paediatric or adolescent (at least 28 days apart)',
    });
    expect(overdue.rows.some((row) => row.student_id === LAW_STUDENT)).toBe(false);

    for (const caller of [nf('dr.adams'), STUDENT]) {
      expect(
        (await probe(database.client, caller, 'select * from public.immunization_compliance()', [], REQUIREMENTS)).error
          ?.message,
      ).toBe("Only the university's administrators can see immunization compliance");
      expect(
        (await probe(database.client, caller, 'select * from public.overdue_students()', [], REQUIREMENTS)).error
          ?.message,
      ).toBe("Only the university's administrators can see who is overdue");
    }
    expect(
      (
        await probe(
          database.client,
          sb('registrar'),
          'select * from public.immunization_compliance()',
          [],
          REQUIREMENTS,
        )
      ).rows,
    ).toEqual([]);
    expect(
      (await probe(database.client, null, 'select * from public.overdue_students()', [], REQUIREMENTS)).error?.code,
    ).toBe('42501');
  });
});

describe('who reads and writes the tables', () => {
  const setup =
    REQUIREMENTS +
    dose(STUDENT, '03', 30) +
    `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason)
    values ('${NORTHFIELD_ID}', '${STUDENT}', '${HEP_B}', 'medical', 'Private reason');`;
  const count = async (caller: Caller, table: string) => {
    const result = await probe<{ n: string }>(
      database.client,
      caller,
      `select count(*) as n from public.${table}`,
      [],
      setup,
    );
    return result.error?.code ?? Number(result.rows[0]?.n);
  };

  it('keeps doses and exemptions to their student, and requirements to the university (students: those that apply)', async () => {
    expect(await count(STUDENT, 'immunization_doses')).toBe(1);
    expect(await count(STUDENT, 'immunization_exemptions')).toBe(1);
    for (const caller of [nf('dr.adams'), nf('registrar'), nf('admin'), LAW_STUDENT, sb('dr.adams'), sb('admin')]) {
      expect({
        caller,
        doses: await count(caller, 'immunization_doses'),
        exemptions: await count(caller, 'immunization_exemptions'),
      }).toEqual({ caller, doses: 0, exemptions: 0 });
    }
    expect(await count(null, 'immunization_doses')).toBe('42501');
    expect(await count(nf('dr.adams'), 'immunization_requirements')).toBe(2);
    expect(await count(LAW_STUDENT, 'immunization_requirements')).toBe(1);
    expect(await count(sb('admin'), 'immunization_requirements')).toBe(0);
    expect(Number(await count(STUDENT, 'vaccines'))).toBeGreaterThan(20);
  });

  it('lets only the university account write requirements, and nobody write doses or exemptions directly', async () => {
    const insert = (caller: Caller) =>
      probe(
        database.client,
        caller,
        `insert into public.immunization_requirements (name, cvx_codes, doses_required, due_on) values ('Yellow fever', '{37}', 1, ${day(30)}) returning university_id`,
        [],
        setup,
      );
    expect((await insert(nf('admin'))).rows).toEqual([{ university_id: NORTHFIELD_ID }]);
    expect((await insert(sb('admin'))).rows).toEqual([{ university_id: SOUTHBANK_ID }]);
    for (const caller of [nf('registrar'), nf('dr.adams'), STUDENT])
      expect((await insert(caller)).error?.code).toBe('42501');
    const unknown = await probe(
      database.client,
      nf('admin'),
      `insert into public.immunization_requirements (name, cvx_codes, due_on) values ('Made up', '{999}', ${day()})`,
      [],
      setup,
    );
    expect(unknown.error?.message).toBe('Choose vaccines from the list');
    const southbankEdits = await probe(
      database.client,
      sb('admin'),
      `update public.immunization_requirements set name = 'X' returning id`,
      [],
      setup,
    );
    expect(southbankEdits.rows).toEqual([]);
    for (const sql of [
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, review_status) values ('${NORTHFIELD_ID}', '${STUDENT}', '03', ${day()}, 'approved')`,
      `update public.immunization_doses set review_status = 'approved'`,
      `update public.immunization_exemptions set review_status = 'approved'`,
      `delete from public.immunization_doses`,
    ]) {
      expect({ sql, code: (await probe(database.client, STUDENT, sql, [], setup)).error?.code }).toEqual({
        sql,
        code: '42501',
      });
    }
  });
});
