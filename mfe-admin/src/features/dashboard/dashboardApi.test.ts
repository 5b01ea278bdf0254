import type { CampusCareClient } from '@campuscare/shared';
import { fetchCounts, fetchDailyLoad } from './dashboardApi';

type Answer = { data: unknown; error: { message: string; code?: string } | null };

function clientAnswering(answer: Answer) {
  const rpc = jest.fn(async () => answer);
  return { client: { rpc } as unknown as CampusCareClient, rpc };
}

describe('fetchCounts', () => {
  it('reads the admin numbers of dashboard_counts', async () => {
    const { client } = clientAnswering({
      data: { role: 'admin', appointments: 263, programs: 25, staff: 8, students: 4763, visits_needing_a_doctor: 3 },
      error: null,
    });
    await expect(fetchCounts(client)).resolves.toEqual({
      appointments: 263,
      programs: 25,
      staff: 8,
      students: 4763,
      visits_needing_a_doctor: 3,
    });
  });

  it("passes on the database's refusal in its words", async () => {
    const { client } = clientAnswering({ data: null, error: { message: 'Your account has no access', code: 'P0001' } });
    await expect(fetchCounts(client)).rejects.toThrow('Your account has no access');
  });
});

describe('fetchDailyLoad', () => {
  it('asks the database for the per-day counts instead of fetching appointment rows', async () => {
    const { client, rpc } = clientAnswering({
      data: [
        { day: '2030-01-30', appointments: 1204 },
        { day: '2030-01-31', appointments: 0 },
      ],
      error: null,
    });
    await expect(fetchDailyLoad(client, 2)).resolves.toEqual([
      { day: '2030-01-30', count: 1204 },
      { day: '2030-01-31', count: 0 },
    ]);
    expect(rpc).toHaveBeenCalledWith('appointments_per_day', { days: 2 });
  });

  it('says a refused request in words for people', async () => {
    const { client } = clientAnswering({
      data: null,
      error: { message: 'Choose between 1 and 62 days', code: '22023' },
    });
    await expect(fetchDailyLoad(client, 90)).rejects.toThrow('Some of the values are not valid');
  });
});
