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

  it('asks for one page of the visits a change affects, and reads that page’s appointments in one request', async () => {
    const { client, rpc, idsAsked } = clientListing(20, 250);
    const change = { kind: 'closure', starts_on: '2026-12-01', ends_on: '2026-12-31' } as const;
    const page = await listVisitsAffectedBy(client, change, { page: 2, pageSize: 20 });
    expect(rpc).toHaveBeenCalledWith('visits_affected_by', { change, page_size: 20, page_offset: 20 });
    expect(idsAsked).toEqual([Array.from({ length: 20 }, (_, i) => `v${i}`)]);
    expect(page.total).toBe(250);
    expect(page.rows).toHaveLength(19);
  });

  it('has nothing to read for an empty page', async () => {
    const { client, idsAsked } = clientListing(0);
    expect(await listVisitsNeedingADoctor(client, { page: 2, pageSize: 10 })).toEqual({ rows: [], total: 0 });
    expect(idsAsked).toEqual([]);
  });
});
