/**
 * Who changes a program: the doctor who created it edits and deletes it, and no other doctor's; admins any of their
 * university's; nobody another university's, even the program of a doctor with the same name there. A refused update
 * or delete touches no row (RLS hides it), as PostgREST reports it.
 */
import { type Caller, probe, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const UNIVERSITIES = [
  { name: 'Northfield', id: NORTHFIELD_ID, domain: 'northfield.edu', otherDomain: 'southbank.edu' },
  { name: 'Southbank', id: SOUTHBANK_ID, domain: 'southbank.edu', otherDomain: 'northfield.edu' },
] as const;

const database = testDatabase();

/** The seed's program of that title created by `author` (an email). */
async function programOf(title: string, author: string): Promise<string> {
  const { rows } = await database.client.query<{ id: string }>(
    'select id from public.programs where title = $1 and created_by = $2',
    [title, uuidForEmail(author)],
  );
  if (!rows[0]) throw new Error(`the seed has no "${title}" by ${author}`);
  return rows[0].id;
}

function renameAs(caller: Caller, program: string) {
  return probe<{ id: string }>(
    database.client,
    caller,
    `update public.programs set title = 'Renamed drive' where id = $1 returning id`,
    [program],
  );
}

function deleteAs(caller: Caller, program: string) {
  return probe<{ id: string }>(database.client, caller, 'delete from public.programs where id = $1 returning id', [
    program,
  ]);
}

describe.each(UNIVERSITIES)('programs of $name', ({ domain, otherDomain }) => {
  const doctor = uuidForEmail(`dr.adams@${domain}`);

  it('lets the doctor who created a program edit and delete it', async () => {
    const own = await programOf('Blood Donation Drive', `dr.adams@${domain}`);
    expect(await renameAs(doctor, own)).toEqual({ ok: true, rows: [{ id: own }] });
    expect(await deleteAs(doctor, own)).toEqual({ ok: true, rows: [{ id: own }] });
  });

  it('refuses the doctor another doctor’s or an admin’s program of their university', async () => {
    const colleagues = await programOf('Vaccination Clinic', `dr.chen@${domain}`);
    const admins = await programOf('Malaria Awareness Week', `admin@${domain}`);
    for (const program of [colleagues, admins]) {
      expect(await renameAs(doctor, program)).toEqual({ ok: true, rows: [] });
      expect(await deleteAs(doctor, program)).toEqual({ ok: true, rows: [] });
    }
  });

  it('refuses the doctor the other university’s program of its doctor of the same name', async () => {
    const namesake = await programOf('Blood Donation Drive', `dr.adams@${otherDomain}`);
    expect(await renameAs(doctor, namesake)).toEqual({ ok: true, rows: [] });
    expect(await deleteAs(doctor, namesake)).toEqual({ ok: true, rows: [] });
  });

  it('lets an admin delete a doctor’s program of their university, and no other university’s', async () => {
    const admin = uuidForEmail(`admin@${domain}`);
    const doctors = await programOf('Blood Donation Drive', `dr.adams@${domain}`);
    const otherUniversitys = await programOf('Blood Donation Drive', `dr.adams@${otherDomain}`);
    expect(await deleteAs(admin, doctors)).toEqual({ ok: true, rows: [{ id: doctors }] });
    expect(await deleteAs(admin, otherUniversitys)).toEqual({ ok: true, rows: [] });
  });
});
