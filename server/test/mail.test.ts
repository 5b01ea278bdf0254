import { retryDelaySeconds, startOutboxDelivery, MAX_ATTEMPTS } from '../src/mail/outbox';
import { renderMailbox } from '../src/mail/mailbox-page';
import { startReminderScheduler } from '../src/mail/reminders';
import { smtpTransport, type MailTransport } from '../src/mail/transports';
import { createLogger } from '../src/logger';
import { startFakeSmtp, mimeParts, decodedBody } from './support/fake-smtp';
import { readIcs } from './support/ics';
import { startTestStack, type TestStack } from './support/stack';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The local mailbox page once it shows what `shows` looks for; delivery runs in the gateway's mail worker process. */
async function mailboxShowing(stack: TestStack, shows: (page: string) => boolean): Promise<string> {
  let page = '';
  for (let attempt = 0; attempt < 150 && !shows(page); attempt += 1) {
    await sleep(200);
    page = await (await fetch(`${stack.mailboxUrl}`)).text();
  }
  return page;
}

const DEMO_PASSWORD = 'CampusCare2026';

describe('email delivery', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('delivers an invitation to the local mailbox with its one-time link', async () => {
    const admin = stack.client();
    const signIn = await admin.auth.signInWithPassword({ email: 'admin@northfield.edu', password: DEMO_PASSWORD });
    expect(signIn.error).toBeNull();
    const invited = await admin.rpc('invite_staff', { email: 'new.doctor@northfield.edu' });
    expect(invited.error).toBeNull();

    const page = await mailboxShowing(stack, (text) => text.includes('new.doctor@northfield.edu'));
    expect(page).toContain('To new.doctor@northfield.edu');
    expect(page).toContain(`<a href="${stack.url}/register?invitation=`);

    const row = await stack.adminPool.query(
      "select sent_at, delivered_via, attempts from public.email_outbox where to_email = 'new.doctor@northfield.edu'",
    );
    expect(row.rows).toEqual([{ sent_at: expect.any(Date), delivered_via: 'mailbox', attempts: 0 }]);
  });

  it('shows that an appointment message carries its calendar attachment in the local mailbox', async () => {
    // Five days ahead: the seed's visits are three and ten days ahead.
    await stack.adminPool.query(
      `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
       select m.university_id, m.id, md5('dr.adams@northfield.edu')::uuid, date_trunc('hour', now()) + interval '5 days',
              m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study, 'Vaccination'
       from public.members m where m.email = 'student02@northfield.edu'`,
    );
    const page = await mailboxShowing(stack, (text) => text.includes('To student02@northfield.edu'));
    const message = page.split('<article>').find((article) => article.includes('To student02@northfield.edu'));
    expect(message).toMatch(/^<h2>Appointment booked: [^<]+\(America\/New_York\)<\/h2>/);
    expect(message).toContain('<p class="meta">Attachment: appointment.ics</p></article>');
  });

  it("reminds the seed's overdue students of their immunizations in the local mailbox, naming none", async () => {
    // The server's first reminder pass runs as it starts: Northfield's student05 is overdue on a requirement.
    const reminder = (page: string) =>
      page
        .split('<article>')
        .find(
          (article) =>
            article.startsWith('<h2>An immunization requirement is overdue</h2>') &&
            article.includes('To student05@northfield.edu'),
        );
    const page = await mailboxShowing(stack, (text) => reminder(text) !== undefined);
    const message = reminder(page);
    expect(message).toContain('An immunization requirement of Northfield University is overdue.');
    expect(message).toContain(`<a href="${stack.url}/immunizations">`);
    expect(message).not.toMatch(/meningococcal|vaccin|dose/i);
  });

  it('refuses API access to the outbox for every API role', async () => {
    const anonymous = await stack.client().from('email_outbox').select('*');
    expect(anonymous.error?.code).toBe('42501');
    const student = stack.client();
    await student.auth.signInWithPassword({ email: 'student01@northfield.edu', password: DEMO_PASSWORD });
    const asStudent = await student.from('email_outbox').select('*');
    expect(asStudent.error?.code).toBe('42501');
  });
});

