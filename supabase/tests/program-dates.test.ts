/**
 * Program dates: staff cannot create a program in the past, or move one there, in either university; "today" is the
 * clinic's day in its time zone. A program that has taken place keeps its date and stays editable; the seed and the
 * server (no JWT subject) are trusted.
 */
import { type Caller, probe, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const PAST_DATE_MESSAGE = 'A program cannot take place in the past: choose today or a later date';

const UNIVERSITIES = [
  {
    name: 'Northfield',
    id: NORTHFIELD_ID,
    doctor: uuidForEmail('dr.adams@northfield.edu'),
    admin: uuidForEmail('registrar@northfield.edu'),
  },
  {
    name: 'Southbank',
    id: SOUTHBANK_ID,
    doctor: uuidForEmail('dr.adams@southbank.edu'),
    admin: uuidForEmail('admin@southbank.edu'),
  },
] as const;

const database = testDatabase();

/** The clinic's local day `days` from today, computed by the database for the university's zone. */
const LOCAL_DAY = `((now() at time zone (select s.timezone from public.clinic_settings s where s.university_id = $1))::date + $2::integer)`;

function insertProgram(caller: Caller, university: string, daysFromToday: number, setup?: string) {
  return probe(
    database.client,
    caller,
    `insert into public.programs (title, date) values ('Dated program', ${LOCAL_DAY}) returning date`,
    [university, daysFromToday],
    setup,
  );
}

async function pastProgramOf(university: string): Promise<string> {
  const { rows } = await database.client.query<{ id: string }>(
    `select id from public.programs where university_id = $1 and date < current_date - 1 limit 1`,
    [university],
  );
  if (!rows[0]) throw new Error('the seed has no past program');
  return rows[0].id;
}

describe.each(UNIVERSITIES)('programs of $name', ({ id, doctor, admin }) => {
  it('refuses a new program dated before today, saying why; today and later are accepted', async () => {
    const yesterday = await insertProgram(doctor, id, -1);
    expect(yesterday.ok).toBe(false);
    expect(yesterday.error).toEqual({ code: 'P0001', message: PAST_DATE_MESSAGE });
    expect((await insertProgram(admin, id, -30)).error?.message).toBe(PAST_DATE_MESSAGE);

    expect((await insertProgram(doctor, id, 0)).ok).toBe(true);
    expect((await insertProgram(admin, id, 14)).ok).toBe(true);
  });

  it('counts "today" in the clinic’s time zone, not the server’s', async () => {
    // Kiritimati (UTC+14) is a day ahead of UTC for most of the day; its own today is still accepted.
    const aheadOfUtc = `update public.clinic_settings set timezone = 'Pacific/Kiritimati' where university_id = '${id}'`;
    expect((await insertProgram(doctor, id, 0, aheadOfUtc)).ok).toBe(true);
    expect((await insertProgram(doctor, id, -1, aheadOfUtc)).error?.message).toBe(PAST_DATE_MESSAGE);
  });

  it('refuses moving a program into the past but keeps a past program editable', async () => {
    const past = await pastProgramOf(id);
    const moved = await probe(
      database.client,
      admin,
      `update public.programs set date = date - 1 where id = $1 returning id`,
      [past],
    );
    expect(moved.error).toEqual({ code: 'P0001', message: PAST_DATE_MESSAGE });

    const renamed = await probe(
      database.client,
      admin,
      `update public.programs set title = 'Vaccination Clinic (held)', location = 'Main Hall' where id = $1 returning id`,
      [past],
    );
    expect(renamed).toMatchObject({ ok: true, rows: [{ id: past }] });

    const future = await probe(
      database.client,
      admin,
      `update public.programs set date = current_date + 40 where id = $1 returning id`,
      [past],
    );
    expect(future).toMatchObject({ ok: true, rows: [{ id: past }] });
  });

  it('trusts the server and the seed (no signed-in caller) with past dates', async () => {
    const fromServer = await probe(
      database.client,
      null,
      `select 1`,
      [],
      `insert into public.programs (university_id, title, date) values ('${id}', 'Archived drive', current_date - 400)`,
    );
    expect(fromServer.ok).toBe(true);
  });
});
