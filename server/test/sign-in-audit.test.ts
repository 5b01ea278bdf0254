import { startTestStack, type TestStack } from './support/stack';

/**
 * Sign-ins and failed sign-ins land in the university's audit log: written by the auth service where a
 * password sign-in succeeds or is refused, read back by the super admin through public.audit_entries, never with the
 * password, and nothing for an address without an account.
 */
const DEMO_PASSWORD = 'CampusCare2026';
const WRONG_PASSWORD = 'Not-the-password-42';

interface AuditRow {
  action: string;
  actor_id: string | null;
  university_id: string;
  record_id: string;
  details: Record<string, unknown>;
}

describe('sign-ins in the audit log', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const memberId = async (email: string): Promise<string> =>
    (await stack.adminPool.query<{ id: string }>('select id from public.members where email = $1', [email])).rows[0].id;
  const signInRows = async (recordId: string): Promise<AuditRow[]> =>
    (
      await stack.adminPool.query<AuditRow>(
        `select action, actor_id, university_id, record_id, details from public.audit_log
         where table_name = 'sessions' and record_id = $1 order by id`,
        [recordId],
      )
    ).rows;

  async function signIn(email: string, password = DEMO_PASSWORD) {
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    return { client, session: data.session, error };
  }

  it('records a sign-in under the member and their university', async () => {
    const id = await memberId('student03@northfield.edu');
    const { session, error } = await signIn('student03@northfield.edu');
    expect(error).toBeNull();
    expect(session).not.toBeNull();
    const rows = await signInRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'sign_in', actor_id: id, record_id: id });
    expect(Object.keys(rows[0].details)).toEqual(['ip']);
    const { rows: member } = await stack.adminPool.query<{ university_id: string }>(
      'select university_id from public.members where id = $1',
      [id],
    );
    expect(rows[0].university_id).toBe(member[0].university_id);
  });

  it('records a wrong password for an existing account, without the password, and nothing for unknown addresses', async () => {
    const id = await memberId('student04@northfield.edu');
    const before = (await stack.adminPool.query<{ n: number }>('select count(*)::int n from public.audit_log')).rows[0]
      .n;
    const { error } = await signIn('student04@northfield.edu', WRONG_PASSWORD);
    expect(error?.message).toBe('Invalid login credentials');
    const rows = await signInRows(id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'sign_in_failed',
        actor_id: null,
        record_id: id,
        details: expect.objectContaining({ reason: 'wrong_password' }),
      }),
    ]);
    const { rows: everything } = await stack.adminPool.query<{ text: string }>(
      `select details::text as text from public.audit_log where table_name = 'sessions'`,
    );
    expect(everything.some((row) => row.text.includes(WRONG_PASSWORD))).toBe(false);

    const unknown = await signIn('nobody.here@northfield.edu', WRONG_PASSWORD);
    expect(unknown.error?.message).toBe('Invalid login credentials');
    const after = (await stack.adminPool.query<{ n: number }>('select count(*)::int n from public.audit_log')).rows[0]
      .n;
    expect(after).toBe(before + 1);
  });

  it('records a refused sign-in of a deactivated member', async () => {
    const admin = await signIn('admin@northfield.edu');
    const id = await memberId('dr.bello@northfield.edu');
    const { error: deactivateError } = await admin.client.rpc('set_member_status', {
      member_id: id,
      status: 'deactivated',
    });
    expect(deactivateError).toBeNull();
    const { error } = await signIn('dr.bello@northfield.edu');
    expect(error).not.toBeNull();
    expect((await signInRows(id)).map((row) => [row.action, row.details.reason])).toEqual([
      ['sign_in_failed', 'deactivated'],
    ]);
  });

  it("shows them to the university's super admin through the API, and refuses a plain admin with a message", async () => {
    const admin = await signIn('admin@northfield.edu');
    const { data, error } = await admin.client.rpc('audit_entries', { event: 'sign_in_failed', page_size: 10 });
    expect(error).toBeNull();
    const summaries = (data as { summary: string; what: string }[]).map((row) => `${row.what}: ${row.summary}`);
    expect(summaries).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Sign-in: Wrong password/),
        expect.stringMatching(/^Sign-in: Refused: the account is deactivated/),
      ]),
    );

    const southbank = await signIn('admin@southbank.edu');
    const other = await southbank.client.rpc('audit_entries', { event: 'sign_in_failed' });
    expect(other.data).toEqual([]);

    const registrar = await signIn('registrar@northfield.edu');
    const refused = await registrar.client.rpc('audit_entries', {});
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'Only a super admin can do this' });
    expect(refused.status).toBeLessThan(500);

    const tooMany = await admin.client.rpc('audit_entries', { page_size: 1000 });
    expect(tooMany.error).toMatchObject({ code: 'P0001', message: 'Choose between 1 and 100 entries per page' });
    expect(tooMany.status).toBe(400);
  });
});
