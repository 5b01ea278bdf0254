/**
 * Appointment emails: what the database queues in email_outbox when an appointment is booked, cancelled, moved or
 * given to a doctor, and the 24-hour reminders. Appointments are created as the server (no JWT subject), which the
 * scheduling rules trust, so the tests do not depend on the clinic's free slots; the student's own moves use one.
 */
import type { Client } from 'pg';
import { storeSiteUrl } from '../../server/src/postgres/migrate';
import { actAs, clinicSlot, hoursFromNow, probe, rolledBack, testDatabase } from './harness';
import { uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const ZONE = 'America/New_York'; // the seed's Northfield clinic
const SITE = 'https://care.example.edu';
/**
 * Bookings go five or more days ahead (first weekday): the seed's coming visits are on the clinic's days 2–4 and
 * 10–12, so days 5–8 are free whatever the day of the run.
 */
const DAYS_AHEAD = 5;
/** When a visit that gets a reminder was booked: a day or more ahead (one booked sooner has its confirmation instead). */
const DAYS_EARLIER = "now() - interval '3 days'";
const ADMIN = nf('registrar');
const ADAMS = nf('dr.adams');
const BELLO = nf('dr.bello');
const CHEN = nf('dr.chen');

interface CalendarJson {
  uid: string;
  start: string;
  duration_minutes: number;
  title: string;
  description: string;
  location: string;
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
}

interface Mail {
  id: string;
  to_email: string;
  kind: string;
  subject: string;
  body: string;
  calendar: CalendarJson;
}

const database = testDatabase();

/** The wall-clock text the emails must show, worked out by the JavaScript runtime rather than by PostgreSQL. */
function clinicTime(at: string, zone = ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} (${zone})`;
}

/** Back to the server's own identity (superuser, no JWT) inside the current transaction. */
async function asServer(): Promise<void> {
  await database.client.query(`reset role; select set_config('request.jwt.claims', '', true)`);
}

/** Books as the server would; `bookedAt` (an SQL expression) backdates when the booking was made, which reminders read. */
async function book(
  student: string,
  at: string,
  doctor: string | null,
  extra: { status?: string; cancelReason?: string; bookedAt?: string } = {},
): Promise<string> {
  const { rows } = await database.client.query<{ id: string }>(
    `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, status, cancel_reason, created_at)
     select m.university_id, m.id, $2, $3, m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study,
            'Check-up', $4::public.appointment_status, $5, ${extra.bookedAt ?? 'now()'}
     from public.members m where m.id = $1
     returning id`,
    [student, doctor, at, extra.status ?? 'scheduled', extra.cancelReason ?? null],
  );
  return rows[0].id;
}

async function lastMailId(): Promise<string> {
  return (
    await database.client.query<{ id: string }>('select coalesce(max(id), 0)::text as id from public.email_outbox')
  ).rows[0].id;
}

/** The messages about one appointment queued after outbox row `after`, oldest first. */
async function mailSince(appointment: string, after = '0'): Promise<Mail[]> {
  const { rows } = await database.client.query<Mail>(
    `select o.id::text, o.to_email, o.kind, o.subject, o.body, o.calendar from public.email_outbox o
     where o.appointment_id = $1 and o.id > $2::bigint order by o.id`,
    [appointment, after],
  );
  return rows;
}

const recipients = (mail: Mail[]) => mail.map((m) => [m.to_email, m.kind]);

/** Runs `fn` in a transaction that is rolled back, with the site URL the emails link to. */
async function inRolledBackTransaction<T>(fn: () => Promise<T>): Promise<T> {
  const result = await rolledBack(database.client, async () => {
    await storeSiteUrl(database.client, `${SITE}/`);
    return fn();
  });
  if (result.error) throw new Error(result.error.message);
  return result.value as T;
}

describe('appointment emails', () => {
  it("confirms a booking to the student and tells the doctor, in the clinic's time zone", async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '09:30');
    const { id, mail } = await inRolledBackTransaction(async () => {
      const id = await book(nf('student11'), at, ADAMS);
      return { id, mail: await mailSince(id) };
    });
    expect(recipients(mail)).toEqual([
      ['student11@northfield.edu', 'booking_confirmation'],
      ['dr.adams@northfield.edu', 'doctor_notice'],
    ]);
    const [student, doctor] = mail;
    const when = clinicTime(at);
    expect(when).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, 09:30 \(America\/New_York\)$/);
    expect(student.subject).toBe(`Appointment booked: ${when}`);
    expect(student.body).toBe(
      [
        'Hello Kemi,',
        '',
        'Your appointment at the Northfield University clinic is booked.',
        '',
        `When: ${when}, 30 minutes`,
        'Doctor: Dr Amelia Adams',
        '',
        `To reschedule or cancel, sign in to CampusCare and open your dashboard: ${SITE}/studentdashboard`,
        '',
        'The attached calendar invitation (appointment.ics) adds it to your calendar.',
        '',
      ].join('\n'),
    );
    expect(student.calendar).toEqual({
      uid: `${id}@campuscare`,
      start: new Date(at).toISOString().replace('.000Z', 'Z'),
      duration_minutes: 30,
      title: 'Clinic appointment, Northfield University',
      description: `Doctor: Dr Amelia Adams\nTo reschedule or cancel: ${SITE}/studentdashboard`,
      location: 'Northfield University',
      method: 'REQUEST',
      sequence: 0,
    });

    expect(doctor.subject).toBe(`New appointment: Kemi Adeyemi, ${when}`);
    expect(doctor.body).toContain('Hello Amelia,');
    expect(doctor.body).toContain('An appointment at Northfield University is now booked with you.');
    expect(doctor.body).toMatch(/Patient: Kemi Adeyemi \(NFU\/\d{4}\/011\)/);
    expect(doctor.body).toContain(`Your appointments: ${SITE}/dashboarrd`);
    expect(doctor.calendar).toMatchObject({
      uid: `${id}@campuscare`,
      method: 'REQUEST',
      title: expect.stringMatching(/^Appointment: Kemi Adeyemi/),
    });
  });

  it('tells only the student when no doctor is assigned yet, and says so', async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '10:30');
    const mail = await inRolledBackTransaction(async () => mailSince(await book(nf('student11'), at, null)));
    expect(recipients(mail)).toEqual([['student11@northfield.edu', 'booking_confirmation']]);
    expect(mail[0].body).toContain('Doctor: not assigned yet (the clinic will assign one)');
  });

  it('tells a newly assigned doctor and the student, and removes the visit from the calendar of the doctor it was taken from', async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '11:00');
    const steps = await inRolledBackTransaction(async () => {
      const id = await book(nf('student12'), at, null);
      const step = async (caller: string, doctor: string) => {
        const before = await lastMailId();
        await actAs(database.client, caller);
        await database.client.query('select public.update_appointment($1, provider_id => $2)', [id, doctor]);
        await asServer();
        return mailSince(id, before);
      };
      return {
        assigned: await step(ADMIN, ADAMS),
        reassigned: await step(ADMIN, BELLO),
        taken: await step(CHEN, CHEN),
      };
    });
    expect(recipients(steps.assigned)).toEqual([
      ['dr.adams@northfield.edu', 'doctor_notice'],
      ['student12@northfield.edu', 'doctor_change'],
    ]);
    expect(steps.assigned[0].body).toContain(`When: ${clinicTime(at)}, 30 minutes`);
    expect(steps.assigned[1].subject).toBe(`Appointment update: new doctor, ${clinicTime(at)}`);
    expect(steps.assigned[1].body).toContain(
      'Your appointment at the Northfield University clinic is now with Dr Amelia Adams.',
    );
    expect(recipients(steps.reassigned)).toEqual([
      ['dr.adams@northfield.edu', 'doctor_unassigned'],
      ['dr.bello@northfield.edu', 'doctor_notice'],
      ['student12@northfield.edu', 'doctor_change'],
    ]);
    expect(steps.reassigned[0].body).toContain('This appointment is no longer assigned to you.');
    expect(steps.reassigned[0].calendar.method).toBe('CANCEL');
    // A doctor who takes the visit themselves needs no email; the doctor who had it and the student do.
    expect(recipients(steps.taken)).toEqual([
      ['dr.bello@northfield.edu', 'doctor_unassigned'],
      ['student12@northfield.edu', 'doctor_change'],
    ]);
  });

  it('tells the doctor, not the student, when the student cancels', async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '13:00');
    const { booked, cancelled } = await inRolledBackTransaction(async () => {
      const id = await book(nf('student13'), at, ADAMS);
      const booked = await mailSince(id);
      await actAs(database.client, nf('student13'));
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'Exam that morning')`,
        [id],
      );
      await asServer();
      return { booked, cancelled: await mailSince(id, booked.at(-1)?.id) };
    });
    expect(recipients(cancelled)).toEqual([['dr.adams@northfield.edu', 'cancellation']]);
    const [notice] = cancelled;
    expect(notice.subject).toBe(`Appointment cancelled: Maya Patel, ${clinicTime(at)}`);
    expect(notice.body).toContain('Maya Patel has cancelled this appointment.');
    expect(notice.calendar).toMatchObject({ uid: booked[0].calendar.uid, method: 'CANCEL' });
    expect(notice.calendar.sequence).toBeGreaterThanOrEqual(booked[0].calendar.sequence);
  });

  it.each([
    ['the doctor', ADAMS, [['student14@northfield.edu', 'cancellation']]],
    [
      'an admin',
      ADMIN,
      [
        ['student14@northfield.edu', 'cancellation'],
        ['dr.adams@northfield.edu', 'cancellation'],
      ],
    ],
  ])('tells the student when %s cancels (and the doctor, when it was not them)', async (_who, caller, expected) => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '14:00');
    const cancelled = await inRolledBackTransaction(async () => {
      const id = await book(nf('student14'), at, ADAMS);
      const before = await lastMailId();
      await actAs(database.client, caller);
      await database.client.query(
        `select public.update_appointment($1, status => 'cancelled', cancel_reason => 'The doctor is unwell')`,
        [id],
      );
      await asServer();
      return mailSince(id, before);
    });
    expect(recipients(cancelled)).toEqual(expected);
    expect(cancelled[0].subject).toBe(`Appointment cancelled: ${clinicTime(at)}`);
    expect(cancelled[0].body).toContain('The clinic has cancelled your appointment.');
    expect(cancelled[0].body).toContain(
      `To book another time, sign in to CampusCare and open your dashboard: ${SITE}/studentdashboard`,
    );
    expect(cancelled[0].calendar.method).toBe('CANCEL');
  });

  it("tells the other party when a visit is moved: staff moves reach the student and doctor, a student's the doctor", async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '15:00');
    const byAdmin = await clinicSlot(database.client, DAYS_AHEAD, '15:30');
    const byStudent = await clinicSlot(database.client, DAYS_AHEAD + 1, '16:00');
    const moves = await inRolledBackTransaction(async () => {
      const id = await book(nf('student15'), at, ADAMS);
      const move = async (caller: string, to: string) => {
        const before = await lastMailId();
        await actAs(database.client, caller);
        await database.client.query('select public.update_appointment($1, date => $2)', [id, to]);
        await asServer();
        return mailSince(id, before);
      };
      return { admin: await move(ADMIN, byAdmin), student: await move(nf('student15'), byStudent) };
    });
    expect(recipients(moves.admin)).toEqual([
      ['student15@northfield.edu', 'reschedule'],
      ['dr.adams@northfield.edu', 'reschedule'],
    ]);
    expect(moves.admin[0].subject).toBe(`Appointment moved: now ${clinicTime(byAdmin)}`);
    expect(moves.admin[0].body).toContain(`The clinic has moved your appointment from ${clinicTime(at)}.`);
    expect(moves.admin[0].body).toContain(`When: ${clinicTime(byAdmin)}, 30 minutes`);
    expect(moves.admin[0].calendar).toMatchObject({
      method: 'REQUEST',
      start: new Date(byAdmin).toISOString().replace('.000Z', 'Z'),
    });

    expect(recipients(moves.student)).toEqual([['dr.adams@northfield.edu', 'reschedule']]);
    expect(moves.student[0].body).toContain(`Olivia Brown has moved this appointment from ${clinicTime(byAdmin)}.`);
    expect(moves.student[0].body).toContain(`When: ${clinicTime(byStudent)}`);
  });

  it('sends nothing for history the server records, for starting a visit, or while the seed loads', async () => {
    const future = await clinicSlot(database.client, DAYS_AHEAD, '16:00');
    const mail = await inRolledBackTransaction(async () => {
      const past = await book(nf('student16'), await hoursFromNow(database.client, -24), ADAMS, {
        status: 'completed',
      });
      const started = await book(nf('student16'), future, ADAMS);
      const before = await lastMailId();
      await database.client.query(`update public.appointments set status = 'ongoing' where id = $1`, [started]);
      await database.client.query(`select set_config('campuscare.provisioning', 'on', true)`);
      const seeded = await book(nf('student17'), future, BELLO);
      return [...(await mailSince(past)), ...(await mailSince(started, before)), ...(await mailSince(seeded))];
    });
    expect(mail).toEqual([]);
  });

  it('names UTC when the university has no clinic settings', async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '09:00');
    const mail = await inRolledBackTransaction(async () => {
      await database.client.query(
        'delete from public.clinic_settings where university_id = (select university_id from public.members where id = $1)',
        [ADAMS],
      );
      return mailSince(await book(nf('student18'), at, ADAMS));
    });
    expect(mail[0].body).toContain(`When: ${clinicTime(at, 'UTC')}, 30 minutes`);
  });

  it("never puts the visit's reason, the reason it was cancelled or the student's health record in any email", async () => {
    const at = await clinicSlot(database.client, DAYS_AHEAD, '12:00');
    const later = await clinicSlot(database.client, DAYS_AHEAD, '12:30');
    const soon = await hoursFromNow(database.client, 3);
    const mail = await inRolledBackTransaction(async () => {
      await database.client.query(
        `update public.health_profiles set allergies = 'Zzyzx pollen', genotype = 'SC', blood_group = 'AB-', bmi = 33.3 where student_id = $1`,
        [nf('student19')],
      );
      const id = await book(nf('student19'), at, null, { bookedAt: DAYS_EARLIER });
      await database.client.query(
        `update public.appointments set reason = 'Other: HIV test result follow-up' where id = $1`,
        [id],
      );
      await database.client.query('update public.appointments set provider_id = $2 where id = $1', [id, ADAMS]);
      await database.client.query('update public.appointments set date = $2 where id = $1', [id, later]);
      await database.client.query('update public.appointments set date = $2 where id = $1', [id, soon]);
      await database.client.query('select private.queue_appointment_reminders()');
      await database.client.query(
        `update public.appointments set status = 'cancelled', cancel_reason = 'Positive result discussed by phone' where id = $1`,
        [id],
      );
      return mailSince(id);
    });
    expect(new Set(mail.map((m) => m.kind))).toEqual(
      new Set(['booking_confirmation', 'doctor_notice', 'doctor_change', 'reschedule', 'reminder', 'cancellation']),
    );
    // The calendar uid is a random UUID, whose hex spells "ab-" now and then; it is not health data.
    const text = JSON.stringify(mail).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
      '<uuid>',
    );
    for (const health of [
      'Zzyzx',
      'genotype',
      'blood',
      'AB-',
      'bmi',
      '33.3',
      'allerg',
      '"SC"',
      'reason',
      'Check-up',
      'HIV',
      'follow-up',
      'by phone',
    ]) {
      expect(text.toLowerCase()).not.toContain(health.toLowerCase());
    }
  });
});

