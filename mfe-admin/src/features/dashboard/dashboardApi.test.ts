import type { CampusCareClient } from '@campuscare/shared';
import { countPerDay, emptyDays, fetchCounts } from './dashboardApi';

describe('countPerDay', () => {
  it('counts start times into local days and ignores times outside the range', () => {
    const days = emptyDays(new Date(2030, 0, 30), 3);
    expect(days.map((day) => day.day)).toEqual(['2030-01-30', '2030-01-31', '2030-02-01']);
    const counted = countPerDay(days, [new Date(2030, 0, 30, 9).toISOString(), new Date(2030, 0, 30, 17).toISOString(), new Date(2030, 1, 1, 8).toISOString(), new Date(2030, 1, 2, 8).toISOString()]);
    expect(counted.map((day) => day.count)).toEqual([2, 0, 1]);
  });
});

describe('fetchCounts', () => {
  const clientAnswering = (answer: { data: unknown; error: { message: string } | null }) => ({ rpc: async () => answer }) as unknown as CampusCareClient;

  it('reads the admin numbers of dashboard_counts', async () => {
    const client = clientAnswering({ data: { role: 'admin', appointments: 263, programs: 25, staff: 8, students: 4763, upcoming_appointments: 3 }, error: null });
    await expect(fetchCounts(client)).resolves.toEqual({ appointments: 263, programs: 25, staff: 8, students: 4763 });
  });

  it("passes on the database's refusal", async () => {
    await expect(fetchCounts(clientAnswering({ data: null, error: { message: 'Your account has no access' } }))).rejects.toThrow('Your account has no access');
  });
});
