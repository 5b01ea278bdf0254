/**
 * A student's privacy: "who viewed my health record" (my_health_record_views) and "download my data"
 * (my_data) show the caller's own rows only, across both seeded universities; every other role is refused, and a
 * doctor's read of the record is in the student's list as soon as it has happened.
 */
import { probe, runAs, testDatabase, type Caller } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const REFUSED = 'Only students can see who viewed their health record and download their data';

interface View {
  viewer_id: string;
  viewer_name: string;
  viewer_role: string;
  screen: string | null;
}

const UNIVERSITIES = [
  { name: 'Northfield', id: NORTHFIELD_ID, domain: 'northfield.edu', other: 'southbank.edu' },
  { name: 'Southbank', id: SOUTHBANK_ID, domain: 'southbank.edu', other: 'northfield.edu' },
] as const;

const database = testDatabase();

function views(caller: Caller) {
  return probe<View>(database.client, caller, 'select * from public.my_health_record_views()');
}

describe.each(UNIVERSITIES)('$name', ({ id, domain, other }) => {
  const person = (local: string) => uuidForEmail(`${local}@${domain}`);
  const student = person('student03');
  const classmate = person('student04');

  it('lists a doctor’s read of the record at once, with name, role and screen, newest first; only to that student', async () => {
    await runAs(database.client, person('dr.bello'), `select * from public.get_health_profile($1, 'Appointment')`, [
      student,
    ]);
    await runAs(database.client, person('dr.adams'), `select * from public.get_health_profile($1, 'Patient record')`, [
      student,
    ]);

    const mine = await views(student);
    expect(mine.error).toBeUndefined();
    expect(mine.rows.slice(0, 2)).toEqual([
      expect.objectContaining({
        viewer_id: person('dr.adams'),
        viewer_name: 'Dr Amelia Adams',
        viewer_role: 'doctor',
        screen: 'Patient record',
      }),
      expect.objectContaining({
        viewer_id: person('dr.bello'),
        viewer_name: 'Dr Tunde Bello',
        viewer_role: 'doctor',
        screen: 'Appointment',
      }),
    ]);

    const theirs = await views(classmate);
    expect(theirs.ok).toBe(true);
    expect(theirs.rows.map((row) => row.viewer_id)).not.toContain(person('dr.adams'));
  });

  it('does not list the student’s own reads or another university’s', async () => {
    await runAs(database.client, student, 'select * from public.get_health_profile($1)', [student]);
    const otherDoctor = uuidForEmail(`dr.chen@${other}`);
    const crossRead = await probe(database.client, otherDoctor, 'select * from public.get_health_profile($1)', [
      student,
    ]);
    expect(crossRead.ok).toBe(false);
    const rows = (await views(student)).rows;
    expect(rows.every((row) => row.viewer_id !== student && row.viewer_id !== otherDoctor)).toBe(true);
  });

  it('refuses a screen outside the fixed list and records none then', async () => {
    const bad = await probe(
      database.client,
      person('dr.adams'),
      `select * from public.get_health_profile($1, '<script>')`,
      [student],
    );
    expect(bad.error).toEqual({ code: 'P0001', message: 'Unknown screen: use Patient record or Appointment' });
  });

  it.each(['dr.adams', 'registrar', 'admin'])(
    'refuses %s (staff): nothing of who viewed, no data export',
    async (local) => {
      expect((await views(person(local))).error?.message).toBe(REFUSED);
      expect((await probe(database.client, person(local), 'select public.my_data()')).error?.message).toBe(REFUSED);
    },
  );

  it('exports the caller’s own data only', async () => {
    const result = await probe<{ data: Record<string, unknown> }>(
      database.client,
      student,
      'select public.my_data() as data',
    );
    expect(result.ok).toBe(true);
    const data = result.rows[0].data as {
      university: { id: string };
      profile: { id: string; email: string };
      health_profile: { student_id: string } | null;
      appointments: { student_id: string; provider_name: string }[];
      health_record_views: { viewer_name: string; screen: string | null }[];
    };
    expect(data.university.id).toBe(id);
    expect(data.profile).toMatchObject({ id: student, email: `student03@${domain}` });
    expect(data.health_profile?.student_id).toBe(student);
    expect(data.appointments.length).toBeGreaterThan(0);
    expect(data.appointments.every((appointment) => appointment.student_id === student)).toBe(true);
    expect(data.health_record_views).toEqual(
      expect.arrayContaining([
        {
          viewed_at: expect.any(String),
          viewer_name: 'Dr Amelia Adams',
          viewer_role: 'doctor',
          screen: 'Patient record',
        },
      ]),
    );
  });
});

describe('callers without an active student account', () => {
  it('refuses anon (no execute grant)', async () => {
    for (const sql of ['select * from public.my_health_record_views()', 'select public.my_data()']) {
      const result = await probe(database.client, null, sql);
      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe('42501');
    }
  });

  it('refuses a deactivated student', async () => {
    const student = uuidForEmail('student05@northfield.edu');
    const setup = `update public.members set status = 'deactivated' where id = '${student}'`;
    const result = await probe(database.client, student, 'select public.my_data()', [], setup);
    expect(result.error?.message).toBe(REFUSED);
  });

  it('keeps the name of a doctor deactivated since the read', async () => {
    const student = uuidForEmail('student06@southbank.edu');
    const doctor = uuidForEmail('dr.chen@southbank.edu');
    await runAs(database.client, doctor, `select * from public.get_health_profile($1, 'Patient record')`, [student]);
    const setup = `update public.members set status = 'deactivated' where id = '${doctor}'`;
    const result = await probe<View>(
      database.client,
      student,
      'select * from public.my_health_record_views()',
      [],
      setup,
    );
    expect(result.rows[0]).toMatchObject({ viewer_id: doctor, viewer_name: 'Dr Wei Chen', viewer_role: 'doctor' });
  });
});
