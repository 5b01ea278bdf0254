/**
 * One exemption request per student and requirement at a time (migration 20260130000000): a student cannot ask again
 * while a request waits for the clinic or once one was accepted, however the request is sent; after a rejection they can.
 */
import { actAs, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);

// The seed's Northfield requirements and student06's requests (supabase/seed.sql): MMR accepted, Meningococcal ACWY waiting.
const MMR = 'a1f0c3e2-0000-4000-8000-00000000a002';
const MEN_ACWY = 'a1f0c3e2-0000-4000-8000-00000000a003';
const EXEMPT_STUDENT = nf('student06');
const STUDENT = nf('student03');

const ASK_MMR = `select review_status from public.request_immunization_exemption($1, 'personal', 'Conscientious objection')`;
const WAITING =
  'Your exemption request for this requirement is waiting for the clinic: you can ask again once it is decided';

const database = testDatabase();

describe('exemption requests', () => {
  it('are refused while one waits for the clinic, and once one was accepted', async () => {
    expect((await probe(database.client, EXEMPT_STUDENT, ASK_MMR, [MMR])).error?.message).toBe(
      'The clinic already accepted your exemption from this requirement',
    );
    expect((await probe(database.client, EXEMPT_STUDENT, ASK_MMR, [MEN_ACWY])).error?.message).toBe(WAITING);
  });

  it('take one request, then refuse a second until the first is decided', async () => {
    const outcome = await rolledBack(database.client, async () => {
      await actAs(database.client, STUDENT);
      const first = (await database.client.query<{ review_status: string }>(ASK_MMR, [MMR])).rows;
      const second = await database.client.query(ASK_MMR, [MMR]).catch((error: Error) => error.message);
      return { first, second };
    });
    expect(outcome).toEqual({ value: { first: [{ review_status: 'pending' }], second: WAITING } });
  });

  it('take a new request after a rejection', async () => {
    const rejected = `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status, reject_reason)
      values ('${NORTHFIELD_ID}', '${STUDENT}', '${MMR}', 'personal', 'Belief', 'rejected', 'Say more about it')`;
    expect((await probe(database.client, STUDENT, ASK_MMR, [MMR], rejected)).rows).toEqual([
      { review_status: 'pending' },
    ]);
  });

  it('let only one of two requests sent at the same moment in', async () => {
    // Triggers off, as when two requests pass the trigger's look at once: the index still refuses the second.
    const pending = `insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason)
      values ('${NORTHFIELD_ID}', '${STUDENT}', '${MMR}', 'personal', 'Belief')`;
    const outcome = await rolledBack(database.client, async () => {
      await database.client.query('set local session_replication_role = replica');
      await database.client.query(pending);
      await database.client.query(pending);
    });
    expect(outcome.error).toMatchObject({ code: '23505', constraint: 'immunization_exemptions_one_pending_idx' });
  });
});
