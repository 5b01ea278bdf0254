/**
 * Immunization proof and the clinic's review (migrations 20260124*): documents in the private bucket and who reads
 * them (the student; a doctor of the university only after opening it, which the student is shown), the doctors'
 * review queue and decisions, doses given at the clinic, the kept standings behind the admins' counts (always what
 * private.immunization_state() decides), and the due / overdue reminders. Two universities and every role.
 */
import type { Client } from 'pg';
import { storeSiteUrl } from '../../server/src/postgres/migrate';
import {
  actAs,
  type Caller,
  probe,
  rolledBack,
  runAs,
  serverVisit,
  setClinicZoneWithoutTriggers,
  testDatabase,
} from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);

// The seed's Northfield immunization data (supabase/seed.sql).
const HEP_B = 'a1f0c3e2-0000-4000-8000-00000000a001';
const MMR = 'a1f0c3e2-0000-4000-8000-00000000a002';
const MEN_ACWY = 'a1f0c3e2-0000-4000-8000-00000000a003';
const CARD = 'a1f0c3e2-0000-4000-8000-00000000d001'; // student02's vaccination card (MMR doses under review)
const LETTER = 'a1f0c3e2-0000-4000-8000-00000000d002'; // student06's physician's letter (MMR exemption, approved)

const STUDENT = nf('student02');
const CLASSMATE = nf('student03');
const DOCTOR = nf('dr.adams');
const OTHER_DOCTOR = nf('dr.bello');
const ADMIN = nf('registrar');
const SUPER = nf('admin');
const SB_DOCTOR = sb('dr.adams');
const SB_ADMIN = sb('registrar');
const SB_STUDENT = sb('student02');
/** Everyone who is not a doctor of the student's university. */
const NOT_THE_CLINIC: Caller[] = [STUDENT, CLASSMATE, ADMIN, SUPER, SB_DOCTOR, SB_ADMIN, SB_STUDENT];

const database = testDatabase();

/** Back to the server's own identity (superuser, no JWT) inside the current transaction. */
async function asServer(client: Client): Promise<void> {
  await client.query(`reset role; select set_config('request.jwt.claims', '', true)`);
}

/** The text of every outcome in `callers`, as `caller: message` or `caller: ok`. */
async function outcomes(callers: Caller[], sql: string, params: unknown[] = [], setup?: string): Promise<string[]> {
  const out: string[] = [];
  for (const caller of callers) {
    const result = await probe(database.client, caller, sql, params, setup);
    out.push(`${caller}: ${result.error ? result.error.message : 'ok'}`);
  }
  return out;
}

/** Every (requirement, student) whose kept standing differs from what private.immunization_state() decides now. */
const STANDINGS_DRIFT = `
  select r.name, m.email, st.state as kept, s.state as decided
  from public.immunization_requirements r
  join public.members m on private.requirement_applies(r, m) and m.status = 'active'
  cross join lateral private.immunization_state(r, m) s
  full join private.immunization_standings st on st.requirement_id = r.id and st.student_id = m.id
  where (st.state, st.due_on, st.doses_counted, st.missing) is distinct from (s.state, s.due_on, s.doses_counted, s.missing)`;

/** Every (requirement, state, due date) whose kept count differs from the standings it counts. */
const TALLY_DRIFT = `
  select requirement_id, state, due_on, t.students as kept, c.students as counted
  from (select * from private.immunization_tallies where students <> 0) t
  full join (select requirement_id, state, due_on, count(*) as students from private.immunization_standings group by 1, 2, 3) c
    using (requirement_id, state, due_on)
  where t.students is distinct from c.students`;

