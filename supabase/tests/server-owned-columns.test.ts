/**
 * Columns the database owns (migration 20260112000000): no API role writes ids, timestamps, the university, authors,
 * statuses, cancellations or the patient on a booking. The attack: a student booked with created_at = 1950 and edited
 * the visit, after which the calendar SEQUENCE of its emails overflowed an integer, the minute's reminder pass failed
 * for every university and staff could not cancel or move the visit. Also: a stored time, whoever wrote it, no longer
 * breaks an email, and one visit that cannot be reminded of does not hold up the others.
 */
import pino from 'pino';
import { startReminderScheduler } from '../../server/src/mail/reminders';
import {
  actAs,
  clinicSlot,
  hoursFromNow,
  probe,
  rolledBack,
  setClinicZoneWithoutTriggers,
  testDatabase,
} from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const STUDENT = nf('student01');
const ADMIN = nf('registrar');
const INT_MAX = 2147483647;

const database = testDatabase();

/** What a university's super admin sets on an immunization requirement. */
const REQUIREMENT_COLUMNS = [
  'cvx_codes',
  'departments',
  'doses_required',
  'due_days_after_joining',
  'due_on',
  'medical_exemption',
  'medical_exemption_needs_document',
  'min_interval_days',
  'name',
  'personal_exemption',
  'personal_exemption_needs_document',
  'years',
];

/** What API roles may write, per table: the columns whose value is the caller's choice. */
const WRITABLE: Record<string, { insert: string[]; update: string[] }> = {
  'public.appointment_type_doctors': { insert: ['appointment_type_id', 'doctor_id'], update: [] },
  'public.appointment_types': {
    insert: ['duration_minutes', 'name', 'self_bookable'],
    update: ['duration_minutes', 'name', 'self_bookable'],
  },
  'public.appointments': {
    insert: ['appointment_type_id', 'date', 'department', 'duration_minutes', 'provider_id', 'reason', 'year'],
    update: [],
  },
  'public.clinic_closures': { insert: ['ends_on', 'reason', 'starts_on'], update: ['ends_on', 'reason', 'starts_on'] },
  'public.clinic_hours': { insert: ['closes_at', 'opens_at', 'weekday'], update: ['closes_at', 'opens_at', 'weekday'] },
  'public.clinic_settings': {
    insert: [],
    update: [
      'address',
      'booking_grace_minutes',
      'email',
      'min_notice_minutes',
      'phone',
      'slot_minutes',
      'staff_idle_minutes',
      'student_change_cutoff_minutes',
      'student_daily_booking_limit',
      'student_upcoming_limit',
      'timezone',
    ],
  },
  'public.doctor_hours': {
    insert: ['closes_at', 'doctor_id', 'opens_at', 'weekday'],
    update: ['closes_at', 'doctor_id', 'opens_at', 'weekday'],
  },
  'public.doctor_time_off': {
    insert: ['doctor_id', 'ends_at', 'reason', 'starts_at'],
    update: ['ends_at', 'reason', 'starts_at'],
  },
  // student_id is the row's key, held to the caller by the policies; upserts name it.
  'public.health_profiles': {
    insert: ['allergies', 'blood_group', 'bmi', 'disabled', 'genotype', 'student_id'],
    update: ['allergies', 'blood_group', 'bmi', 'disabled', 'genotype', 'student_id'],
  },
  'public.immunization_requirements': { insert: REQUIREMENT_COLUMNS, update: REQUIREMENT_COLUMNS },
  'public.members': {
    insert: [],
    update: [
      'avatar_path',
      'department',
      'first_name',
      'last_name',
      'phone',
      'position',
      'specialization',
      'staff_id',
      'title',
      'year_of_study',
    ],
  },
  'public.programs': {
    insert: [
      'activities',
      'date',
      'description',
      'location',
      'organiser',
      'program_type',
      'target_audience',
      'time',
      'title',
    ],
    update: [
      'activities',
      'date',
      'description',
      'location',
      'organiser',
      'program_type',
      'target_audience',
      'time',
      'title',
    ],
  },
  'public.universities': { insert: [], update: ['email', 'logo_path', 'name', 'phone'] },
  // The clinical record (20260116000000): what a doctor types into a draft. Visits are opened by starting their
  // appointment, signed by sign_visit(); addenda and letters are written by their functions only.
  'public.visits': {
    insert: [],
    update: ['assessment', 'chief_complaint', 'follow_up', 'objective', 'plan', 'subjective'],
  },
  'public.vital_signs': {
    insert: [
      'diastolic_mmhg',
      'height_cm',
      'pulse_bpm',
      'respiratory_rate',
      'spo2_percent',
      'systolic_mmhg',
      'temperature_c',
      'visit_id',
      'weight_kg',
    ],
    update: [
      'diastolic_mmhg',
      'height_cm',
      'pulse_bpm',
      'respiratory_rate',
      'spo2_percent',
      'systolic_mmhg',
      'temperature_c',
      'weight_kg',
    ],
  },
  'public.diagnoses': { insert: ['description', 'icd10_code', 'visit_id'], update: ['description', 'icd10_code'] },
  'public.prescriptions': {
    insert: [
      'allergy_acknowledgement',
      'dose',
      'drug',
      'duration',
      'frequency',
      'instructions',
      'quantity',
      'route',
      'strength',
      'visit_id',
    ],
    update: [
      'allergy_acknowledgement',
      'dose',
      'drug',
      'duration',
      'frequency',
      'instructions',
      'quantity',
      'route',
      'strength',
    ],
  },
};

