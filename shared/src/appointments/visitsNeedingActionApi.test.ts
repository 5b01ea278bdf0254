import type { CampusCareClient } from '../supabase/client';
import { appointmentFixture } from '../../../test/web/appointmentsTestData';
import { listVisitsAffectedBy, listVisitsNeedingADoctor } from './visitsNeedingActionApi';

/** The database's rows for `count` visits, and a client that answers the listing and each request for appointments. */
function clientListing(count: number, total = count) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `v${i}`,
    provider_name: null,
    problem: 'No doctor is assigned',
    total,
  }));
  const rpc = jest.fn(async () => ({ data: rows, error: null }));
  const idsAsked: string[][] = [];
  const from = jest.fn(() => ({
    select: () => ({
      in: async (_column: string, ids: string[]) => {
        idsAsked.push(ids);
        // One visit is no longer readable: it is left out of the list.
        const readable = ids.filter((id) => id !== 'v3');
        return { data: readable.map((id) => appointmentFixture({ id })), error: null };
      },
    }),
  }));
  return { client: { rpc, from } as unknown as CampusCareClient, rpc, idsAsked };
}

describe('the visits staff must act on', () => {
  it('asks the database for one page, soonest first, and gives its rows with the whole list’s length', async () => {
    const { client, rpc } = clientListing(10, 1027);
    const page = await listVisitsNeedingADoctor(client, { page: 3, pageSize: 10 });
    expect(rpc).toHaveBeenCalledWith('visits_needing_a_doctor', { page_size: 10, page_offset: 20 });
    expect(page.total).toBe(1027);
    expect(page.rows.map((visit) => visit.appointment.id)).toEqual([
      'v0',
      'v1',
      'v2',
      'v4',
      'v5',
      'v6',
      'v7',
      'v8',
      'v9',
    ]);
  });

  it('reads the appointments of a long list 100 at a time, so no request outgrows what the gateway accepts', async () => {
    const { client, idsAsked } = clientListing(250);
    const visits = await listVisitsAffectedBy(client, {
      kind: 'closure',
      starts_on: '2026-12-01',
      ends_on: '2026-12-31',
    });
    expect(idsAsked.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect(visits).toHaveLength(249);
    expect(visits.map((visit) => visit.appointment.id)).toEqual(
      Array.from({ length: 250 }, (_, i) => `v${i}`).filter((id) => id !== 'v3'),
    );
  });

  it('has nothing to read for an empty page', async () => {
    const { client, idsAsked } = clientListing(0);
    expect(await listVisitsNeedingADoctor(client, { page: 2, pageSize: 10 })).toEqual({ rows: [], total: 0 });
    expect(idsAsked).toEqual([]);
  });
});