describe('documents', () => {
  const upload = (path: string) =>
    `insert into storage.objects (bucket_id, name, owner, metadata)
     values ('medical-documents', '${path}', auth.uid(), '{"mimetype": "image/jpeg", "size": 2048}') returning name`;

  it('are uploaded by a student into their own folder only, and registered with the stored type and size', async () => {
    const mine = `${STUDENT}/card-2.jpg`;
    expect((await probe(database.client, STUDENT, upload(mine))).rows).toEqual([{ name: mine }]);
    for (const caller of [CLASSMATE, DOCTOR, ADMIN, SUPER, SB_STUDENT]) {
      expect({ caller, code: (await probe(database.client, caller, upload(mine))).error?.code }).toEqual({
        caller,
        code: '42501',
      });
    }
    // Staff cannot fill a folder of their own either: the bucket is for students' proof.
    expect((await probe(database.client, DOCTOR, upload(`${DOCTOR}/x.jpg`))).error?.code).toBe('42501');
    expect((await probe(database.client, null, upload(mine))).error?.code).toBe('42501');

    const added = await rolledBack(database.client, async () => {
      await actAs(database.client, STUDENT);
      await database.client.query(upload(mine));
      const first = await database.client.query(`select * from public.add_medical_document($1, $2)`, [
        mine,
        ' Card\nback side.jpg ',
      ]);
      const again = await database.client.query(`select id from public.add_medical_document($1)`, [mine]);
      return { first: first.rows[0], again: again.rows[0].id };
    });
    expect(added.value?.first).toMatchObject({
      student_id: STUDENT,
      university_id: NORTHFIELD_ID,
      storage_object: mine,
      file_name: 'Card back side.jpg',
      content_type: 'image/jpeg',
      size_bytes: '2048',
    });
    expect(added.value?.again).toBe(added.value?.first.id);
    expect(
      await outcomes([STUDENT, CLASSMATE, DOCTOR], `select public.add_medical_document($1)`, [
        `${STUDENT}/missing.pdf`,
      ]),
    ).toEqual([
      `${STUDENT}: Upload the file first, then add it`,
      `${CLASSMATE}: Upload the file first, then add it`,
      `${DOCTOR}: Only students add their own documents`,
    ]);
    // Nobody else registers a student's file: staff of either university, nor a student of the other.
    expect(
      await outcomes([ADMIN, SUPER, SB_DOCTOR, SB_STUDENT], `select public.add_medical_document($1)`, [
        `${STUDENT}/vaccination-card.pdf`,
      ]),
    ).toEqual([
      ...[ADMIN, SUPER, SB_DOCTOR].map((caller) => `${caller}: Only students add their own documents`),
      `${SB_STUDENT}: Upload the file first, then add it`,
    ]);
    // Another student's file is not theirs to register, even when it exists.
    expect(
      (
        await probe(database.client, CLASSMATE, `select public.add_medical_document($1)`, [
          `${STUDENT}/vaccination-card.pdf`,
        ])
      ).error?.message,
    ).toBe('Upload the file first, then add it');
    expect((await probe(database.client, null, `select public.add_medical_document('x')`)).error?.code).toBe('42501');
  });

  it('are never replaced or removed once uploaded, by anyone', async () => {
    for (const caller of [STUDENT, DOCTOR, ADMIN, SUPER]) {
      const replaced = await probe(
        database.client,
        caller,
        `update storage.objects set metadata = '{"mimetype": "application/pdf", "size": 1}' where bucket_id = 'medical-documents' returning 1`,
      );
      const removed = await probe(
        database.client,
        caller,
        `delete from storage.objects where bucket_id = 'medical-documents' returning 1`,
      );
      expect({ caller, replaced: replaced.rows.length, removed: removed.rows.length }).toEqual({
        caller,
        replaced: 0,
        removed: 0,
      });
    }
  });

  it('are read by their student; a doctor of the university only after opening one, which the student is shown', async () => {
    const file = `${STUDENT}/vaccination-card.pdf`;
    const readFile = `select 1 from storage.objects where bucket_id = 'medical-documents' and name = '${file}'`;
    expect((await probe(database.client, STUDENT, readFile)).rows).toHaveLength(1);
    for (const caller of [CLASSMATE, DOCTOR, ADMIN, SUPER, SB_DOCTOR, null]) {
      expect({ caller, rows: (await probe(database.client, caller, readFile)).rows.length }).toEqual({
        caller,
        rows: 0,
      });
    }
    expect((await probe(database.client, STUDENT, 'select id from public.medical_documents')).rows).toEqual([
      { id: CARD },
    ]);
    for (const caller of [CLASSMATE, DOCTOR, ADMIN, SUPER, SB_DOCTOR]) {
      expect({
        caller,
        rows: (await probe(database.client, caller, 'select id from public.medical_documents')).rows,
      }).toEqual({ caller, rows: [] });
    }

    const opened = await rolledBack(database.client, async () => {
      await actAs(database.client, DOCTOR);
      const document = (await database.client.query('select public.open_medical_document($1) as d', [CARD])).rows[0].d;
      const doctorReads = (await database.client.query(readFile)).rows.length;
      const otherFileReads = (
        await database.client.query(
          `select 1 from storage.objects where name = '${nf('student06')}/physician-letter.pdf'`,
        )
      ).rows.length;
      await actAs(database.client, OTHER_DOCTOR);
      const colleagueReads = (await database.client.query(readFile)).rows.length;
      await actAs(database.client, STUDENT);
      const views = (await database.client.query('select viewer_id, screen from public.my_health_record_views()')).rows;
      await asServer(database.client);
      await database.client.query(
        `update private.medical_document_openings set expires_at = now() - interval '1 second'`,
      );
      await actAs(database.client, DOCTOR);
      const afterExpiry = (await database.client.query(readFile)).rows.length;
      return { document, doctorReads, otherFileReads, colleagueReads, views, afterExpiry };
    });
    expect(opened.error).toBeUndefined();
    expect(opened.value?.document).toMatchObject({
      document_id: CARD,
      bucket: 'medical-documents',
      path: file,
      file_name: 'Vaccination card.pdf',
      content_type: 'application/pdf',
      student: { id: STUDENT, name: 'Bayo Smith' },
    });
    expect(opened.value).toMatchObject({ doctorReads: 1, otherFileReads: 0, colleagueReads: 0, afterExpiry: 0 });
    expect(opened.value?.views[0]).toEqual({ viewer_id: DOCTOR, screen: 'Immunization document' });

    expect(await outcomes([...NOT_THE_CLINIC], 'select public.open_medical_document($1)', [CARD])).toEqual([
      ...[STUDENT, CLASSMATE, ADMIN, SUPER].map(
        (c) => `${c}: Only doctors of the student's university can open immunization documents`,
      ),
      `${SB_DOCTOR}: Document not found`,
      ...[SB_ADMIN, SB_STUDENT].map(
        (c) => `${c}: Only doctors of the student's university can open immunization documents`,
      ),
    ]);
    expect((await probe(database.client, null, 'select public.open_medical_document($1)', [CARD])).error?.code).toBe(
      '42501',
    );
  });

  it('back a dose or an exemption of their own student only', async () => {
    expect(
      (
        await probe(
          database.client,
          CLASSMATE,
          `select public.record_immunization_dose('03', current_date - 400, document_id => $1)`,
          [CARD],
        )
      ).error?.message,
    ).toBe('Choose one of your own documents');
    const own = await probe<{ document_id: string; review_status: string }>(
      database.client,
      STUDENT,
      `select document_id, review_status from public.record_immunization_dose('03', current_date - 400, document_id => $1)`,
      [CARD],
    );
    expect(own.rows).toEqual([{ document_id: CARD, review_status: 'pending' }]);
    // Even written directly, a dose cannot name another student's document.
    const forged = await rolledBack(database.client, () =>
      database.client.query(`insert into public.immunization_doses
      (university_id, student_id, cvx_code, given_on, document_id) values ('${NORTHFIELD_ID}', '${CLASSMATE}', '03', current_date, '${CARD}')`),
    );
    expect(forged.error?.code).toBe('23503');

    // MMR asks for a document behind a medical exemption, none behind a personal one.
    expect(
      (
        await probe(
          database.client,
          CLASSMATE,
          `select public.request_immunization_exemption($1, 'medical', 'Allergy')`,
          [MMR],
        )
      ).error?.message,
    ).toBe('A medical exemption from MMR needs a supporting document: upload it and attach it');
    expect(
      (
        await probe(
          database.client,
          CLASSMATE,
          `select public.request_immunization_exemption($1, 'medical', 'Allergy', $2)`,
          [MMR, LETTER],
        )
      ).error?.message,
    ).toBe('Choose one of your own documents');
    expect(
      (
        await probe(
          database.client,
          CLASSMATE,
          `select kind from public.request_immunization_exemption($1, 'personal', 'Belief')`,
          [MMR],
        )
      ).rows,
    ).toEqual([{ kind: 'personal' }]);
  });
});

