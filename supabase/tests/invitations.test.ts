/**
 * invite_staff and invite_student: mail a university sends in CampusCare's name. Only from a confirmed address, at most
 * 50 a day per university, creating no account (a staff invitation's account exists once the invitee opens the
 * emailed link), and answering alike whether or not the address has an account.
 */
import { createHash } from 'node:crypto';
import { storeSiteUrl } from '../../server/src/postgres/migrate';
import { actAs, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const SITE = 'https://care.example.edu';
const NOT_CONFIRMED =
  'Confirm your email address before sending invitations: open the link in the email we sent you when you registered';
const LINK_REFUSED =
  'This invitation link has expired or has already been used. Ask your university to invite you again';

const database = testDatabase();

interface Mail {
  subject: string;
  body: string;
}

/** Runs `rpc` as `caller` and reads what it left: its answer, the emails to `email`, and that address's auth users. */
async function invite(caller: string, rpc: 'invite_staff' | 'invite_student', email: string, setup?: string) {
  return rolledBack(database.client, async () => {
    await storeSiteUrl(database.client, `${SITE}/`);
    if (setup) await database.client.query(setup);
    await actAs(database.client, caller);
    const answer = (await database.client.query(`select public.${rpc}($1) as r`, [email])).rows[0].r as Record<
      string,
      unknown
    >;
    await database.client.query('reset role');
    const address = email.trim().toLowerCase();
    const mail = (
      await database.client.query<Mail>(
        'select subject, body from public.email_outbox where to_email = $1 order by id',
        [address],
      )
    ).rows;
    const users = (await database.client.query('select id from auth.users where lower(email) = $1', [address]))
      .rowCount;
    return { answer, mail, users };
  });
}

const tokenIn = (mail: Mail | undefined) => /\/register\?invitation=(\S+)/.exec(mail?.body ?? '')?.[1];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the auth service inserts when someone signs up with an invitation link's token. */
const acceptance = (email: string, token: string | undefined) =>
  database.client.query(
    `insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values (gen_random_uuid(), $1, 'x', $2) returning id`,
    [email, { kind: 'staff', invitation: token, first_name: 'Nia', last_name: 'Okoye' }],
  );

describe('who may invite', () => {
  it.each([
    ['the Northfield super admin', 'invite_staff', nf('admin')],
    ['the Southbank super admin', 'invite_staff', sb('admin')],
    ['the Northfield super admin', 'invite_student', nf('admin')],
    ['a plain Northfield admin', 'invite_student', nf('registrar')],
    ['a plain Southbank admin', 'invite_student', sb('registrar')],
  ] as const)('%s may call %s', async (_who, rpc, caller) => {
    const { error, value } = await invite(caller, rpc, 'someone@example.edu');
    expect(error).toBeUndefined();
    expect(value?.mail).toHaveLength(1);
  });

  it.each([
    ['a plain admin', 'invite_staff', nf('registrar'), 'Only a super admin can do this'],
    ['a doctor', 'invite_staff', nf('dr.adams'), 'Only a super admin can do this'],
    ['a student', 'invite_staff', nf('student01'), 'Only a super admin can do this'],
    ['a doctor', 'invite_student', sb('dr.adams'), 'Only a university administrator can invite students'],
    ['a student', 'invite_student', nf('student01'), 'Only a university administrator can invite students'],
  ] as const)('refuses %s calling %s', async (_who, rpc, caller, message) => {
    const r = await probe(database.client, caller, `select public.${rpc}('someone@example.edu')`);
    expect(r.error).toMatchObject({ code: 'P0001', message });
  });

  it('refuses anonymous callers outright', async () => {
    for (const rpc of ['invite_staff', 'invite_student']) {
      expect((await probe(database.client, null, `select public.${rpc}('someone@example.edu')`)).error?.code).toBe(
        '42501',
      );
    }
  });

  it('refuses a super admin whose address is not confirmed, for staff and students alike', async () => {
    const unconfirm = `update auth.users set email_confirmed_at = null where id = '${nf('admin')}'`;
    for (const rpc of ['invite_staff', 'invite_student']) {
      const r = await probe(database.client, nf('admin'), `select public.${rpc}('someone@example.edu')`, [], unconfirm);
      expect({ rpc, error: r.error }).toEqual({ rpc, error: { code: 'P0001', message: NOT_CONFIRMED } });
    }
  });

  it('gives a university sign-up awaiting its confirmation link no account to invite with', async () => {
    const pending = '00000000-0000-4000-8000-00000000f00d';
    const signUp = `insert into auth.users (id, email, raw_user_meta_data) values ('${pending}', 'office@harbour.test',
                    '{"kind": "university", "university_name": "Harbour Institute"}')`;
    for (const [rpc, message] of [
      ['invite_staff', 'Only a super admin can do this'],
      ['invite_student', 'Only a university administrator can invite students'],
    ]) {
      const r = await probe(database.client, pending, `select public.${rpc}('student21@northfield.edu')`, [], signUp);
      expect({ rpc, error: r.error }).toEqual({ rpc, error: { code: 'P0001', message } });
    }
  });

  it.each([
    ['not-an-email', 'doctor', 'Enter a valid email address'],
    ['', 'doctor', 'Enter a valid email address'],
    ['x@northfield.edu', 'student', 'Staff can be invited as doctor or admin'],
  ])('invite_staff refuses %p as %s', async (email, role, message) => {
    const r = await probe(database.client, nf('admin'), 'select public.invite_staff($1, $2)', [email, role]);
    expect(r.error).toMatchObject({ code: 'P0001', message });
  });
});

describe('a staff invitation', () => {
  it('creates no account: a pending invitation and an email whose one-time link only the mailbox sees', async () => {
    const { error, value } = await invite(nf('admin'), 'invite_staff', ' New.Doc+1@Northfield.edu ');
    expect(error).toBeUndefined();
    const { answer, mail, users } = value!;
    expect(users).toBe(0);
    expect(answer).toEqual({
      id: expect.any(String),
      email: 'new.doc+1@northfield.edu',
      role: 'doctor',
      expires_at: expect.any(String),
    });
    expect(JSON.stringify(answer)).not.toMatch(/invitation=|token/);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('You have been invited to Northfield University on CampusCare');
    const token = tokenIn(mail[0]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail[0].body).toContain(`${SITE}/register?invitation=${token}`);
    expect(mail[0].body).toMatch(/by \w+ \d+ \w+ \d{4}, \d\d:\d\d \(America\/New_York\)/);
  });

  it('becomes the account, confirmed and with its role, when the emailed link is used by its address, once', async () => {
    const { error, value } = await rolledBack(database.client, async () => {
      await actAs(database.client, nf('admin'));
      const answer = (await database.client.query(`select public.invite_staff('nia@example.edu', 'admin') as r`))
        .rows[0].r;
      await database.client.query('reset role');
      const mail = (
        await database.client.query<Mail>(
          `select subject, body from public.email_outbox where to_email = 'nia@example.edu'`,
        )
      ).rows[0];
      const token = tokenIn(mail) as string;
      const stored = (
        await database.client.query(
          "select token_hash, expires_at - now() > interval '6 days' as week from public.invitations where id = $1",
          [answer.id],
        )
      ).rows[0];
      const id = (await acceptance('nia@example.edu', token)).rows[0].id as string;
      const user = (
        await database.client.query('select email_confirmed_at, raw_user_meta_data from auth.users where id = $1', [id])
      ).rows[0];
      const member = (
        await database.client.query(
          'select university_id, role, is_super_admin, must_change_password, first_name, last_name from public.members where id = $1',
          [id],
        )
      ).rows[0];
      const after = (
        await database.client.query('select token_hash, accepted_at from public.invitations where id = $1', [answer.id])
      ).rows[0];
      await database.client.query('savepoint again');
      const again = await acceptance('nia.again@example.edu', token).then(
        () => 'accepted',
        (refusal: Error) => refusal.message,
      );
      return { token, stored, user, member, after, again };
    });
    expect(error).toBeUndefined();
    const { token, stored, user, member, after, again } = value!;
    expect(stored).toEqual({ token_hash: sha256(token), week: true });
    expect(user.email_confirmed_at).not.toBeNull();
    expect(user.raw_user_meta_data).toEqual({ kind: 'staff', first_name: 'Nia', last_name: 'Okoye' });
    expect(member).toEqual({
      university_id: NORTHFIELD_ID,
      role: 'admin',
      is_super_admin: false,
      must_change_password: false,
      first_name: 'Nia',
      last_name: 'Okoye',
    });
    expect(after).toEqual({ token_hash: null, accepted_at: expect.any(Date) });
    expect(again).toBe(LINK_REFUSED);
  });

  it('opens no account for another address, nor after it expired or was replaced', async () => {
    const { error, value } = await rolledBack(database.client, async () => {
      const tokens: string[] = [];
      for (const caller of [nf('admin'), nf('admin')]) {
        await actAs(database.client, caller);
        await database.client.query(`select public.invite_staff('kim@example.edu')`);
        await database.client.query('reset role');
        tokens.push(
          tokenIn(
            (
              await database.client.query<Mail>(
                `select body, subject from public.email_outbox where to_email = 'kim@example.edu' order by id desc`,
              )
            ).rows[0],
          ) as string,
        );
        // Past the interval between two invitations of one address.
        await database.client.query(
          `update public.invitations set created_at = created_at - interval '1 hour' where email = 'kim@example.edu'`,
        );
      }
      const attempt = async (email: string, token: string) => {
        await database.client.query('savepoint attempt');
        try {
          await acceptance(email, token);
          return 'accepted';
        } catch (refusal) {
          return (refusal as Error).message;
        } finally {
          await database.client.query('rollback to savepoint attempt');
        }
      };
      const otherAddress = await attempt('eve@example.edu', tokens[1]);
      const replaced = await attempt('kim@example.edu', tokens[0]);
      await database.client.query(
        `update public.invitations set expires_at = now() - interval '1 second' where email = 'kim@example.edu'`,
      );
      const expired = await attempt('kim@example.edu', tokens[1]);
      return { otherAddress, replaced, expired };
    });
    expect(error).toBeUndefined();
    expect(value).toEqual({ otherAddress: LINK_REFUSED, replaced: LINK_REFUSED, expired: LINK_REFUSED });
  });

  it('is shown, before accepting, to whoever holds a working link, and to nobody else', async () => {
    const { value } = await rolledBack(database.client, async () => {
      await actAs(database.client, sb('admin'));
      await database.client.query(`select public.invite_staff('ola@example.edu')`);
      await database.client.query('reset role');
      const token = tokenIn(
        (
          await database.client.query<Mail>(
            `select subject, body from public.email_outbox where to_email = 'ola@example.edu'`,
          )
        ).rows[0],
      ) as string;
      await actAs(database.client, null);
      const shown = (
        await database.client.query('select university_name, email, role from public.staff_invitation($1)', [token])
      ).rows;
      const guessed = (await database.client.query(`select * from public.staff_invitation('guess')`)).rows;
      return { shown, guessed };
    });
    expect(value).toEqual({
      shown: [{ university_name: 'Southbank University', email: 'ola@example.edu', role: 'doctor' }],
      guessed: [],
    });
  });
});

describe('no invitation tells whether an address has an account', () => {
  it.each([
    ['invite_staff', 'dr.bello@southbank.edu', 'an account at another university'],
    ['invite_staff', 'student02@northfield.edu', 'an account at the same university'],
    ['invite_student', 'student02@southbank.edu', 'an account at another university'],
    ['invite_student', 'STUDENT02@northfield.edu', 'an account at the same university'],
  ] as const)('%s answers %s (%s) as a new address, and tells its owner instead', async (rpc, email, _where) => {
    const existing = await invite(nf('admin'), rpc, email);
    const fresh = await invite(nf('admin'), rpc, 'nobody.yet@example.edu');
    expect(existing.error).toBeUndefined();
    const normalised = ({ answer }: { answer: Record<string, unknown> }) =>
      JSON.parse(
        JSON.stringify(answer)
          .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>')
          .replace(/"\d{4}-[^"]+"/g, '"<time>"')
          .replace(/"[^"]+@[^"]+"/, '"<email>"'),
      ) as unknown;
    expect(normalised(existing.value!)).toEqual(normalised(fresh.value!));
    expect(existing.value!.users).toBe(1);
    expect(fresh.value!.users).toBe(0);
    expect(existing.value!.mail).toHaveLength(1);
    expect(existing.value!.mail[0].subject).toBe(fresh.value!.mail[0].subject);
    expect(existing.value!.mail[0].body).toContain('already has a CampusCare account');
    expect(existing.value!.mail[0].body).not.toMatch(/\/register\?(invitation|join)=/);
  });

  it('keeps an invitation to an address with an account without a link, looking to the inviter like any other', async () => {
    const { value } = await rolledBack(database.client, async () => {
      await actAs(database.client, nf('admin'));
      for (const email of ['dr.bello@southbank.edu', 'nobody.yet@example.edu'])
        await database.client.query('select public.invite_staff($1)', [email]);
      const seen = (
        await database.client.query(
          `select email, role, accepted_at, expires_at > now() as pending from public.invitations where email in ('dr.bello@southbank.edu', 'nobody.yet@example.edu') order by email`,
        )
      ).rows;
      await database.client.query('reset role');
      const links = (
        await database.client.query(
          `select email, token_hash is not null as link from public.invitations
        where university_id = $1 and email in ('dr.bello@southbank.edu', 'nobody.yet@example.edu') order by email`,
          [NORTHFIELD_ID],
        )
      ).rows;
      return { seen, links };
    });
    expect(value!.seen).toEqual([
      { email: 'dr.bello@southbank.edu', role: 'doctor', accepted_at: null, pending: true },
      { email: 'nobody.yet@example.edu', role: 'doctor', accepted_at: null, pending: true },
    ]);
    expect(value!.links).toEqual([
      { email: 'dr.bello@southbank.edu', link: false },
      { email: 'nobody.yet@example.edu', link: true },
    ]);
  });

  it('counts a sign-up nobody confirmed as no account: its address gets the link', async () => {
    const pendingSignUp = `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), 'maybe@example.edu',
      '{"kind": "student", "join_code": "NORTHFIELD", "first_name": "May", "last_name": "Be", "reg_number": "NFU/2026/777", "department": "Law", "year_of_study": 1}')`;
    const { value } = await invite(nf('admin'), 'invite_staff', 'maybe@example.edu', pendingSignUp);
    expect(value!.mail[0].body).toContain('/register?invitation=');
  });
});

describe('limits', () => {
  const bulk = (university: string, staff: number, students: number, age = '1 hour') =>
    `insert into public.invitations (university_id, email, role, created_at)
       select '${university}', 'bulk.staff' || n || '@example.edu', 'doctor', now() - interval '${age}' from generate_series(1, ${staff}) n;
     insert into private.student_invitations (university_id, email, created_at)
       select '${university}', 'bulk.student' || n || '@example.edu', now() - interval '${age}' from generate_series(1, ${students}) n;`;
  const TOO_MANY = 'Your university has sent 50 invitations in the last 24 hours, the most allowed; try again tomorrow';

  it('stops a university at 50 invitations in 24 hours, staff and students together', async () => {
    const last = await probe(
      database.client,
      nf('registrar'),
      `select public.invite_student('fiftieth@example.edu')`,
      [],
      bulk(NORTHFIELD_ID, 30, 19),
    );
    expect(last.error).toBeUndefined();
    for (const rpc of ['invite_staff', 'invite_student']) {
      const over = await probe(
        database.client,
        nf('admin'),
        `select public.${rpc}('one.more@example.edu')`,
        [],
        bulk(NORTHFIELD_ID, 30, 20),
      );
      expect({ rpc, error: over.error }).toEqual({ rpc, error: { code: 'P0001', message: TOO_MANY } });
    }
  });

  it("counts only the last 24 hours and the university's own", async () => {
    expect(
      (
        await probe(
          database.client,
          nf('admin'),
          `select public.invite_staff('one.more@example.edu')`,
          [],
          bulk(NORTHFIELD_ID, 30, 20, '25 hours'),
        )
      ).error,
    ).toBeUndefined();
    expect(
      (
        await probe(
          database.client,
          sb('admin'),
          `select public.invite_staff('one.more@example.edu')`,
          [],
          bulk(NORTHFIELD_ID, 30, 20),
        )
      ).error,
    ).toBeUndefined();
  });

  it('counts only the invitations that went through', async () => {
    const { error } = await rolledBack(database.client, async () => {
      await database.client.query(bulk(NORTHFIELD_ID, 49, 0));
      await actAs(database.client, nf('admin'));
      for (const email of ['not-an-email', '', 'also not']) {
        await database.client.query('savepoint refused');
        await database.client.query('select public.invite_staff($1)', [email]).catch(() => undefined);
        await database.client.query('rollback to savepoint refused');
      }
      await database.client.query(`select public.invite_staff('fiftieth@example.edu')`);
    });
    expect(error).toBeUndefined();
  });

  it('refuses the same address again within minutes, whichever invitation it was', async () => {
    for (const [first, second] of [
      ['invite_staff', 'invite_student'],
      ['invite_student', 'invite_staff'],
      ['invite_student', 'invite_student'],
    ]) {
      const again = await rolledBack(database.client, async () => {
        await actAs(database.client, nf('admin'));
        await database.client.query(`select public.${first}('twice@example.edu')`);
        await database.client.query(`select public.${second}('TWICE@example.edu')`);
      });
      expect(again.error).toMatchObject({
        code: 'P0001',
        message: 'That address was invited a few minutes ago; wait before sending again',
      });
    }
  });
});

describe('bookkeeping', () => {
  it('keeps link hashes out of every API role and out of the audit trail', async () => {
    for (const caller of [nf('admin'), null]) {
      expect((await probe(database.client, caller, 'select token_hash from public.invitations')).error?.code).toBe(
        '42501',
      );
    }
    expect((await probe(database.client, nf('admin'), 'select * from private.student_invitations')).error?.code).toBe(
      '42501',
    );
    const { value } = await rolledBack(database.client, async () => {
      await actAs(database.client, nf('admin'));
      await database.client.query(`select public.invite_staff('audited@example.edu')`);
      await database.client.query('reset role');
      const token = tokenIn(
        (
          await database.client.query<Mail>(
            `select subject, body from public.email_outbox where to_email = 'audited@example.edu'`,
          )
        ).rows[0],
      );
      await acceptance('audited@example.edu', token);
      return (
        await database.client.query<{ details: string }>(
          `select details::text from public.audit_log where table_name = 'invitations' and university_id = $1`,
          [NORTHFIELD_ID],
        )
      ).rows;
    });
    expect(value!.length).toBeGreaterThanOrEqual(2);
    for (const row of value!) expect(row.details).not.toContain('token_hash');
  });

  it('leaves Southbank out of a Northfield invitation', async () => {
    const r = await probe(
      database.client,
      nf('admin'),
      `select count(*)::int n from public.invitations where university_id = '${SOUTHBANK_ID}'`,
    );
    expect(r.rows).toEqual([{ n: 0 }]);
  });
});
