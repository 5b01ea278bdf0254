/**
 * Importing a university's students and staff (start_roster_import, add_roster_import_rows, confirm_roster_import),
 * the bulk actions on the students list and the exports: who may, what the preview finds, that the same file twice
 * changes nothing, that a confirmation is all or nothing, and that a university sees only its own.
 */
import { COLUMN_RULES, columnError, RULE_MESSAGES, type ColumnRule } from '../../shared/src/validation/columnRules';
import { actAs, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const REGISTRAR = nf('registrar');
const SUPER = nf('admin');

const database = testDatabase();
const client = () => database.client;

type Row = Record<string, string | number>;
interface Import {
  id: string;
  status: string;
  total_rows: number;
  received_rows: number;
  new_count: number | null;
  member_count: number | null;
  invited_count: number | null;
  invalid_count: number | null;
  queued_count: number | null;
}
interface ImportRow {
  row_number: number;
  outcome: string;
  problems: { field: string; code: string; row?: number }[];
}

const student = (n: number, overrides: Partial<Row> = {}): Row => ({
  row: n + 1,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  email: `new.student${n}@example.edu`,
  reg_number: `NEW/2026/${String(n).padStart(4, '0')}`,
  department: 'Law',
  year_of_study: '1',
  phone: '',
  ...overrides,
});

/** Starts an import as the current caller and sends its rows in parts of `part`; returns the import as it is then. */
async function importRows(kind: 'students' | 'staff', rows: Row[], part = 2): Promise<Import> {
  let current = (
    await client().query<Import>('select * from public.start_roster_import($1, $2, $3)', [
      kind,
      'roster.csv',
      rows.length,
    ])
  ).rows[0];
  for (let from = 0; from < rows.length; from += part) {
    current = (
      await client().query<Import>('select * from public.add_roster_import_rows($1, $2)', [
        current.id,
        JSON.stringify(rows.slice(from, from + part)),
      ])
    ).rows[0];
  }
  return current;
}

const rowsOf = async (importId: string) =>
  (
    await client().query<ImportRow>(
      'select row_number, outcome, problems from public.roster_import_rows where import_id = $1 order by row_number',
      [importId],
    )
  ).rows;
const confirm = async (importId: string) =>
  (await client().query<Import>('select * from public.confirm_roster_import($1)', [importId])).rows[0];
/** What the import functions write, counted behind RLS; then the transaction goes on as `caller`. */
async function counts(caller: string) {
  await client().query('reset role');
  const { rows } = await client().query<{ roster: number; outbox: number; invitations: number; audit: number }>(
    `select (select count(*)::int from public.student_roster) as roster, (select count(*)::int from public.email_outbox) as outbox,
            (select count(*)::int from public.invitations) as invitations, (select count(*)::int from public.audit_log) as audit`,
  );
  await actAs(client(), caller);
  return rows[0];
}

/** Runs `work` as `caller` in a transaction that is rolled back afterwards; returns its value, or throws its error. */
async function as<T>(caller: string, work: () => Promise<T>): Promise<T> {
  const { value, error } = await rolledBack(client(), async () => {
    await actAs(client(), caller);
    return work();
  });
  if (error) throw new Error(error.message);
  return value as T;
}

/** The error `work` raises, in a savepoint so the transaction goes on. */
async function refusal(work: () => Promise<unknown>): Promise<string> {
  await client().query('savepoint refusal');
  try {
    await work();
    return 'no error';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client().query('rollback to savepoint refusal');
  }
}

describe('who may import', () => {
  it.each([
    ['the Northfield registrar (admin)', 'students', REGISTRAR],
    ['the Northfield super admin', 'students', SUPER],
    ['the Southbank registrar', 'students', sb('registrar')],
    ['the Northfield super admin', 'staff', SUPER],
  ] as const)('%s may import %s', async (_who, kind, caller) => {
    const rows = kind === 'students' ? [student(1)] : [{ row: 2, email: 'new.doctor@example.edu', role: 'Doctor' }];
    const done = await as(caller, async () => confirm((await importRows(kind, rows)).id));
    expect(done).toMatchObject({ status: 'confirmed', new_count: 1, queued_count: 1 });
  });

  it.each([
    ['a doctor', 'students', nf('dr.adams'), 'Only a university administrator can import students'],
    ['a student', 'students', nf('student01'), 'Only a university administrator can import students'],
    ['a deactivated student', 'students', nf('student20'), 'Only a university administrator can import students'],
    ['a plain admin', 'staff', REGISTRAR, 'Only a super admin can invite staff'],
    ['a doctor', 'staff', sb('dr.adams'), 'Only a super admin can invite staff'],
  ] as const)('refuses %s importing %s', async (_who, kind, caller, message) => {
    const result = await probe(client(), caller, `select public.start_roster_import($1, 'roster.csv', 1)`, [kind]);
    expect(result.error).toMatchObject({ code: 'P0001', message });
  });

  it('refuses anonymous callers every import function and the exports', async () => {
    for (const sql of [
      `select public.start_roster_import('students', 'x.csv', 1)`,
      `select public.add_roster_import_rows(gen_random_uuid(), '[]')`,
      `select public.confirm_roster_import(gen_random_uuid())`,
      `select public.deactivate_students(null, null, null, 1)`,
      `select public.resend_student_invitations(null, null, null, 1)`,
      `select public.discard_roster_import(gen_random_uuid())`,
      `select * from public.roster_import_progress(gen_random_uuid())`,
      `select * from exports.students()`,
      `select * from exports.staff()`,
      `select * from exports.programs()`,
      `select * from exports.appointments('2026-01-01', '2026-01-02')`,
    ]) {
      expect({ sql, code: (await probe(client(), null, sql)).error?.code }).toEqual({ sql, code: '42501' });
    }
  });

  it('refuses doctors and students another admin’s student import, and plain admins a super admin’s staff import', async () => {
    const seen = await as(SUPER, async () => {
      const students = await importRows('students', [student(1)]);
      const staff = await importRows('staff', [{ row: 2, email: 'new.doctor@example.edu', role: 'doctor' }]);
      const tried = async (caller: string, importId: string) => {
        await actAs(client(), caller);
        return {
          imports: (await client().query('select 1 from public.roster_imports where id = $1', [importId])).rowCount,
          rows: (await client().query('select 1 from public.roster_import_rows where import_id = $1', [importId]))
            .rowCount,
          confirm: await refusal(() => confirm(importId)),
          discard: await refusal(() => client().query('select public.discard_roster_import($1)', [importId])),
          progress: await refusal(() => client().query('select * from public.roster_import_progress($1)', [importId])),
        };
      };
      return {
        doctor: await tried(nf('dr.adams'), students.id),
        student: await tried(nf('student01'), students.id),
        plainAdmin: await tried(REGISTRAR, staff.id),
      };
    });
    const refused = (message: string) => ({
      imports: 0,
      rows: 0,
      confirm: message,
      discard: message,
      progress: message,
    });
    expect(seen).toEqual({
      doctor: refused('Only a university administrator can import students'),
      student: refused('Only a university administrator can import students'),
      plainAdmin: refused('Only a super admin can invite staff'),
    });
  });

  it('refuses an admin whose address is not confirmed when the invitations would go out', async () => {
    const message = await as(REGISTRAR, async () => {
      const started = await importRows('students', [student(1)]);
      await client().query('reset role');
      await client().query('update auth.users set email_confirmed_at = null where id = $1', [REGISTRAR]);
      await actAs(client(), REGISTRAR);
      return refusal(() => confirm(started.id));
    });
    expect(message).toBe(
      'Confirm your email address before sending invitations: open the link in the email we sent you when you registered',
    );
  });
});

describe('two universities', () => {
  it('keep their imports, rows and rosters to themselves', async () => {
    const seen = await as(REGISTRAR, async () => {
      const started = await importRows('students', [student(1), student(2)]);
      await confirm(started.id);
      await actAs(client(), sb('registrar'));
      const southbank = {
        imports: (await client().query('select id from public.roster_imports')).rowCount,
        rows: (await client().query('select 1 from public.roster_import_rows')).rowCount,
        roster: (await client().query('select 1 from public.student_roster')).rowCount,
        directory: (
          await client().query(`select 1 from public.student_directory where university_id = $1`, [NORTHFIELD_ID])
        ).rowCount,
        confirm: await refusal(() => confirm(started.id)),
        add: await refusal(() =>
          client().query('select public.add_roster_import_rows($1, $2)', [started.id, JSON.stringify([student(3)])]),
        ),
        progress: await refusal(() => client().query('select * from public.roster_import_progress($1)', [started.id])),
      };
      // Southbank imports the same addresses as its own: they are new there.
      const own = await importRows('students', [student(1), student(2)]);
      return { southbank, own };
    });
    const notFound = 'That import was not found. It may have been discarded: start again with the file';
    expect(seen.southbank).toEqual({
      imports: 0,
      rows: 0,
      roster: 0,
      directory: 0,
      confirm: notFound,
      add: notFound,
      progress: notFound,
    });
    expect(seen.own).toMatchObject({ status: 'previewed', new_count: 2 });
  });

  it('show the roster to admins only: doctors see the members on the students list, students nothing', async () => {
    const seen = await as(REGISTRAR, async () => {
      await confirm((await importRows('students', [student(1)])).id);
      const count = async (caller: string) => {
        await actAs(client(), caller);
        return (
          await client().query(`select status from public.student_directory where email = 'new.student1@example.edu'`)
        ).rows;
      };
      return {
        admin: await count(REGISTRAR),
        doctor: await count(nf('dr.adams')),
        student: await count(nf('student01')),
      };
    });
    expect(seen).toEqual({ admin: [{ status: 'invited' }], doctor: [], student: [] });
  });
});

describe('the preview', () => {
  it('checks every row with the forms’ rules and the university’s members, and sums it up', async () => {
    const { started, rows } = await as(REGISTRAR, async () => {
      // Invited by an earlier import: already on the roster.
      await confirm((await importRows('students', [student(9), student(11)])).id);
      const file = [
        student(1),
        student(2, { first_name: '', year_of_study: '9', phone: 'call me' }),
        student(3, { email: 'NEW.STUDENT1@example.edu', reg_number: 'NEW/2026/0033' }),
        student(4, { reg_number: 'NEW/2026/0001' }),
        student(5, { email: 'student01@northfield.edu' }),
        student(6, { email: 'dr.adams@northfield.edu' }),
        student(7, { reg_number: 'NFU/2024/001' }),
        student(8, { reg_number: 'NEW/2026/0011' }),
        student(9),
        student(10, { email: 'not an address', last_name: 'Line\nbreak', reg_number: '/x', department: ' ' }),
      ];
      const started = await importRows('students', file, 3);
      return { started, rows: await rowsOf(started.id) };
    });
    expect(started).toMatchObject({
      status: 'previewed',
      total_rows: 10,
      received_rows: 10,
      new_count: 1,
      member_count: 2,
      invited_count: 1,
      invalid_count: 6,
    });
    expect(rows).toEqual([
      { row_number: 2, outcome: 'new', problems: [] },
      {
        row_number: 3,
        outcome: 'invalid',
        problems: [
          { field: 'first_name', code: 'required' },
          { field: 'year_of_study', code: 'invalid' },
          { field: 'phone', code: 'invalid' },
        ],
      },
      { row_number: 4, outcome: 'invalid', problems: [{ field: 'email', code: 'duplicate', row: 2 }] },
      { row_number: 5, outcome: 'invalid', problems: [{ field: 'reg_number', code: 'duplicate', row: 2 }] },
      { row_number: 6, outcome: 'member', problems: [] },
      { row_number: 7, outcome: 'member', problems: [] },
      { row_number: 8, outcome: 'invalid', problems: [{ field: 'reg_number', code: 'reg_number_taken' }] },
      { row_number: 9, outcome: 'invalid', problems: [{ field: 'reg_number', code: 'reg_number_invited' }] },
      { row_number: 10, outcome: 'invited', problems: [] },
      {
        row_number: 11,
        outcome: 'invalid',
        problems: [
          { field: 'last_name', code: 'invalid' },
          { field: 'email', code: 'invalid' },
          { field: 'reg_number', code: 'invalid' },
          { field: 'department', code: 'required' },
        ],
      },
    ]);
  });

  it('checks staff rows: an address and a role, doctor or admin in any case', async () => {
    const rows = await as(SUPER, async () => {
      await client().query(`select public.invite_staff('pending.doctor@example.edu')`);
      const started = await importRows('staff', [
        { row: 2, email: 'a.doctor@example.edu', role: 'Doctor' },
        { row: 3, email: 'an.admin@example.edu', role: 'ADMIN' },
        { row: 4, email: 'a.nurse@example.edu', role: 'nurse' },
        { row: 5, email: 'A.Doctor@example.edu', role: 'doctor' },
        { row: 6, email: 'dr.bello@northfield.edu', role: 'doctor' },
        { row: 7, email: 'pending.doctor@example.edu', role: 'doctor' },
        { row: 8, email: '', role: '' },
      ]);
      return (await rowsOf(started.id)).map((row) =>
        `${row.row_number} ${row.outcome} ${row.problems.map((p) => `${p.field}:${p.code}`).join(' ')}`.trim(),
      );
    });
    expect(rows).toEqual([
      '2 new',
      '3 new',
      '4 invalid role:invalid',
      '5 invalid email:duplicate',
      '6 member',
      '7 invited',
      '8 invalid email:required role:required',
    ]);
  });

  it('refuses what no file holds, with messages for people, and stores nothing of it', async () => {
    const refusals = await as(REGISTRAR, async () => {
      const started = (
        await client().query<Import>(`select * from public.start_roster_import('students', 'roster.csv', 3)`)
      ).rows[0];
      const add = (rows: unknown) =>
        refusal(() =>
          client().query('select public.add_roster_import_rows($1, $2)', [started.id, JSON.stringify(rows)]),
        );
      const result = {
        tooMany: await add([student(1), student(2), student(3), student(4)]),
        notAList: await add({ row: 2 }),
        empty: await add([]),
        noRowNumber: await add([{ email: 'x@example.edu' }]),
        badRowNumber: await add([{ row: 2.5 }]),
        twice: await add([student(1), student(1)]),
        nul: await add([student(1, { first_name: 'a\u0000b' })]),
        hugeFile: await refusal(() =>
          client().query(`select public.start_roster_import('students', 'big.csv', 50001)`),
        ),
        noRows: await refusal(() => client().query(`select public.start_roster_import('students', 'empty.csv', 0)`)),
        badName: await refusal(() => client().query(`select public.start_roster_import('students', E'a\\nb.csv', 1)`)),
        kind: await refusal(() => client().query(`select public.start_roster_import('parents', 'x.csv', 1)`)),
        early: await refusal(() => confirm(started.id)),
      };
      return { ...result, stored: (await rowsOf(started.id)).length };
    });
    expect(refusals).toEqual({
      tooMany: 'This import was started for 3 rows',
      notAList: 'Send the rows as a list',
      empty: 'Send the rows as a list',
      noRowNumber: 'Each row needs its row number in the file',
      badRowNumber: 'Each row needs its row number in the file',
      twice: 'A row was sent twice: each row number may appear once in an import',
      nul: 'unsupported Unicode escape sequence',
      hugeFile: 'A file can have at most 50000 rows: split it and import each part',
      noRows: 'The file has no rows to import',
      badName: 'Name the file in at most 255 characters, on one line',
      kind: 'Import students or staff',
      early: 'This import is not ready to confirm: start again with the file',
      stored: 0,
    });
  });

  it('takes hostile values as text: formulas, markup, SQL and 10,000 characters are checked and kept, never run', async () => {
    const hostile = [
      '=HYPERLINK("http://evil")',
      '<script>alert(1)</script>',
      "Robert'); drop table members;--",
      'x'.repeat(10_000),
      '@SUM(A1)',
    ];
    const { rows, kept } = await as(REGISTRAR, async () => {
      const started = await importRows(
        'students',
        hostile.map((value, index) => student(index + 1, { first_name: value, department: value })),
      );
      const kept = (
        await client().query<{ first_name: string }>(
          'select first_name from public.roster_import_rows where import_id = $1 order by row_number',
          [started.id],
        )
      ).rows;
      return { rows: await rowsOf(started.id), kept };
    });
    expect(rows.map((row) => row.outcome)).toEqual(['new', 'new', 'new', 'invalid', 'new']);
    expect(rows[3].problems).toEqual([
      { field: 'first_name', code: 'invalid' },
      { field: 'department', code: 'invalid' },
    ]);
    expect(kept.map((row) => row.first_name)).toEqual([
      hostile[0],
      hostile[1],
      hostile[2],
      'x'.repeat(1000),
      hostile[4],
    ]);
    expect((await client().query(`select to_regclass('public.members') is not null as here`)).rows[0].here).toBe(true);
  });
});

/** The column rule the forms apply to each imported field, and whether the field is required. */
const FIELD_RULES: Record<string, { rule: ColumnRule; required: boolean }> = {
  first_name: { rule: COLUMN_RULES.members_first_name_length, required: true },
  last_name: { rule: COLUMN_RULES.members_last_name_length, required: true },
  email: { rule: COLUMN_RULES.clinic_settings_email_format, required: true },
  reg_number: { rule: COLUMN_RULES.members_reg_number_format, required: true },
  department: { rule: COLUMN_RULES.members_department_length, required: true },
  year_of_study: { rule: COLUMN_RULES.members_year_of_study_range, required: true },
  phone: { rule: COLUMN_RULES.members_phone_format, required: false },
};

const SAMPLES: Record<string, readonly string[]> = {
  first_name: [
    'Ada',
    'Zoë',
    '王小明',
    '😀',
    'a\nb',
    'a\tb',
    'a\u2028b',
    'x'.repeat(100),
    'x'.repeat(101),
    '😀'.repeat(100),
    '😀'.repeat(101),
    '',
    ' ',
    '\u00a0',
  ],
  last_name: ['Obi', 'e\u0301', 'x'.repeat(100), 'x'.repeat(101), 'a\u0085b', '', '\u3000'],
  email: [
    'a@b.c',
    'A@B.CO',
    'a@b',
    'a b@c.d',
    'a@@b.c',
    `${'x'.repeat(245)}@clinic.edu`,
    `${'x'.repeat(244)}@clinic.edu`,
    'ü@ü.de',
    '',
    'a\u00a0b@c.d',
  ],
  reg_number: ['NFU/2024/001', 'A1', 'A', '/ABC', 'AB CD', 'x'.repeat(30), 'x'.repeat(31), 'É1', ''],
  department: ['Law', 'x'.repeat(100), 'x'.repeat(101), '😀'.repeat(100), 'a\nb', '', ' '],
  year_of_study: ['1', '8', '0', '9', '2.0', '02', '1e1', 'two', '+1', '999999', '1234567', ''],
  phone: [
    '+1 555 010 0110',
    '(0803) 123 4567',
    '0803-123-4567',
    '123',
    '1'.repeat(26),
    'call me',
    '０８０３１２３４５６７',
    '',
  ],
};

describe('the import’s rules and the forms’ rules', () => {
  it('agree on every sample, as the browser sends it (trimmed)', async () => {
    const disagreements: string[] = [];
    for (const [field, samples] of Object.entries(SAMPLES)) {
      const { rule, required } = FIELD_RULES[field];
      for (const sample of samples) {
        const sent = sample.trim();
        const expected = columnError(rule, sent, { required });
        const code = expected === undefined ? undefined : expected === RULE_MESSAGES.required ? 'required' : 'invalid';
        const { rows } = await client().query<{ problems: { field: string; code: string }[] }>(
          `select private.roster_row_problems('students', $1::jsonb) as problems`,
          [JSON.stringify({ ...student(1), [field]: sent })],
        );
        const found = rows[0].problems.find((problem) => problem.field === field)?.code;
        if (found !== code)
          disagreements.push(`${field} ${JSON.stringify(sent).slice(0, 30)}: forms ${code}, import ${found}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('write CSV cells as the app does: quoted, formulas kept as text', async () => {
    // The samples and answers of mfe-admin/src/components/csv.test.ts (csvCell).
    const cases: [string, string][] = [
      ['plain', '"plain"'],
      ['say "hi"', '"say ""hi"""'],
      ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
      ['+1 555 0100', `"'+1 555 0100"`],
      ['-2', `"'-2"`],
      ['@SUM(A1)', `"'@SUM(A1)"`],
      ['\tcmd', `"'\tcmd"`],
      ['a,-2;+3\t@4\n=5\r\n-6', `"a,'-2;'+3\t'@4\n'=5\r\n'-6"`],
      ['\t\t=x', `"'\t'\t'=x"`],
      ['a=b; c-d, e+f', '"a=b; c-d, e+f"'],
    ];
    const { rows } = await client().query<{ cell: string }>(
      'select private.csv_cell(v) as cell from unnest($1::text[]) with ordinality as t(v, n) order by n',
      [cases.map(([value]) => value)],
    );
    expect(rows.map((row) => row.cell)).toEqual(cases.map(([, cell]) => cell));
  });
});

describe('confirming', () => {
  it('invites every new row once, at a steady pace, with one audit entry that names no row', async () => {
    const result = await as(REGISTRAR, async () => {
      const before = await counts(REGISTRAR);
      const started = await importRows('students', [
        student(1),
        student(2, { phone: '+1 555 010 0199' }),
        student(3, { email: 'student02@northfield.edu' }),
      ]);
      const confirmed = await confirm(started.id);
      const progress = (
        await client().query('select status, queued, sent from public.roster_import_progress($1)', [started.id])
      ).rows[0];
      await client().query('reset role');
      const mail = (
        await client().query<{ to_email: string; subject: string; body: string; gap: number }>(
          `select o.to_email, o.subject, o.body, extract(epoch from o.next_attempt_at - lag(o.next_attempt_at) over (order by o.next_attempt_at))::float8 as gap
           from public.student_roster s join public.email_outbox o on o.id = s.last_outbox_id where s.import_id = $1 order by o.next_attempt_at`,
          [started.id],
        )
      ).rows;
      const roster = (
        await client().query(
          'select email::text, first_name, reg_number, year_of_study, phone, invitation_count, member_id from public.student_roster order by email',
        )
      ).rows;
      const audit = (
        await client().query(
          'select table_name, action, actor_id, record_id, details from public.audit_log where record_id = $1',
          [started.id],
        )
      ).rows;
      await actAs(client(), SUPER);
      const shown = (
        await client().query(
          `select event_kind, what, actor_name, summary from public.audit_entries(event => 'invitation') where record_id = $1`,
          [started.id],
        )
      ).rows;
      return { before, after: await counts(SUPER), confirmed, progress, mail, roster, audit, shown };
    });
    expect(result.confirmed).toMatchObject({ status: 'confirmed', new_count: 2, member_count: 1, queued_count: 2 });
    expect(result.progress).toEqual({ status: 'confirmed', queued: 2, sent: 0 });
    expect(result.mail.map((m) => [m.to_email, m.subject])).toEqual([
      ['new.student1@example.edu', 'Join Northfield University on CampusCare'],
      ['new.student2@example.edu', 'Join Northfield University on CampusCare'],
    ]);
    expect(result.mail[0].body).toContain('/register?join=NORTHFIELD');
    expect(result.mail[1].gap).toBeCloseTo(0.2, 5);
    expect(result.roster).toEqual([
      {
        email: 'new.student1@example.edu',
        first_name: 'First1',
        reg_number: 'NEW/2026/0001',
        year_of_study: 1,
        phone: null,
        invitation_count: 1,
        member_id: null,
      },
      {
        email: 'new.student2@example.edu',
        first_name: 'First2',
        reg_number: 'NEW/2026/0002',
        year_of_study: 1,
        phone: '+1 555 010 0199',
        invitation_count: 1,
        member_id: null,
      },
    ]);
    expect(result.after).toEqual({
      ...result.before,
      roster: result.before.roster + 2,
      outbox: result.before.outbox + 2,
      audit: result.before.audit + 1,
    });
    expect(result.audit).toHaveLength(1);
    expect(result.audit[0]).toMatchObject({ table_name: 'student_invitations', action: 'insert', actor_id: REGISTRAR });
    expect(JSON.stringify(result.audit[0].details)).not.toMatch(/new\.student|First|NEW\/2026|student02/);
    expect(result.shown).toEqual([
      {
        event_kind: 'invitation',
        what: 'Student invitation',
        actor_name: 'Mrs Grace Okafor',
        summary: 'Imported 3 rows: 2 invited, 1 already members, 0 already invited, 0 with errors',
      },
    ]);
  });

  it('changes nothing when the same file comes again, and invites only the new rows of next term’s file', async () => {
    const result = await as(REGISTRAR, async () => {
      const term = [student(1), student(2), student(3)];
      await confirm((await importRows('students', term)).id);
      const before = await counts(REGISTRAR);
      const again = await importRows('students', term);
      const refused = await refusal(() => confirm(again.id));
      const unchanged = await counts(REGISTRAR);
      const next = await importRows('students', [...term, student(4)]);
      const confirmed = await confirm(next.id);
      return { before, again, refused, unchanged, confirmed, after: await counts(REGISTRAR) };
    });
    expect(result.again).toMatchObject({ new_count: 0, invited_count: 3 });
    expect(result.refused).toBe('Nothing to invite: every row is a member already, invited already, or has an error');
    expect(result.unchanged).toEqual(result.before);
    expect(result.confirmed).toMatchObject({ new_count: 1, invited_count: 3 });
    expect(result.after).toMatchObject({ roster: result.before.roster + 1, outbox: result.before.outbox + 1 });
  });

  it('is all or nothing: a row the database refuses stops the whole import, and nothing is queued', async () => {
    const result = await as(REGISTRAR, async () => {
      const started = await importRows('students', [student(1), student(2), student(3)]);
      await client().query('reset role');
      // A row turned impossible behind the checks' back (as a fault would): the roster refuses it.
      await client().query(
        `update public.roster_import_rows set year_of_study = '9' where import_id = $1 and row_number = 4`,
        [started.id],
      );
      const before = await counts(REGISTRAR);
      const refused = await refusal(() => confirm(started.id));
      return {
        before,
        refused,
        after: await counts(REGISTRAR),
        status: (await client().query('select status from public.roster_imports where id = $1', [started.id])).rows[0]
          .status,
      };
    });
    expect(result.refused).toMatch(/student_roster_year_of_study_range/);
    expect(result.after).toEqual(result.before);
    expect(result.status).toBe('previewed');
  });

  it('keeps a university to its daily allowance, counted over imports and re-sends', async () => {
    const refused = await as(REGISTRAR, async () => {
      await client().query('reset role');
      await client().query(`insert into private.bulk_invitations (university_id, invitations) values ($1, 49999)`, [
        NORTHFIELD_ID,
      ]);
      await actAs(client(), REGISTRAR);
      const started = await importRows('students', [student(1), student(2)]);
      return refusal(() => confirm(started.id));
    });
    expect(refused).toBe(
      'Imports and bulk actions can send 50000 invitations a day, and your university has 1 left today: send fewer now and the rest tomorrow',
    );
  });

  it('queues a second import behind the first, so a university’s invitations go out at one pace', async () => {
    const gap = await as(REGISTRAR, async () => {
      await confirm((await importRows('students', [student(1), student(2), student(3)])).id);
      await confirm((await importRows('students', [student(4)])).id);
      await client().query('reset role');
      const { rows } = await client().query<{ at: Date }>(
        `select next_attempt_at as at from public.email_outbox where to_email like 'new.student%' order by next_attempt_at`,
      );
      return rows.map((row, index) => (index === 0 ? 0 : row.at.getTime() - rows[index - 1].at.getTime()));
    });
    expect(gap).toEqual([0, 200, 200, 200]);
  });

  it('invites staff with one-time links that open the account, recorded once for the import', async () => {
    const result = await as(SUPER, async () => {
      const before = await counts(SUPER);
      const started = await importRows('staff', [
        { row: 2, email: 'new.doctor@example.edu', role: 'doctor' },
        { row: 3, email: 'dr.bello@southbank.edu', role: 'Admin' },
      ]);
      await confirm(started.id);
      await client().query('reset role');
      const mail = (
        await client().query<{ to_email: string; body: string }>(
          `select to_email, body from public.email_outbox where to_email in ('new.doctor@example.edu', 'dr.bello@southbank.edu') order by to_email`,
        )
      ).rows;
      const invitations = (
        await client().query(
          `select email::text, role, import_id = $1 as imported, token_hash is not null as link from public.invitations where import_id = $1 order by email`,
          [started.id],
        )
      ).rows;
      const token = /\/register\?invitation=(\S+)/.exec(mail[1].body)?.[1];
      const user = await client().query<{ id: string }>(
        `insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values (gen_random_uuid(), 'new.doctor@example.edu', 'x', $1) returning id`,
        [{ kind: 'staff', invitation: token, first_name: 'Nia', last_name: 'Okoye' }],
      );
      const member = (
        await client().query('select university_id, role from public.members where id = $1', [user.rows[0].id])
      ).rows[0];
      return { before, after: await counts(SUPER), mail, invitations, member };
    });
    expect(result.invitations).toEqual([
      { email: 'dr.bello@southbank.edu', role: 'admin', imported: true, link: false },
      { email: 'new.doctor@example.edu', role: 'doctor', imported: true, link: true },
    ]);
    expect(result.mail[0].body).toContain('already has a CampusCare account');
    expect(result.member).toEqual({ university_id: NORTHFIELD_ID, role: 'doctor' });
    // One entry for the import; the member who joined, and the invitation they accepted, are recorded as always.
    expect(result.after.audit - result.before.audit).toBe(3);
  });

  it('links a student who joins with the invited address to the roster', async () => {
    const status = await as(REGISTRAR, async () => {
      await confirm((await importRows('students', [student(1)])).id);
      await client().query('reset role');
      await client().query(
        `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data) values (gen_random_uuid(), 'new.student1@example.edu', 'x', now(), $1)`,
        [
          {
            kind: 'student',
            join_code: 'NORTHFIELD',
            first_name: 'First1',
            last_name: 'Last1',
            reg_number: 'NEW/2026/0001',
            department: 'Law',
            year_of_study: 1,
            phone: '+1 555 010 0200',
          },
        ],
      );
      await actAs(client(), REGISTRAR);
      return (
        await client().query(
          `select status, member_id is not null as member, roster_id is not null as roster from public.student_directory where email = 'new.student1@example.edu'`,
        )
      ).rows;
    });
    expect(status).toEqual([{ status: 'active', member: true, roster: true }]);
  });
});

describe('bulk actions on the students list', () => {
  /** Northfield's roster with three invited students, as the registrar. */
  async function withInvited(): Promise<void> {
    await confirm((await importRows('students', [student(1), student(2), student(3)])).id);
    await client().query('reset role');
    // Invited long enough ago to be invited again.
    await client().query(`update public.student_roster set last_invited_at = now() - interval '1 hour'`);
  }

  it('deactivate the chosen members and withdraw the chosen invitations, for super admins, confirming the count', async () => {
    const result = await as(SUPER, async () => {
      await actAs(client(), REGISTRAR);
      await withInvited();
      await actAs(client(), SUPER);
      const ids = (
        await client().query<{ id: string }>(
          `select id from public.student_directory where email in ('new.student1@example.edu', 'student03@northfield.edu')`,
        )
      ).rows.map((r) => r.id);
      const wrongCount = await refusal(() =>
        client().query('select public.deactivate_students($1, null, null, 3)', [ids]),
      );
      const answer = (await client().query('select public.deactivate_students($1, null, null, 2) as r', [ids])).rows[0]
        .r;
      await actAs(client(), REGISTRAR);
      const plainAdmin = await refusal(() =>
        client().query('select public.deactivate_students($1, null, null, 2)', [ids]),
      );
      const statuses = (
        await client().query(
          `select email, status from public.student_directory where email in ('new.student1@example.edu', 'student03@northfield.edu') order by email`,
        )
      ).rows;
      await client().query('reset role');
      const sessions = (
        await client().query('select count(*)::int as n from auth.sessions where user_id = $1', [nf('student03')])
      ).rows[0].n;
      const banned = (
        await client().query('select banned_until > now() as banned from auth.users where id = $1', [nf('student03')])
      ).rows[0].banned;
      const audit = (
        await client().query(
          `select details ->> 'bulk_summary' as summary from public.audit_log where details ? 'bulk_summary' and table_name = 'members'`,
        )
      ).rows;
      return { wrongCount, answer, plainAdmin, statuses, sessions, banned, audit };
    });
    expect(result.wrongCount).toBe(
      'The list has changed since you chose: 2 students match now. Look at it again and confirm',
    );
    expect(result.answer).toEqual({ deactivated: 1, withdrawn: 1, unchanged: 0 });
    expect(result.plainAdmin).toBe('Only a super admin can do this');
    expect(result.statuses).toEqual([
      { email: 'new.student1@example.edu', status: 'withdrawn' },
      { email: 'student03@northfield.edu', status: 'deactivated' },
    ]);
    expect(result).toMatchObject({
      sessions: 0,
      banned: true,
      audit: [{ summary: 'Deactivated 1 student and withdrew 1 invitation (end of studies)' }],
    });
  });

  it('refuse students, and act on nobody of another university', async () => {
    const seen = await as(REGISTRAR, async () => {
      await withInvited();
      await actAs(client(), REGISTRAR);
      const ids = (
        await client().query<{ id: string }>(`select id from public.student_directory where email like 'new.student%'`)
      ).rows.map((r) => r.id);
      await actAs(client(), nf('student01'));
      const student = {
        deactivate: await refusal(() => client().query('select public.deactivate_students($1, null, null, 3)', [ids])),
        resend: await refusal(() =>
          client().query('select public.resend_student_invitations($1, null, null, 3)', [ids]),
        ),
      };
      await actAs(client(), sb('admin'));
      const southbank = {
        deactivate: await refusal(() => client().query('select public.deactivate_students($1, null, null, 3)', [ids])),
        resend: await refusal(() =>
          client().query('select public.resend_student_invitations($1, null, null, 3)', [ids]),
        ),
      };
      await client().query('reset role');
      const roster = (
        await client().query(
          `select email::text, invitation_count, withdrawn_at is null as waiting from public.student_roster order by email`,
        )
      ).rows;
      return { student, southbank, roster };
    });
    expect(seen.student).toEqual({
      deactivate: 'Only a super admin can do this',
      resend: 'Only a university administrator can invite students',
    });
    expect(seen.southbank).toEqual({ deactivate: 'No students are chosen', resend: 'No students are chosen' });
    expect(seen.roster).toEqual(
      [1, 2, 3].map((n) => ({ email: `new.student${n}@example.edu`, invitation_count: 1, waiting: true })),
    );
  });

  it('act on every student a search matches, as the list matches them', async () => {
    const answer = await as(SUPER, async () => {
      await actAs(client(), REGISTRAR);
      await withInvited();
      await actAs(client(), SUPER);
      // "last1" matches Last1 only; the list's search drops the characters PostgREST reserves, as here.
      return (await client().query(`select public.deactivate_students(null, 'Last1,*', 'invited', 1) as r`)).rows[0].r;
    });
    expect(answer).toEqual({ deactivated: 0, withdrawn: 1, unchanged: 0 });
  });

  it('send the join link again to invited students only, not twice within minutes, for admins', async () => {
    const result = await as(REGISTRAR, async () => {
      await withInvited();
      // One of them was just invited again one by one.
      await client().query(
        `update public.student_roster set last_invited_at = now() where email = 'new.student3@example.edu'`,
      );
      await actAs(client(), REGISTRAR);
      const chosen = (await client().query(`select count(*)::int as n from public.student_directory`)).rows[0]
        .n as number;
      const answer = (
        await client().query('select public.resend_student_invitations(null, null, null, $1) as r', [chosen])
      ).rows[0].r;
      const again = await refusal(() =>
        client().query(`select public.resend_student_invitations(null, null, 'invited', 3)`),
      );
      await actAs(client(), nf('dr.adams'));
      const doctor = await refusal(() =>
        client().query(`select public.resend_student_invitations(null, null, 'invited', 3)`),
      );
      await client().query('reset role');
      const counts = (
        await client().query(`select email::text, invitation_count from public.student_roster order by email`)
      ).rows;
      const audit = (
        await client().query(
          `select details ->> 'bulk_summary' as summary from public.audit_log where details ->> 'bulk_summary' like 'Sent%'`,
        )
      ).rows;
      return { chosen, answer, again, doctor, counts, audit };
    });
    expect(result.answer).toEqual({ resent: 2, skipped: result.chosen - 2 });
    expect(result.again).toMatch(/^None of the chosen students is waiting for an invitation/);
    expect(result.doctor).toBe('Only a university administrator can invite students');
    expect(result.counts).toEqual([
      { email: 'new.student1@example.edu', invitation_count: 2 },
      { email: 'new.student2@example.edu', invitation_count: 2 },
      { email: 'new.student3@example.edu', invitation_count: 1 },
    ]);
    expect(result.audit).toEqual([{ summary: 'Sent the join link again to 2 invited students' }]);
  });
});

describe('the exports', () => {
  /** Today on Northfield's clinic calendar, by the database's clock (which some runs pin), as YYYY-MM-DD. */
  const clinicToday = async () =>
    (await client().query<{ today: string }>('select private.clinic_today($1)::text as today', [NORTHFIELD_ID])).rows[0]
      .today;

  it('give administrators their university’s students, invited ones included, formula-safe', async () => {
    const lines = await as(REGISTRAR, async () => {
      await confirm((await importRows('students', [student(1, { last_name: '=cmd|calc', first_name: 'Evil' })])).id);
      return (await client().query<{ line: string }>('select line from exports.students()')).rows.map(
        (row) => row.line,
      );
    });
    expect(lines[0]).toBe(
      '"Last name","First name","Email","Registration number","Department","Year of study","Phone","Status","Invitation","Invited on","Invitations sent","Joined on"',
    );
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines.find((line) => line.includes('Evil'))).toMatch(
      /^"'=cmd\|calc","Evil","new\.student1@example\.edu","NEW\/2026\/0001","Law","1","","Invited","Invited, not joined yet","\d{4}-\d\d-\d\d","1",""$/,
    );
    expect(lines.filter((line) => line.includes('@southbank.edu'))).toEqual([]);
  });

  it.each([
    ['students', 'select line from exports.students()'],
    ['staff', 'select line from exports.staff()'],
    ['programs', 'select line from exports.programs()'],
    ['appointments', 'select line from exports.appointments($1::date, $1::date)'],
  ])('refuse %s to doctors and students', async (what, sql) => {
    const params = sql.includes('$1') ? [await clinicToday()] : [];
    for (const caller of [nf('dr.adams'), nf('student01')]) {
      expect((await probe(client(), caller, sql, params)).error).toMatchObject({
        code: 'P0001',
        message: `Only university administrators can export ${what}`,
      });
    }
  });

  it('export appointments of at most a year of clinic days, and programs and staff of the caller’s university', async () => {
    const today = await clinicToday();
    const seen = await as(SUPER, async () => ({
      year: await refusal(() =>
        client().query(`select line from exports.appointments($1::date - 400, $1::date)`, [today]),
      ),
      backwards: await refusal(() =>
        client().query(`select line from exports.appointments($1::date, $1::date - 1)`, [today]),
      ),
      appointments: (
        await client().query<{ line: string }>(`select line from exports.appointments($1::date - 60, $1::date + 60)`, [
          today,
        ])
      ).rows.map((r) => r.line),
      staff: (await client().query<{ line: string }>('select line from exports.staff()')).rows.map((r) => r.line),
      programs: (await client().query<{ line: string }>('select line from exports.programs()')).rows.map((r) => r.line),
    }));
    expect(seen.year).toBe('Export at most a year of appointments at a time');
    expect(seen.backwards).toBe('The last day must be on or after the first day');
    expect(seen.appointments[0]).toBe(
      '"Date","Time (America/New_York)","Minutes","Student","Registration number","Department","Year of study","Doctor","Status"',
    );
    expect(seen.appointments.length).toBeGreaterThan(1);
    expect(seen.appointments.join('\n')).not.toMatch(/Southbank|Malaria|Check-up|Consultation/);
    expect(
      seen.staff.some((line) => line.startsWith('"Adams","Amelia","dr.adams@northfield.edu","Doctor","No","Active"')),
    ).toBe(true);
    expect(seen.staff.join('\n')).not.toContain('southbank.edu');
    expect(seen.programs[0]).toBe(
      '"Title","Date","Time","Location","Type","Audience","Organiser","Activities","Description"',
    );
  });

  it('are planned into the reading query, so the gateway’s cursor streams them', async () => {
    const plans = await as(REGISTRAR, async () => {
      const plan = async (sql: string) =>
        (await client().query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      return [
        await plan('select line from exports.students()'),
        await plan('select line from exports.staff()'),
        await plan('select line from exports.programs()'),
        await plan(`select line from exports.appointments('2026-01-01', '2026-02-01')`),
      ];
    });
    for (const plan of plans) expect(plan).not.toMatch(/Function Scan/);
  });
});

it('leaves Southbank out of everything above', async () => {
  const { rows } = await client().query(
    'select count(*)::int as n from public.student_roster where university_id = $1',
    [SOUTHBANK_ID],
  );
  expect(rows[0].n).toBe(0);
});
