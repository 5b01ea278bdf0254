/** invite_student(email): university admins email their student join link; everyone else is refused. */
import { storeSiteUrl } from '../../server/src/postgres/migrate';
import { actAs, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);

const database = testDatabase();

async function inviteAndReadMail(caller: string, email: string) {
  return rolledBack(database.client, async () => {
    await storeSiteUrl(database.client, 'https://care.example.edu/');
    await actAs(database.client, caller);
    const invitation = (await database.client.query('select public.invite_student($1) as r', [email])).rows[0].r;
    await database.client.query('reset role');
    const mail = (await database.client.query('select * from public.email_outbox where to_email = $1', [email.trim().toLowerCase()])).rows;
    return { invitation, mail };
  });
}

describe('invite_student', () => {
  it.each([
    ['the Northfield super admin', nf('admin'), 'NORTHFIELD', 'Northfield University'],
    ['a plain Northfield admin', nf('registrar'), 'NORTHFIELD', 'Northfield University'],
    ['the Southbank super admin', sb('admin'), 'SOUTHBANK', 'Southbank University'],
    ['a plain Southbank admin', sb('registrar'), 'SOUTHBANK', 'Southbank University'],
  ])('lets %s email their own university join link', async (_who, caller, code, name) => {
    const result = await inviteAndReadMail(caller, ' New.Student@Example.edu ');
    expect(result.error).toBeUndefined();
    const { invitation, mail } = result.value!;
    expect(invitation).toEqual({ email: 'new.student@example.edu', link: `https://care.example.edu/register?join=${code}` });
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Join ${name} on CampusCare`);
    expect(mail[0].body).toContain(invitation.link);
    expect(mail[0].body).not.toMatch(/password/i);
  });

  it.each([
    ['a doctor', nf('dr.adams'), 'Only a university administrator can invite students'],
    ['a student', nf('student01'), 'Only a university administrator can invite students'],
    ['a Southbank doctor', sb('dr.adams'), 'Only a university administrator can invite students'],
  ])('refuses %s', async (_who, caller, message) => {
    const r = await probe(database.client, caller, `select public.invite_student('someone@example.edu')`);
    expect(r.error).toMatchObject({ code: 'P0001', message });
  });

  it('refuses anonymous callers outright', async () => {
    const r = await probe(database.client, null, `select public.invite_student('someone@example.edu')`);
    expect(r.error?.code).toBe('42501');
  });

  it('refuses a deactivated admin', async () => {
    const r = await probe(database.client, nf('registrar'), `select public.invite_student('someone@example.edu')`, [], `update public.members set status = 'deactivated' where id = '${nf('registrar')}'`);
    expect(r.error).toMatchObject({ code: 'P0001', message: 'Only a university administrator can invite students' });
  });

  it.each([
    ['not-an-email', 'Enter a valid email address'],
    ['', 'Enter a valid email address'],
    ['student02@northfield.edu', 'This person already has an account at your university'],
    ['STUDENT02@northfield.edu', 'This person already has an account at your university'],
  ])('refuses %p', async (email, message) => {
    const r = await probe(database.client, nf('admin'), 'select public.invite_student($1)', [email]);
    expect(r.error).toMatchObject({ code: 'P0001', message });
  });

  it('answers an address registered at another university like any new address, so no account leaks across tenants', async () => {
    const r = await probe(database.client, nf('admin'), 'select public.invite_student($1) as invitation', ['student02@southbank.edu']);
    expect(r.error).toBeUndefined();
    expect(r.rows[0]).toMatchObject({ invitation: { email: 'student02@southbank.edu' } });
  });

  it('refuses the same address again within minutes, and stops a university at the hourly limit', async () => {
    const again = await rolledBack(database.client, async () => {
      await actAs(database.client, nf('admin'));
      await database.client.query(`select public.invite_student('twice@example.edu')`);
      await actAs(database.client, nf('registrar'));
      await database.client.query(`select public.invite_student('TWICE@example.edu')`);
    });
    expect(again.error).toMatchObject({ code: 'P0001', message: 'That address was invited a few minutes ago; wait before sending again' });

    const flooded = await probe(
      database.client,
      nf('admin'),
      `select public.invite_student('one-more@example.edu')`,
      [],
      `insert into private.student_invitations (university_id, email) select '${NORTHFIELD_ID}', 'bulk' || n || '@example.edu' from generate_series(1, 200) n`,
    );
    expect(flooded.error).toMatchObject({ code: 'P0001', message: 'At most 200 student invitations can be sent per hour; try again later' });

    // The other university's limit is its own.
    const southbank = await probe(
      database.client,
      sb('admin'),
      `select public.invite_student('one-more@example.edu')`,
      [],
      `insert into private.student_invitations (university_id, email) select '${NORTHFIELD_ID}', 'bulk' || n || '@example.edu' from generate_series(1, 200) n`,
    );
    expect(southbank.error).toBeUndefined();
  });

  it('keeps its bookkeeping out of the API', async () => {
    const r = await probe(database.client, nf('admin'), 'select * from private.student_invitations');
    expect(r.error?.code).toBe('42501');
  });
});