describe('the review queue', () => {
  interface QueueRow {
    item_kind: string;
    student_id: string;
    student_name: string;
    vaccine_name: string | null;
    requirement_name: string | null;
    exemption_reason: string | null;
    document_id: string | null;
    document_name: string | null;
    entered_doses: { review_status: string; lot: string | null }[];
  }
  const queue = (caller: Caller, setup?: string) =>
    probe<QueueRow>(database.client, caller, 'select * from public.immunization_review_queue()', [], setup);

  it("lists the university's pending doses and exemptions, oldest first, with the student and what they entered", async () => {
    const rows = (await queue(DOCTOR)).rows;
    expect(
      rows.map((row) => [row.item_kind, row.student_name, row.vaccine_name ?? row.requirement_name, row.document_name]),
    ).toEqual([
      ['dose', 'Bayo Smith', 'MMR (measles, mumps and rubella)', 'Vaccination card.pdf'],
      ['dose', 'Bayo Smith', 'MMR (measles, mumps and rubella)', 'Vaccination card.pdf'],
      ['exemption', 'Farid Haddad', 'Meningococcal ACWY', null],
    ]);
    expect(rows[0].entered_doses.map((dose) => dose.lot)).toEqual(['M1234', 'M5678']);
    expect(rows[2].exemption_reason).toBe('I object to this vaccine on grounds of conscience.');
    // A deactivated student's proof waits out of the queue.
    const deactivated = await queue(
      DOCTOR,
      `update public.members set status = 'deactivated' where id = '${nf('student06')}'`,
    );
    expect(deactivated.rows.map((row) => row.item_kind)).toEqual(['dose', 'dose']);

    expect((await queue(SB_DOCTOR)).rows).toEqual([]);
    for (const caller of [STUDENT, ADMIN, SUPER, SB_ADMIN]) {
      expect({ caller, error: (await queue(caller)).error?.message }).toEqual({
        caller,
        error: "Only the clinic's doctors review immunizations",
      });
    }
    expect((await queue(null)).error?.code).toBe('42501');
  });

  it("takes a doctor's decision once: an approval, or a rejection with the reason the student reads", async () => {
    const doseId = (
      await database.client.query<{ id: string }>(
        `select id from public.immunization_doses where student_id = $1 and lot = 'M1234'`,
        [STUDENT],
      )
    ).rows[0].id;
    const decided = await rolledBack(database.client, async () => {
      await actAs(database.client, DOCTOR);
      const rejected = (
        await database.client.query(
          `select * from public.review_immunization_dose($1, false, '  Lot number unreadable  ')`,
          [doseId],
        )
      ).rows[0];
      await database.client.query('savepoint decided');
      const again = await database.client
        .query(`select public.review_immunization_dose($1, true)`, [doseId])
        .catch((error: Error) => error.message);
      await database.client.query('rollback to savepoint decided');
      await actAs(database.client, STUDENT);
      const seen = (
        await database.client.query(
          'select review_status, reject_reason from public.immunization_doses where id = $1',
          [doseId],
        )
      ).rows;
      await asServer(database.client);
      const audit = (
        await database.client.query(
          `select actor_id, action, details from public.audit_log where table_name = 'immunization_doses' and action = 'update' and record_id = $1`,
          [doseId],
        )
      ).rows;
      return { rejected, again, seen, audit };
    });
    expect(decided.error).toBeUndefined();
    expect(decided.value?.rejected).toMatchObject({
      review_status: 'rejected',
      reviewed_by: DOCTOR,
      reject_reason: 'Lot number unreadable',
    });
    expect(decided.value?.again).toBe('This dose has already been reviewed');
    expect(decided.value?.seen).toEqual([{ review_status: 'rejected', reject_reason: 'Lot number unreadable' }]);
    expect(decided.value?.audit).toEqual([
      {
        actor_id: DOCTOR,
        action: 'update',
        details: {
          columns: ['reject_reason', 'review_status', 'reviewed_at', 'reviewed_by'],
          student_id: STUDENT,
          review_status: 'rejected',
        },
      },
    ]);

    expect(await outcomes([DOCTOR], 'select public.review_immunization_dose($1, false)', [doseId])).toEqual([
      `${DOCTOR}: Give the reason for rejecting it: the student will read it`,
    ]);
    expect(
      await outcomes([DOCTOR], 'select public.review_immunization_dose($1, false, $2)', [doseId, 'x'.repeat(501)]),
    ).toEqual([`${DOCTOR}: Give a reason of 1 to 500 characters`]);
    expect(await outcomes([DOCTOR], 'select public.review_immunization_dose($1, null)', [doseId])).toEqual([
      `${DOCTOR}: Approve or reject it`,
    ]);
    expect(await outcomes(NOT_THE_CLINIC, 'select public.review_immunization_dose($1, true)', [doseId])).toEqual(
      NOT_THE_CLINIC.map(
        (caller) =>
          `${caller}: ${caller === SB_DOCTOR ? 'Dose not found' : "Only doctors of the student's university review immunizations"}`,
      ),
    );
    expect(
      (await probe(database.client, null, 'select public.review_immunization_dose($1, true)', [doseId])).error?.code,
    ).toBe('42501');
  });

  it('makes the student met or exempt by approval, and due again by rejection', async () => {
    const status = async (student: Caller, decide: string, requirement: string) => {
      const result = await rolledBack(database.client, async () => {
        await actAs(database.client, DOCTOR);
        await database.client.query(decide);
        await actAs(database.client, student);
        return (
          await database.client.query<{ status: string }>(
            'select status from public.my_immunizations() where requirement_id = $1',
            [requirement],
          )
        ).rows[0].status;
      });
      if (result.error) throw new Error(result.error.message);
      return result.value;
    };
    // The doctor reviews by id (from the queue): doctors select no dose themselves.
    const pending = (
      await database.client.query<{ id: string }>(
        `select id from public.immunization_doses where student_id = $1 and review_status = 'pending'`,
        [STUDENT],
      )
    ).rows.map((row) => `'${row.id}'::uuid`);
    expect(pending).toHaveLength(2);
    const approveBoth = `select public.review_immunization_dose(id, true) from unnest(array[${pending.join(', ')}]) id`;
    const rejectBoth = `select public.review_immunization_dose(id, false, 'Not legible') from unnest(array[${pending.join(', ')}]) id`;
    expect(await status(STUDENT, approveBoth, MMR)).toBe('met');
    expect(await status(STUDENT, rejectBoth, MMR)).toBe('due');
    const exemption = (
      await database.client.query<{ id: string }>(
        `select id from public.immunization_exemptions where requirement_id = $1 and review_status = 'pending'`,
        [MEN_ACWY],
      )
    ).rows[0].id;
    expect(
      await status(nf('student06'), `select public.review_immunization_exemption('${exemption}', true)`, MEN_ACWY),
    ).toBe('exempt');
    expect(
      await status(
        nf('student06'),
        `select public.review_immunization_exemption('${exemption}', false, 'Not accepted for this vaccine')`,
        MEN_ACWY,
      ),
    ).toBe('overdue');
    expect(
      await outcomes([SB_DOCTOR, ADMIN], 'select public.review_immunization_exemption($1, true)', [exemption]),
    ).toEqual([
      `${SB_DOCTOR}: Exemption not found`,
      `${ADMIN}: Only doctors of the student's university review immunizations`,
    ]);
  });

  it('lets two doctors deciding the same dose at once decide one after the other', async () => {
    const [dose] = await runAs<{ id: string }>(
      database.client,
      CLASSMATE,
      `select id from public.record_immunization_dose('03', current_date - 900)`,
    );
    const first = await database.db.connect();
    const second = await database.db.connect();
    try {
      await first.query('begin');
      await actAs(first, DOCTOR);
      await first.query('select public.review_immunization_dose($1, true)', [dose.id]);
      await second.query('begin');
      await actAs(second, OTHER_DOCTOR);
      const racing = second.query(`select public.review_immunization_dose($1, false, 'Too late')`, [dose.id]).then(
        () => 'decided twice',
        (error: Error) => error.message,
      );
      await first.query('commit');
      expect(await racing).toBe('This dose has already been reviewed');
      await second.query('rollback');
    } finally {
      await first.end();
      await second.end();
    }
    const stored = await database.client.query(
      'select review_status, reviewed_by from public.immunization_doses where id = $1',
      [dose.id],
    );
    expect(stored.rows).toEqual([{ review_status: 'approved', reviewed_by: DOCTOR }]);
  });
});