describe('appointment reminders', () => {
  const hoursAhead = (hours: number) => hoursFromNow(database.client, hours);
  const queueReminders = async (connection: Pick<Client, 'query'> = database.client) =>
    (await connection.query<{ queued: number }>('select private.queue_appointment_reminders() as queued')).rows[0]
      .queued;
  const reminders = async (appointment: string) => (await mailSince(appointment)).filter((m) => m.kind === 'reminder');

  // Committed, so the runs below see them as the server's would. Each uses its own student and hour.
  let soon: string;
  let unassigned: string;
  let nextWeek: string;
  let cancelled: string;

  let bookedToday: string;

  beforeAll(async () => {
    const bookedAt = DAYS_EARLIER;
    soon = await book(nf('student04'), await hoursAhead(3), ADAMS, { bookedAt });
    unassigned = await book(nf('student05'), await hoursAhead(6), null, { bookedAt });
    nextWeek = await book(nf('student06'), await hoursAhead(30), CHEN, { bookedAt });
    cancelled = await book(nf('student07'), await hoursAhead(5), BELLO, {
      status: 'cancelled',
      cancelReason: 'Feeling better',
      bookedAt,
    });
    bookedToday = await book(nf('student09'), await hoursAhead(8), CHEN, { bookedAt: "now() - interval '2 hours'" });
  });

  it('reminds the student and the doctor of each visit in the next 24 hours, once however often it runs', async () => {
    expect(await queueReminders()).toBe(3);
    expect(await queueReminders()).toBe(0);
    expect(recipients(await reminders(soon))).toEqual([
      ['student04@northfield.edu', 'reminder'],
      ['dr.adams@northfield.edu', 'reminder'],
    ]);
    expect(recipients(await reminders(unassigned))).toEqual([['student05@northfield.edu', 'reminder']]);
    expect(await reminders(nextWeek)).toEqual([]);
    expect(await reminders(cancelled)).toEqual([]);
    // Booked for the same day: its confirmation was the reminder.
    expect(await reminders(bookedToday)).toEqual([]);

    const [student] = await reminders(soon);
    const startsAt = (
      await database.client.query<{ date: Date }>('select date from public.appointments where id = $1', [soon])
    ).rows[0].date;
    expect(student.subject).toBe(`Reminder: appointment on ${clinicTime(startsAt.toISOString())}`);
    expect(student.body).toContain('A reminder of your appointment at the Northfield University clinic.');
    expect(student.calendar).toMatchObject({ uid: `${soon}@campuscare`, method: 'REQUEST' });
  });

  it('queues each reminder once when two connections run it at the same moment', async () => {
    const visit = await book(nf('student08'), await hoursAhead(4), BELLO, { bookedAt: DAYS_EARLIER });
    const first = await database.db.connect();
    const second = await database.db.connect();
    try {
      await first.query('begin');
      expect(await queueReminders(first)).toBe(2);
      const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      const racing = queueReminders(second);
      // The second run must be waiting on the first one's uncommitted reminders, not finished before them.
      let waiting = false;
      for (let attempt = 0; attempt < 100 && !waiting; attempt += 1) {
        const { rows } = await database.client.query<{ waiting: boolean }>(
          `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
          [secondPid],
        );
        waiting = rows[0]?.waiting === true;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(true);
      await first.query('commit');
      expect(await racing).toBe(0);
    } finally {
      await first.end();
      await second.end();
    }
    expect(recipients(await reminders(visit))).toEqual([
      ['student08@northfield.edu', 'reminder'],
      ['dr.bello@northfield.edu', 'reminder'],
    ]);
  });

  it('reminds again at the new time when a reminded visit is moved', async () => {
    await database.client.query('update public.appointments set date = $2 where id = $1', [soon, await hoursAhead(7)]);
    expect(await queueReminders()).toBe(2);
    expect(await reminders(soon)).toHaveLength(4);
  });

  it('is out of reach of every API role, as is the outbox', async () => {
    for (const caller of [null, nf('student04'), ADMIN]) {
      const run = await probe(database.client, caller, 'select private.queue_appointment_reminders()');
      expect(run.error?.code).toBe('42501');
      const read = await probe(database.client, caller, 'select * from public.email_outbox');
      expect(read.error?.code).toBe('42501');
    }
    const asServiceRole = await rolledBack(database.client, async () => {
      await database.client.query(`set local role service_role`);
      await database.client.query('select private.queue_appointment_reminders()');
    });
    expect(asServiceRole.error?.code).toBe('42501');
    // Even a connection allowed to run it refuses on behalf of an API request.
    const withJwt = await rolledBack(database.client, async () => {
      await database.client.query(`select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
      await database.client.query('select private.queue_appointment_reminders()');
    });
    expect(withJwt.error).toMatchObject({ code: 'P0001', message: 'Appointment reminders are queued by the server' });
  });
});
