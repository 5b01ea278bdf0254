/**
 * The audit trail names who acted as they were named when they acted (migration 20260112000000). The attack: a doctor
 * read a student's health record, then blanked their name or took a colleague's, and "Who viewed my health record",
 * the audit view and its CSV showed the new name. Each entry now keeps the actor's name and email from the moment it
 * was written, and both pages show the email.
 */
import { probe, runAs, testDatabase } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const SUPER = nf('admin');

const database = testDatabase();

interface View {
  viewer_id: string;
  viewer_name: string;
  viewer_email: string | null;
}
interface Entry {
  actor_id: string;
  actor_name: string;
  actor_email: string | null;
  event_kind: string;
  record_id: string;
}

async function readRecord(doctor: string, student: string): Promise<void> {
  await runAs(database.client, doctor, `select * from public.get_health_profile($1, 'Patient record')`, [student]);
}

async function rename(member: string, first: string, last: string): Promise<void> {
  await runAs(database.client, member, 'update public.members set first_name = $2, last_name = $3 where id = $1', [
    member,
    first,
    last,
  ]);
}

describe('who read a health record', () => {
  it('keeps the name and email a doctor had when reading, after they take a colleague’s name or another one', async () => {
    const student = nf('student11');
    await readRecord(nf('dr.adams'), student);
    await readRecord(nf('dr.chen'), student);
    await rename(nf('dr.adams'), 'Tunde', 'Bello');
    await rename(nf('dr.chen'), 'Wen', 'Zhao');

    const views = await probe<View>(database.client, student, 'select * from public.my_health_record_views()');
    expect(
      views.rows.map(({ viewer_id, viewer_name, viewer_email }) => ({ viewer_id, viewer_name, viewer_email })),
    ).toEqual([
      { viewer_id: nf('dr.chen'), viewer_name: 'Dr Wei Chen', viewer_email: 'dr.chen@northfield.edu' },
      { viewer_id: nf('dr.adams'), viewer_name: 'Dr Amelia Adams', viewer_email: 'dr.adams@northfield.edu' },
    ]);

    const entries = await probe<Entry>(
      database.client,
      SUPER,
      `select * from public.audit_entries(event => 'health_record_read', person => 'dr.adams@')`,
    );
    expect(
      entries.rows
        .filter((entry) => entry.record_id === student)
        .map(({ actor_name, actor_email }) => ({ actor_name, actor_email })),
    ).toEqual([{ actor_name: 'Dr Amelia Adams', actor_email: 'dr.adams@northfield.edu' }]);
    // Searching by the name taken later does not find the read either.
    const byNewName = await probe<Entry>(
      database.client,
      SUPER,
      `select * from public.audit_entries(event => 'health_record_read', person => 'Tunde Bello')`,
    );
    expect(byNewName.rows.filter((entry) => entry.record_id === student)).toEqual([]);
  });

  it('is filled in by the database whoever writes the entry, so no writer can name someone else', async () => {
    const { rows } = await database.client.query<{ actor_name: string | null; actor_email: string | null }>(
      `insert into public.audit_log (actor_id, university_id, action, table_name, record_id, actor_name, actor_email)
       values ($1, $2, 'read', 'health_profiles', $3, 'Somebody Else', 'someone@example.com') returning actor_name, actor_email`,
      [nf('dr.bello'), NORTHFIELD_ID, nf('student12')],
    );
    expect(rows).toEqual([{ actor_name: 'Dr Tunde Bello', actor_email: 'dr.bello@northfield.edu' }]);
    const system = await database.client.query(
      `insert into public.audit_log (university_id, action, table_name, actor_name) values ($1, 'update', 'clinic_settings', 'Forged') returning actor_name, actor_email`,
      [NORTHFIELD_ID],
    );
    expect(system.rows).toEqual([{ actor_name: null, actor_email: null }]);
  });
});