describe('the columns API roles may write', () => {
  it('are exactly the ones a person chooses, on every table of public and private (storage is the storage service’s)', async () => {
    const { rows } = await database.client.query<{ role: string; tbl: string; privilege: string; columns: string[] }>(
      `select r.role, format('%I.%I', n.nspname, c.relname) as tbl, p.privilege, array_agg(a.attname::text order by a.attname) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       cross join (values ('INSERT'), ('UPDATE')) as p(privilege)
       cross join (values ('anon'), ('authenticated')) as r(role)
       where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'm')
         and has_column_privilege(r.role, c.oid, a.attnum, p.privilege)
       group by 1, 2, 3`,
    );
    const granted = (role: string, privilege: string) =>
      Object.fromEntries(
        rows.filter((row) => row.role === role && row.privilege === privilege).map((row) => [row.tbl, row.columns]),
      );
    const expected = (privilege: 'insert' | 'update') =>
      Object.fromEntries(
        Object.entries(WRITABLE)
          .filter(([, columns]) => columns[privilege].length > 0)
          .map(([table, columns]) => [table, columns[privilege]]),
      );
    expect(granted('authenticated', 'INSERT')).toEqual(expected('insert'));
    expect(granted('authenticated', 'UPDATE')).toEqual(expected('update'));
    expect(rows.filter((row) => row.role === 'anon')).toEqual([]);
  });
});

describe('a student booking', () => {
  it('cannot be dated 1950, nor name its status, cancellation, id, university, student or patient', async () => {
    const slot = await clinicSlot(database.client, 20);
    for (const [column, value] of [
      ['created_at', '1950-01-01'],
      ['updated_at', '1950-01-01'],
      ['id', '00000000-0000-4000-8000-0000000019f0'],
      ['status', 'completed'],
      ['cancel_reason', 'Never came'],
      ['university_id', SOUTHBANK_ID],
      ['student_id', nf('student02')],
      ['name', 'Somebody Else'],
      ['reg', 'NFU/2020/999'],
    ]) {
      const result = await probe(
        database.client,
        STUDENT,
        `insert into public.appointments (date, department, year, reason, ${column}) values ($1, 'Law', 2, 'Check-up', $2)`,
        [slot, value],
      );
      expect({ column, error: result.error }).toEqual({
        column,
        error: { code: '42501', message: 'permission denied for table appointments' },
      });
    }
  });

  it('cannot be edited afterwards except through update_appointment, which sets the time itself', async () => {
    const own = (
      await database.client.query<{ id: string }>(
        `select id from public.appointments where student_id = $1 and status = 'scheduled' and date > now() limit 1`,
        [STUDENT],
      )
    ).rows[0].id;
    for (const change of [
      `reason = 'Malaria'`,
      `created_at = '1950-01-01'`,
      `updated_at = now() + interval '100 years'`,
    ]) {
      const result = await probe(database.client, STUDENT, `update public.appointments set ${change} where id = $1`, [
        own,
      ]);
      expect({ change, code: result.error?.code }).toEqual({ change, code: '42501' });
    }
  });

  it("gets the database's own time, university, student and the student's name and registration number", async () => {
    const result = await probe<{
      booked_now: boolean;
      university_id: string;
      student_id: string;
      name: string;
      reg: string;
    }>(
      database.client,
      STUDENT,
      `insert into public.appointments (date, department, year, reason) values ($1, 'Law', 2, 'Check-up')
       returning created_at = now() and updated_at = now() as booked_now, university_id, student_id, name, reg`,
      [await clinicSlot(database.client, 21)],
    );
    expect(result.rows).toEqual([
      { booked_now: true, university_id: NORTHFIELD_ID, student_id: STUDENT, name: 'Ada Okoro', reg: 'NFU/2024/001' },
    ]);
  });
});

