import { periodFilter } from './appointmentsApi';
import { NOW } from '../../../../test/web/appointmentsTestData';

describe('the periods of my appointments, as the server filters them', () => {
  it('puts the visit going on and the scheduled ones still ahead under Upcoming, everything else under Past', () => {
    expect(periodFilter('upcoming', NOW)).toBe('status.eq.ongoing,and(status.eq.scheduled,date.gte."2026-11-23T15:00:00.000Z")');
    expect(periodFilter('past', NOW)).toBe('status.in.(completed,cancelled),and(status.eq.scheduled,date.lt."2026-11-23T15:00:00.000Z")');
  });
});