describe('doses given at the clinic', () => {
  it("are recorded by a doctor of the student's university, approved at once, at a visit of that student or none", async () => {
    const visits = await rolledBack(database.client, async () => {
      const own = await serverVisit(database.client, {
        student: nf('student05'),
        doctor: DOCTOR,
        daysAgo: 45,
        signed: false,
      });
      const other = await serverVisit(database.client, {
        student: CLASSMATE,
        doctor: DOCTOR,
        daysAgo: 46,
        signed: false,
      });
      const today = (
        await database.client.query<{ today: string }>('select private.clinic_today($1)::text as today', [
          NORTHFIELD_ID,
        ])
      ).rows[0].today;
      await actAs(database.client, DOCTOR);
      const dose = (
        await database.client.query(`select * from public.record_clinic_dose($1, '147', $3::date, ' MN-1 ', $2)`, [
          nf('student05'),
          own.visit,
          today,
        ])
      ).rows[0];
      const wrongVisit = await database.client
        .query(`select public.record_clinic_dose($1, '147', current_date - 1, null, $2)`, [
          nf('student05'),
          other.visit,
        ])
        .then(
          () => 'recorded',
          (error: Error) => error.message,
        );
      return { dose, wrongVisit, visit: own.visit };
    });
    expect(visits.error).toBeUndefined();
    expect(visits.value?.dose).toMatchObject({
      student_id: nf('student05'),
      source: 'clinic',
      review_status: 'approved',
      reviewed_by: DOCTOR,
      lot: 'MN-1',
      given_at: 'Northfield University clinic',
      visit_id: visits.value?.visit,
    });
    expect(visits.value?.wrongVisit).toBe('Visit not found');

    const met = await probe<{ status: string }>(
      database.client,
      nf('student05'),
      'select status from public.my_immunizations() where requirement_id = $1',
      [MEN_ACWY],
      `select set_config('request.jwt.claims', '{"sub": "${DOCTOR}", "role": "authenticated"}', true);
       select public.record_clinic_dose('${nf('student05')}', '147', current_date - 2);`,
    );
    expect(met.rows).toEqual([{ status: 'met' }]);

    const record = `select public.record_clinic_dose($1, '147', current_date - 2)`;
    expect(await outcomes([DOCTOR], record, [SB_STUDENT])).toEqual([`${DOCTOR}: Student not found`]);
    expect(
      await outcomes([DOCTOR], `select public.record_clinic_dose($1, '999', current_date - 2)`, [STUDENT]),
    ).toEqual([`${DOCTOR}: Choose a vaccine from the list`]);
    expect(
      await outcomes([DOCTOR], `select public.record_clinic_dose($1, '147', current_date + 3)`, [STUDENT]),
    ).toEqual([`${DOCTOR}: Give the day the dose was given: today or earlier`]);
    expect(
      await outcomes([DOCTOR], `select public.record_clinic_dose($1, '147', current_date - 2, 'a' || chr(10) || 'b')`, [
        STUDENT,
      ]),
    ).toEqual([`${DOCTOR}: The lot number can be at most 50 characters, on one line`]);
    expect(
      await outcomes(
        NOT_THE_CLINIC.filter((caller) => caller !== SB_DOCTOR),
        record,
        [STUDENT],
      ),
    ).toEqual(
      NOT_THE_CLINIC.filter((caller) => caller !== SB_DOCTOR).map(
        (caller) => `${caller}: Only the clinic's doctors record the doses it gives`,
      ),
    );
    expect(await outcomes([SB_DOCTOR], record, [STUDENT])).toEqual([`${SB_DOCTOR}: Student not found`]);
    expect((await probe(database.client, null, record, [STUDENT])).error?.code).toBe('42501');
  });
});

