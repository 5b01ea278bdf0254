/**
 * Names and reasons are one line of text (migration 20260112000000), as they reach email subjects and bodies and the
 * calendar file, where a line break starts a line of the writer's choosing. The attack: a student's name, "Other:"
 * reason and cancellation reason reached the doctor's mail verbatim, line breaks and phishing links included, and a
 * lone CR reached the .ics. And the patient on a student's booking is the student as their member row names them, not
 * what the booker typed.
 */
import { actAs, clinicSlot, probe, rolledBack, testDatabase, type Caller } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const STUDENT = nf('student01');
const DOCTOR = nf('dr.adams');
const SUPER = nf('admin');
const PHISHING = 'Ada\n\nYour account is locked: sign in at http://campuscare.example.net';

const database = testDatabase();

async function futureAppointment(student: string): Promise<string> {
  const { rows } = await database.client.query<{ id: string }>(
    `select id from public.appointments where student_id = $1 and status = 'scheduled' and date > now() order by date limit 1`,
    [student],
  );
  return rows[0].id;
}

describe('names and reasons', () => {
  it('refuse line breaks and other control characters wherever they are written, each with its own rule or message', async () => {
    const appointment = await futureAppointment(STUDENT);
    const slot = await clinicSlot(database.client, 30);
    const cases: [string, Caller, string, unknown[], string][] = [
      [
        'a student’s first name',
        STUDENT,
        'update public.members set first_name = $2 where id = $1',
        [STUDENT, PHISHING],
        'members_first_name_length',
      ],
      [
        'a doctor’s last name, a lone CR',
        DOCTOR,
        'update public.members set last_name = $2 where id = $1',
        [DOCTOR, 'Adams\rBCC: everyone'],
        'members_last_name_length',
      ],
      [
        'the university’s name',
        SUPER,
        'update public.universities set name = $2 where id = $1',
        [NORTHFIELD_ID, 'Northfield\u2028University'],
        'universities_name_length',
      ],
      [
        'an "Other:" reason',
        STUDENT,
        `select public.book_appointment($1, $2)`,
        [slot, 'Other: sore throat\nhttp://campuscare.example.net'],
        'Describe the reason on one line, without line breaks or other control characters',
      ],
      [
        'the same reason written straight into the table',
        STUDENT,
        `insert into public.appointments (date, department, year, reason) values ($1, 'Law', 2, $2)`,
        [slot, 'Other: sore throat\u0085again'],
        'appointments_reason_format',
      ],
      [
        'a reason for cancelling',
        STUDENT,
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => $2)`,
        [appointment, 'Feeling better\r\nhttp://campuscare.example.net'],
        'Give the reason for cancelling on one line, without line breaks or other control characters',
      ],
      [
        'a closure’s reason',
        SUPER,
        `insert into public.clinic_closures (starts_on, ends_on, reason) values (current_date + 40, current_date + 40, $1)`,
        ['Holiday\n'],
        'clinic_closures_reason_length',
      ],
      [
        'a doctor’s time off',
        DOCTOR,
        `insert into public.doctor_time_off (doctor_id, starts_at, ends_at, reason) values ($1, now() + interval '50 days', now() + interval '51 days', $2)`,
        [DOCTOR, 'Away\u0007'],
        'doctor_time_off_reason_length',
      ],
    ];
    const wrong: string[] = [];
    for (const [label, caller, sql, params, refusal] of cases) {
      const { error } = await probe(database.client, caller, sql, params);
      const refusedAsExpected = refusal.includes(' ')
        ? error?.code === 'P0001' && error.message === refusal
        : error?.code === '23514' && error.message.includes(`"${refusal}"`);
      if (!refusedAsExpected) wrong.push(`${label}: ${error ? `${error.code} ${error.message}` : 'accepted'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('stay what they were on one line: the same writes with spaces go through', async () => {
    const result = await rolledBack(database.client, async () => {
      await actAs(database.client, STUDENT);
      await database.client.query('update public.members set first_name = $2 where id = $1', [STUDENT, 'Ada  Ngozi']);
      const booked = await database.client.query<{ reason: string }>(
        `select reason from public.book_appointment($1, 'Other: sore throat, two days')`,
        [await clinicSlot(database.client, 31)],
      );
      return booked.rows[0].reason;
    });
    expect(result).toEqual({ value: 'Other: sore throat, two days' });
  });
});

describe("the patient on a student's booking", () => {
  it('is the student as their member row names them, in the row and in the doctor’s email; the booker cannot name one', async () => {
    const slot = await clinicSlot(database.client, 32);
    const typed = await probe(
      database.client,
      STUDENT,
      `select public.book_appointment(date => $1, reason => 'Check-up', name => 'Dr Who', reg => 'NFU/0000/000')`,
      [slot],
    );
    expect(typed.error?.code).toBe('42883');

    const result = await rolledBack(database.client, async () => {
      await actAs(database.client, STUDENT);
      await database.client.query('update public.members set first_name = $2 where id = $1', [STUDENT, 'Adaeze']);
      const booked = (
        await database.client.query<{ id: string; name: string; reg: string }>(
          `select id, name, reg from public.book_appointment($1, 'Check-up', $2)`,
          [slot, DOCTOR],
        )
      ).rows[0];
      await database.client.query('reset role');
      const notice = await database.client.query<{ body: string }>(
        `select body from public.email_outbox where appointment_id = $1 and kind = 'doctor_notice'`,
        [booked.id],
      );
      return { name: booked.name, reg: booked.reg, body: notice.rows[0].body };
    });
    expect(result.error).toBeUndefined();
    expect(result.value).toMatchObject({ name: 'Adaeze Okoro', reg: 'NFU/2024/001' });
    expect(result.value?.body).toContain('Patient: Adaeze Okoro (NFU/2024/001)');
  });
});
