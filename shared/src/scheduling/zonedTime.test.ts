import { addDays, dayInZone, formatDay, formatInZone, timeInZone } from './zonedTime';

describe('clinic time', () => {
  it('reads a moment in the clinic zone, not the browser one', () => {
    // 03:30 UTC on 2 March is still 1 March, 22:30, in New York (UTC−5 in winter).
    expect(dayInZone('2026-03-02T03:30:00Z', 'America/New_York')).toBe('2026-03-01');
    expect(timeInZone('2026-03-02T03:30:00Z', 'America/New_York')).toBe('22:30');
    expect(dayInZone('2026-03-02T03:30:00Z', 'Europe/London')).toBe('2026-03-02');
  });

  it('follows daylight-saving time: 08:00 local is 13:00 UTC in winter and 12:00 UTC in summer', () => {
    expect(timeInZone('2027-03-12T13:00:00Z', 'America/New_York')).toBe('08:00');
    expect(timeInZone('2027-03-15T12:00:00Z', 'America/New_York')).toBe('08:00');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('names the zone when it shows a time', () => {
    expect(formatInZone('2026-03-03T14:30:00Z', 'America/New_York')).toBe('Tue, 3 Mar 2026, 09:30 (America/New_York)');
    expect(formatDay('2026-03-03')).toBe('Tuesday, 3 March 2026');
  });
});