describe('the kept standings', () => {
  it('are what private.immunization_state() decides, after every kind of write', async () => {
    const drift = await rolledBack(database.client, async () => {
      const check = async (step: string) => ({
        step,
        drift: [
          ...(await database.client.query(STANDINGS_DRIFT)).rows,
          ...(await database.client.query(TALLY_DRIFT)).rows,
        ],
      });
      const steps = [await check('seed')];
      await database.client.query(
        `update public.immunization_doses set review_status = 'approved', reviewed_at = now() where student_id = $1`,
        [STUDENT],
      );
      steps.push(await check('doses approved'));
      await database.client.query(`delete from public.immunization_exemptions where student_id = $1`, [
        nf('student06'),
      ]);
      steps.push(await check('exemptions removed'));
      await database.client.query(`update public.members set department = 'Medicine' where id = $1`, [CLASSMATE]);
      await database.client.query(`update public.members set status = 'deactivated' where id = $1`, [nf('student05')]);
      await database.client.query(`update public.members set created_at = now() - interval '2 days' where id = $1`, [
        nf('student09'),
      ]);
      steps.push(await check('members changed'));
      await database.client.query(
        `update public.immunization_requirements set years = '{3,4}', doses_required = 2 where id = $1`,
        [MEN_ACWY],
      );
      await database.client.query(
        `update public.immunization_requirements set cvx_codes = '{43}', min_interval_days = 400 where id = $1`,
        [HEP_B],
      );
      steps.push(await check('requirements changed'));
      await database.client.query(
        `update public.clinic_settings set timezone = 'Pacific/Kiritimati' where university_id = $1`,
        [NORTHFIELD_ID],
      );
      steps.push(await check('time zone changed'));
      await database.client.query(
        `insert into public.immunization_requirements (university_id, name, cvx_codes, due_on) values ($1, 'Typhoid', '{101}', current_date)`,
        [SOUTHBANK_ID],
      );
      steps.push(await check('a requirement added'));
      await database.client.query(`select private.queue_immunization_reminders()`);
      steps.push(await check('reminders queued'));
      await database.client.query(`delete from public.immunization_requirements where id = $1`, [HEP_B]);
      await database.client.query(`delete from auth.users where id = $1`, [nf('student10')]);
      steps.push(await check('a requirement and a student removed'));
      return steps;
    });
    expect(drift.error).toBeUndefined();
    expect(drift.value).toEqual(
      [
        'seed',
        'doses approved',
        'exemptions removed',
        'members changed',
        'requirements changed',
        'time zone changed',
        'a requirement added',
        'reminders queued',
        'a requirement and a student removed',
      ].map((step) => ({ step, drift: [] })),
    );
  });

  it('give the admins their counts and holds list, and nothing of them to anyone else', async () => {
    const compliance = await probe(
      database.client,
      ADMIN,
      'select name, students, met, exempt, under_review, due, overdue from public.immunization_compliance()',
    );
    expect(compliance.rows).toEqual([
      { name: 'Hepatitis B', students: '3', met: '1', exempt: '0', under_review: '0', due: '0', overdue: '2' },
      { name: 'MMR', students: '20', met: '1', exempt: '1', under_review: '1', due: '17', overdue: '0' },
      { name: 'Meningococcal ACWY', students: '8', met: '1', exempt: '0', under_review: '1', due: '0', overdue: '6' },
    ]);
    const holds = await probe<{ student_name: string; requirement_name: string; missing: string }>(
      database.client,
      SUPER,
      'select student_name, requirement_name, missing from public.overdue_students($1)',
      [HEP_B],
    );
    expect(holds.rows).toEqual([
      {
        student_name: 'Ifeoma Eze',
        requirement_name: 'Hepatitis B',
        missing: '2 more doses of Hepatitis B, unspecified (at least 28 days apart)',
      },
      {
        student_name: 'Quinn Murphy',
        requirement_name: 'Hepatitis B',
        missing: '3 more doses of Hepatitis B, unspecified (at least 28 days apart)',
      },
    ]);
    // A requirement nobody falls under is listed with zeros; the other university sees none of Northfield's.
    const empty = await probe(
      database.client,
      SB_ADMIN,
      'select name, students from public.immunization_compliance()',
      [],
      `insert into public.immunization_requirements (university_id, name, cvx_codes, due_on, departments) values ('${SOUTHBANK_ID}', 'Yellow fever', '{37}', current_date, '{Astronomy}')`,
    );
    expect(empty.rows).toEqual([{ name: 'Yellow fever', students: '0' }]);
    expect((await probe(database.client, SB_ADMIN, 'select * from public.overdue_students()')).rows).toEqual([]);
    expect((await probe(database.client, ADMIN, 'select * from private.immunization_standings')).error?.code).toBe(
      '42501',
    );
  });
});