describe('a visit whose booking time lies decades back (stored before, or by the server)', () => {
  it('is still moved and cancelled by staff and reminded of, with a SEQUENCE that fits the calendar', async () => {
    const result = await rolledBack(database.client, async () => {
      const { rows } = await database.client.query<{ id: string }>(
        `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at, updated_at)
         values ($1, $2, $3, $4, 'Ada Okoro', 'Law', 'NFU/2024/001', 2, 'Check-up', '1950-01-01', '1950-01-01') returning id`,
        [NORTHFIELD_ID, STUDENT, nf('dr.adams'), await hoursFromNow(database.client, 5)],
      );
      const id = rows[0].id;
      // The edit that stamps updated_at with today, 76 years after the booking.
      await database.client.query(`update public.appointments set reason = 'Malaria' where id = $1`, [id]);
      const queued = (
        await database.client.query<{ queued: number }>('select private.queue_appointment_reminders() as queued')
      ).rows[0].queued;
      await actAs(database.client, ADMIN);
      await database.client.query('select public.update_appointment($1, date => $2)', [
        id,
        await hoursFromNow(database.client, 6),
      ]);
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Doctor ill')`,
        [id],
      );
      await database.client.query('reset role');
      const mail = await database.client.query<{ kind: string; sequence: number }>(
        `select kind, (calendar ->> 'sequence')::integer as sequence from public.email_outbox where appointment_id = $1 order by id`,
        [id],
      );
      return { queued, mail: mail.rows };
    });
    expect(result.error).toBeUndefined();
    expect(result.value?.queued).toBeGreaterThanOrEqual(2);
    expect(result.value?.mail).toEqual([
      { kind: 'booking_confirmation', sequence: 0 },
      { kind: 'doctor_notice', sequence: 0 },
      ...['reminder', 'reminder', 'reschedule', 'reschedule', 'cancellation', 'cancellation'].map((kind) => ({
        kind,
        sequence: INT_MAX,
      })),
    ]);
  });
});

describe('the reminder pass', () => {
  it('skips a visit it cannot remind of, naming it in a warning, and reminds every other university; the next run catches up', async () => {
    // Booked days ago: a visit booked for the next 24 hours has its confirmation instead of a reminder.
    const book = async (university: string, student: string, doctor: string, hours: number) =>
      (
        await database.client.query<{ id: string }>(
          `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
           select $1, m.id, $3, $4, m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study, 'Check-up',
                  now() - interval '3 days'
           from public.members m where m.id = $2 returning id`,
          [university, student, doctor, await hoursFromNow(database.client, hours)],
        )
      ).rows[0].id;
    const northfield = await book(NORTHFIELD_ID, nf('student09'), nf('dr.bello'), 7);
    const southbank = await book(SOUTHBANK_ID, sb('student09'), sb('dr.bello'), 8);
    const reminders = async (appointment: string) =>
      (
        await database.client.query(
          `select 1 from public.email_outbox where appointment_id = $1 and kind = 'reminder'`,
          [appointment],
        )
      ).rowCount;

    // A zone the server's time-zone data no longer knows: Southbank's emails can no longer be written.
    await setClinicZoneWithoutTriggers(database.client, SOUTHBANK_ID, 'Atlantis/Lost_City');
    const logged: { level: number; msg: string; detail?: string; err?: unknown }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    try {
      // The scheduler's first pass runs at once; stopping waits for it.
      await startReminderScheduler({ pool: database.db.pool, logger, intervalMs: 3_600_000 }).stop();
      expect(await reminders(northfield)).toBe(2);
      expect(await reminders(southbank)).toBe(0);
      expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
      const skipped = logged
        .filter((entry) => entry.msg === 'appointment reminder skipped')
        .map((entry) => entry.detail);
      expect(skipped).toHaveLength(2);
      expect(
        skipped.every(
          (detail) =>
            detail?.includes(`Reminder for appointment ${southbank}`) && detail.includes('Atlantis/Lost_City'),
        ),
      ).toBe(true);
    } finally {
      await setClinicZoneWithoutTriggers(database.client, SOUTHBANK_ID, 'Europe/London');
    }
    await database.client.query('select private.queue_appointment_reminders()');
    expect(await reminders(southbank)).toBe(2);
  });
});