describe('the mail worker a gateway starts', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ seed: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('ends when its gateway is gone, however the gateway ended', async () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: stack.adminPool.options.connectionString,
        EMAIL_DELIVERY: 'worker',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    // What a gateway's end looks like from the worker: the channel to it closes.
    worker.disconnect();
    expect(await exited).toBe(0);
  });

  it('delivers from a process of its own, which comes back when it dies and goes when the gateway stops', async () => {
    const first = stack.mailWorkerPid();
    expect(first).toEqual(expect.any(Number));
    expect(first).not.toBe(process.pid);
    process.kill(first as number, 'SIGKILL');
    let next = stack.mailWorkerPid();
    for (let attempt = 0; attempt < 100 && (next === first || next === undefined); attempt += 1) {
      await sleep(100);
      next = stack.mailWorkerPid();
    }
    expect(next).not.toBe(first);

    await stack.adminPool.query(
      "insert into public.email_outbox (to_email, subject, body) values ('after.restart@northfield.edu', 'Hello again', 'Body')",
    );
    const page = await mailboxShowing(stack, (text) => text.includes('after.restart@northfield.edu'));
    expect(page).toContain('To after.restart@northfield.edu');

    await stack.stop();
    expect(() => process.kill(next as number, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});

describe('email delivery retries', () => {
  let quiet: TestStack;

  beforeAll(async () => {
    quiet = await startTestStack({ seed: false, deliverEmail: false });
  });
  afterAll(async () => {
    await quiet?.stop();
  });

  it('keeps a message whose delivery fails and retries it later with backoff', async () => {
    const inserted = await quiet.adminPool.query<{ id: string }>(
      "insert into public.email_outbox (to_email, subject, body, next_attempt_at) values ('x@northfield.edu', 'Hello', 'Body', now() - interval '1 year') returning id::text",
    );
    const id = inserted.rows[0].id;
    const failing: MailTransport = {
      name: 'smtp',
      send: async () => {
        throw new Error('connection refused');
      },
    };
    const delivery = startOutboxDelivery({
      pool: quiet.adminPool,
      transport: failing,
      logger: createLogger('silent'),
      pollIntervalMs: 60_000,
    });
    await delivery.stop();

    const after = await quiet.adminPool.query(
      "select sent_at, attempts, last_error, next_attempt_at > now() + interval '20 seconds' as backed_off from public.email_outbox where id = $1",
      [id],
    );
    expect(after.rows[0]).toEqual({
      sent_at: null,
      attempts: 1,
      last_error: 'Error: connection refused',
      backed_off: true,
    });
  });

  it('sends each of many messages once when two processes deliver at the same time, and retries only those that failed', async () => {
    await quiet.adminPool.query('delete from public.email_outbox');
    await quiet.adminPool.query(
      `insert into public.email_outbox (to_email, subject, body, next_attempt_at)
       select 'student' || n || '@northfield.edu', 'Hello', 'Body', now() - interval '1 minute' from generate_series(1, 250) n`,
    );
    const sent: string[] = [];
    const recording = (refuse: (to: string) => boolean): MailTransport => ({
      name: 'smtp',
      send: async (message) => {
        await new Promise((resolve) => setImmediate(resolve));
        if (refuse(message.to_email)) throw new Error('mailbox full');
        sent.push(message.to_email);
      },
    });
    const refuseSevens = (to: string) => to.startsWith('student7');
    const [first, second] = [recording(refuseSevens), recording(refuseSevens)].map((transport) =>
      startOutboxDelivery({ pool: quiet.adminPool, transport, logger: createLogger('silent'), pollIntervalMs: 60_000 }),
    );
    await Promise.all([first.stop(), second.stop()]);
    for (let pass = 0; pass < 3; pass += 1) await Promise.all([first.deliverNow(), second.deliverNow()]);

    const refused = Array.from({ length: 250 }, (_, i) => `student${i + 1}@northfield.edu`).filter(refuseSevens);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(250 - refused.length);
    const rows = await quiet.adminPool.query<{
      to_email: string;
      sent: boolean;
      attempts: number;
      last_error: string | null;
    }>('select to_email, sent_at is not null as sent, attempts, last_error from public.email_outbox order by id');
    expect(
      rows.rows
        .filter((row) => !row.sent)
        .map((row) => row.to_email)
        .sort(),
    ).toEqual([...refused].sort());
    expect(
      rows.rows
        .filter((row) => !row.sent)
        .every((row) => row.attempts === 1 && row.last_error === 'Error: mailbox full'),
    ).toBe(true);
    expect(rows.rows.filter((row) => row.sent).every((row) => row.attempts === 0 && row.last_error === null)).toBe(
      true,
    );
  });
});

describe('appointment emails', () => {
  const UNIVERSITY = 'c3000000-0000-4000-8000-000000000003';
  const DOCTOR = 'c3000000-0000-4000-8000-0000000000d1';
  const STUDENT = 'c3000000-0000-4000-8000-0000000000a1';
  const silent = createLogger('silent');
  let quiet: TestStack;

  beforeAll(async () => {
    quiet = await startTestStack({ seed: false, deliverEmail: false });
    // One university in London with a student and a doctor; the rows the sign-up trigger would make, made directly.
    const client = await quiet.adminPool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('campuscare.provisioning', 'on', true)`);
      await client.query(
        `insert into public.universities (id, name, email, join_code)
         values ('${UNIVERSITY}', 'Riverside College', 'admin@riverside.ac.uk', 'RIVERSIDE')`,
      );
      await client.query(
        `insert into auth.users (id, email) values ('${DOCTOR}', 'dr.okafor@riverside.ac.uk'), ('${STUDENT}', 'ama@riverside.ac.uk')`,
      );
      await client.query(
        `insert into public.members (id, university_id, role, title, first_name, last_name, email, reg_number, department, year_of_study)
         values ('${DOCTOR}', '${UNIVERSITY}', 'doctor', 'Dr', 'Ngozi', 'Okafor', 'dr.okafor@riverside.ac.uk', null, null, null),
                ('${STUDENT}', '${UNIVERSITY}', 'student', null, 'Ama', 'Mensah', 'ama@riverside.ac.uk', 'RC/2026/001', 'History', 2)`,
      );
      await client.query(`update public.clinic_settings set timezone = 'Europe/London'`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
  afterAll(async () => {
    await quiet?.stop();
  });

  /** Books as the server would (no JWT subject); the database queues the student's and the doctor's emails. */
  /** Books a visit `startsIn` from now, booked `bookedAgo` before now (a reminder is for a visit booked a day or more ahead). */
  async function book(startsIn: string, bookedAgo = '0 seconds'): Promise<string> {
    const { rows } = await quiet.adminPool.query<{ id: string }>(
      `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason, created_at)
       values ($1, $2, $3, date_trunc('minute', now() + $4::interval), 'Ama Mensah', 'History', 'RC/2026/001', 2, 'Check-up',
               now() - $5::interval)
       returning id`,
      [UNIVERSITY, STUDENT, DOCTOR, startsIn, bookedAgo],
    );
    return rows[0].id;
  }

  it('sends a booking confirmation over SMTP with appointment.ics attached', async () => {
    const appointment = await book('3 days');
    const smtp = await startFakeSmtp();
    try {
      const delivery = startOutboxDelivery({
        pool: quiet.adminPool,
        transport: smtpTransport(smtp.url, 'CampusCare <no-reply@campuscare.test>'),
        logger: silent,
        pollIntervalMs: 60_000,
      });
      await delivery.stop();
    } finally {
      await smtp.close();
    }
    const toStudent = smtp.messages.find((message) => /^To: ama@riverside\.ac\.uk$/m.test(message));
    expect(toStudent).toBeDefined();
    const parts = mimeParts(toStudent!);
    const text = parts.find((part) => part.headers.get('content-type')?.startsWith('text/plain'));
    expect(decodedBody(text!)).toContain('(Europe/London), 30 minutes');
    const calendar = parts.find((part) => part.headers.get('content-type')?.startsWith('text/calendar'));
    expect(calendar?.headers.get('content-type')).toMatch(/^text\/calendar; method=REQUEST; charset=utf-8/);
    expect(calendar?.headers.get('content-disposition')).toMatch(/^attachment; filename=appointment\.ics$/);

    const ics = readIcs(decodedBody(calendar!));
    const { rows } = await quiet.adminPool.query<{ starts_at: string }>(
      `select to_char(date at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"') as starts_at from public.appointments where id = $1`,
      [appointment],
    );
    expect(ics.lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.lines.at(-1)).toBe('END:VCALENDAR');
    expect(ics.property('METHOD')).toBe('REQUEST');
    expect(ics.property('UID')).toBe(`${appointment}@campuscare`);
    expect(ics.property('DTSTART')).toBe(rows[0].starts_at);
    expect(ics.property('DURATION')).toBe('PT30M');
    expect(ics.property('ORGANIZER')).toBe('MAILTO:no-reply@campuscare.test');
    expect(ics.lines.find((line) => line.startsWith('ATTENDEE'))).toMatch(/:mailto:ama@riverside\.ac\.uk$/);

    const sent = await quiet.adminPool.query(
      'select to_email, delivered_via from public.email_outbox where appointment_id = $1 order by id',
      [appointment],
    );
    expect(sent.rows).toEqual([
      { to_email: 'ama@riverside.ac.uk', delivered_via: 'smtp' },
      { to_email: 'dr.okafor@riverside.ac.uk', delivered_via: 'smtp' },
    ]);
  });

  it('sends immunization reminders over SMTP, due and overdue, each once, with nothing of the requirement in them', async () => {
    // Ama joined today: a requirement due in a week, and one whose date has passed.
    await quiet.adminPool.query(
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, due_on)
       values ($1, 'Hepatitis B', '{43}', 3, private.clinic_today($1) + 7), ($1, 'Yellow fever', '{37}', 1, private.clinic_today($1) - 1)`,
      [UNIVERSITY],
    );
    // The scheduler's first pass runs at once; stopping waits for it. Another pass finds nothing left to queue.
    await startReminderScheduler({ pool: quiet.adminPool, logger: silent, intervalMs: 3_600_000 }).stop();
    expect(
      (await quiet.adminPool.query<{ queued: number }>('select private.queue_immunization_reminders() as queued'))
        .rows[0].queued,
    ).toBe(0);
    const smtp = await startFakeSmtp();
    try {
      const delivery = startOutboxDelivery({
        pool: quiet.adminPool,
        transport: smtpTransport(smtp.url, 'CampusCare <no-reply@campuscare.test>'),
        logger: silent,
        pollIntervalMs: 60_000,
      });
      await delivery.stop();
    } finally {
      await smtp.close();
    }
    const reminders = smtp.messages.filter((message) => /^Subject: An immunization requirement is /m.test(message));
    expect(reminders.map((message) => /^Subject: (.*)$/m.exec(message)?.[1]).sort()).toEqual([
      'An immunization requirement is due',
      'An immunization requirement is overdue',
    ]);
    for (const message of reminders) {
      expect(message).toMatch(/^To: ama@riverside\.ac\.uk$/m);
      const [text] = mimeParts(message);
      const body = decodedBody(text);
      expect(body).toContain('sign in to CampusCare and open My immunizations: http://localhost:');
      expect(body).toMatch(/\/immunizations\r?\n/);
      expect(body).not.toMatch(/hepatitis|yellow|fever|dose/i);
    }
    const kinds = await quiet.adminPool.query(
      `select kind, delivered_via from public.email_outbox where kind like 'immunization%' order by kind`,
    );
    expect(kinds.rows).toEqual([
      { kind: 'immunization_due', delivered_via: 'smtp' },
      { kind: 'immunization_overdue', delivered_via: 'smtp' },
    ]);
  });

  it('queues the 24-hour reminders on its own schedule', async () => {
    const appointment = await book('2 hours', '3 days');
    const scheduler = startReminderScheduler({ pool: quiet.adminPool, logger: silent, intervalMs: 50 });
    const reminders = () =>
      quiet.adminPool.query(
        'select to_email from public.email_outbox where appointment_id = $1 and kind = $2 order by id',
        [appointment, 'reminder'],
      );
    try {
      for (let attempt = 0; attempt < 100 && (await reminders()).rows.length < 2; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Many more passes later, still one reminder each.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await scheduler.stop();
    }
    expect((await reminders()).rows).toEqual([
      { to_email: 'ama@riverside.ac.uk' },
      { to_email: 'dr.okafor@riverside.ac.uk' },
    ]);
  });
});

describe('mail helpers', () => {
  it('backs off exponentially and caps at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(MAX_ATTEMPTS + 10)).toBe(3600);
  });

  it('escapes message text on the mailbox page and links only http(s) URLs', () => {
    const html = renderMailbox([
      {
        to_email: 'a@b.edu',
        subject: '<script>alert(1)</script>',
        body: 'Go to https://x.test/a?b=1 or javascript:alert(1)',
        sent_at: new Date(0),
        has_calendar: false,
      },
    ]);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<a href="https://x.test/a?b=1">');
    expect(html).not.toContain('href="javascript');
  });
});