describe('immunization reminders', () => {
  interface Mail {
    to_email: string;
    kind: string;
    subject: string;
    body: string;
    dedupe_key: string;
  }
  const queueReminders = async (connection: Pick<Client, 'query'> = database.client) =>
    (await connection.query<{ queued: number }>('select private.queue_immunization_reminders() as queued')).rows[0]
      .queued;
  const reminders = async () =>
    (
      await database.client.query<Mail>(`select to_email, kind, subject, body, dedupe_key from public.email_outbox
                                        where kind in ('immunization_due', 'immunization_overdue') order by to_email, dedupe_key`)
    ).rows;

  it('emails each open requirement once when it falls due within two weeks and once when it has passed, saying nothing of it', async () => {
    const result = await rolledBack(database.client, async () => {
      await storeSiteUrl(database.client, 'https://care.example.edu/');
      // MMR falls due in 10 days (the seed's is three weeks away, outside the window).
      await database.client.query(
        `update public.immunization_requirements set due_on = private.clinic_today(university_id) + 10 where id = $1`,
        [MMR],
      );
      const first = await queueReminders();
      const second = await queueReminders();
      const mail = await reminders();
      // MMR's date passes: those reminded it was due are now told it is overdue, once.
      await database.client.query(
        `update public.immunization_requirements set due_on = private.clinic_today(university_id) - 1 where id = $1`,
        [MMR],
      );
      const passed = await queueReminders();
      const afterPassing = await reminders();
      return { first, second, mail, passed, afterPassing };
    });
    expect(result.error).toBeUndefined();
    const { first, second, mail, passed, afterPassing } = result.value!;
    // Overdue: Hepatitis B (2), Meningococcal ACWY (6); due within two weeks: MMR's 17 still open.
    expect({ first, second }).toEqual({ first: 2 + 6 + 17, second: 0 });
    expect(
      mail
        .filter((m) => m.kind === 'immunization_overdue')
        .map((m) => m.to_email)
        .sort(),
    ).toEqual(
      ['student05', 'student09', 'student10', 'student11', 'student15', 'student16', 'student17', 'student20'].map(
        (s) => `${s}@northfield.edu`,
      ),
    );
    expect(
      mail.filter((m) => m.to_email === 'student02@northfield.edu' || m.to_email === 'student01@northfield.edu'),
    ).toEqual([]);
    const student05 = mail.filter((m) => m.to_email === 'student05@northfield.edu');
    expect(student05.map((m) => [m.kind, m.subject])).toEqual([
      ['immunization_due', 'An immunization requirement is due'],
      ['immunization_overdue', 'An immunization requirement is overdue'],
    ]);
    expect(student05[0].body).toBe(
      'Hello Efua,\n\nAn immunization requirement of Northfield University is due.\n\nTo see what is needed and send your proof, sign in to CampusCare and open ' +
        'My immunizations: https://care.example.edu/immunizations\n\nFor your privacy, this email says nothing more about your health record.\n',
    );
    const text = JSON.stringify(mail.map(({ subject, body }) => ({ subject, body }))).toLowerCase();
    for (const detail of ['mmr', 'measles', 'hepatitis', 'meningococcal', 'dose', 'exempt', 'vaccin'])
      expect(text).not.toContain(detail);
    expect(passed).toBe(17);
    expect(afterPassing.filter((m) => m.kind === 'immunization_overdue')).toHaveLength(8 + 17);
  });

  it('queues each once when two connections run at the same moment', async () => {
    const first = await database.db.connect();
    const second = await database.db.connect();
    try {
      await first.query('begin');
      const queuedFirst = await queueReminders(first);
      // The second run skips what the first holds, and finds it reminded once the first commits.
      const queuedSecond = await queueReminders(second);
      await first.query('commit');
      expect({ queuedFirst, queuedSecond }).toEqual({ queuedFirst: 8, queuedSecond: 0 });
    } finally {
      await first.end();
      await second.end();
    }
    expect((await reminders()).filter((m) => m.kind === 'immunization_overdue')).toHaveLength(8);
    expect(await queueReminders()).toBe(0);
  });

  it('skips, with a warning, a university whose calendar cannot be read, and reminds the others', async () => {
    const warnings: string[] = [];
    const listen = (notice: { message?: string }) => warnings.push(notice.message ?? '');
    database.client.on('notice', listen);
    try {
      const result = await rolledBack(database.client, async () => {
        // A zone the server's time-zone data no longer knows, as after an upgrade that dropped it.
        await setClinicZoneWithoutTriggers(database.client, SOUTHBANK_ID, 'Atlantis/Lost_City');
        await database.client.query(
          `insert into public.immunization_requirements (university_id, name, cvx_codes, due_on) values ($1, 'Typhoid', '{101}', '2020-01-01')`,
          [SOUTHBANK_ID],
        );
        await database.client.query(
          `update public.immunization_requirements set due_on = private.clinic_today(university_id) - 1 where id = $1`,
          [MMR],
        );
        return queueReminders();
      });
      expect(result).toEqual({ value: 17 });
    } finally {
      database.client.off('notice', listen);
    }
    expect(
      warnings.filter(
        (warning) =>
          warning.startsWith('Immunization reminders for Southbank University') &&
          warning.includes('Atlantis/Lost_City'),
      ),
    ).toHaveLength(1);
  });

  it('is out of reach of every API role', async () => {
    for (const caller of [null, STUDENT, DOCTOR, ADMIN]) {
      expect((await probe(database.client, caller, 'select private.queue_immunization_reminders()')).error?.code).toBe(
        '42501',
      );
    }
    const withJwt = await rolledBack(database.client, async () => {
      await database.client.query(`select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
      await database.client.query('select private.queue_immunization_reminders()');
    });
    expect(withJwt.error).toMatchObject({ code: 'P0001', message: 'Immunization reminders are queued by the server' });
  });
});
