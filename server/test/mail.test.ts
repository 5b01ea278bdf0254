import { retryDelaySeconds, startOutboxDelivery, MAX_ATTEMPTS } from '../src/mail/outbox';
import { renderMailbox } from '../src/mail/mailbox-page';
import type { MailTransport } from '../src/mail/transports';
import { createLogger } from '../src/logger';
import { startTestStack, type TestStack } from './support/stack';

const DEMO_PASSWORD = 'CampusCare2026';

describe('email delivery', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('delivers an invitation to the local mailbox with the sign-in link and never the password', async () => {
    const admin = stack.client();
    const signIn = await admin.auth.signInWithPassword({ email: 'admin@northfield.edu', password: DEMO_PASSWORD });
    expect(signIn.error).toBeNull();
    const invited = await admin.rpc('invite_staff', { email: 'new.doctor@northfield.edu' });
    expect(invited.error).toBeNull();

    let page = '';
    for (let attempt = 0; attempt < 50 && !page.includes('new.doctor@northfield.edu'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await (await fetch(`${stack.mailboxUrl}`)).text();
    }
    expect(page).toContain('To new.doctor@northfield.edu');
    expect(page).toContain(`<a href="${stack.url}/adminsignin?email=`);
    expect(page).not.toContain(DEMO_PASSWORD);

    const row = await stack.adminPool.query("select sent_at, delivered_via, attempts from public.email_outbox where to_email = 'new.doctor@northfield.edu'");
    expect(row.rows).toEqual([{ sent_at: expect.any(Date), delivered_via: 'mailbox', attempts: 0 }]);
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
    const delivery = startOutboxDelivery({ pool: quiet.adminPool, transport: failing, logger: createLogger('silent'), pollIntervalMs: 60_000 });
    await delivery.stop();

    const after = await quiet.adminPool.query(
      'select sent_at, attempts, last_error, next_attempt_at > now() + interval \'20 seconds\' as backed_off from public.email_outbox where id = $1',
      [id],
    );
    expect(after.rows[0]).toEqual({ sent_at: null, attempts: 1, last_error: 'Error: connection refused', backed_off: true });
  });
});

describe('mail helpers', () => {
  it('backs off exponentially and caps at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(MAX_ATTEMPTS + 10)).toBe(3600);
  });

  it('escapes message text on the mailbox page and links only http(s) URLs', () => {
    const html = renderMailbox([
      { to_email: 'a@b.edu', subject: '<script>alert(1)</script>', body: 'Go to https://x.test/a?b=1 or javascript:alert(1)', sent_at: new Date(0) },
    ]);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<a href="https://x.test/a?b=1">');
    expect(html).not.toContain('href="javascript');
  });
});
