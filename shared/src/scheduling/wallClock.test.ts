import { dateTimeInputInZone, isoWeekday, momentFromDateTimeInput, momentInZone, mondayOf } from './wallClock';

describe('the clinic wall clock to moments', () => {
  it('reads a wall time in the clinic zone, winter and summer', () => {
    expect(momentInZone('2026-03-03', '09:30', 'America/New_York')).toBe('2026-03-03T14:30:00.000Z');
    expect(momentInZone('2026-07-01', '09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(momentInZone('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(momentInZone('2026-12-31', '23:30', 'Asia/Tokyo')).toBe('2026-12-31T14:30:00.000Z');
  });

  it('reads the days daylight-saving time starts and ends', () => {
    // New York puts its clocks forward at 02:00 on 14 March 2027 and back at 02:00 on 7 November 2027.
    expect(momentInZone('2027-03-14', '08:00', 'America/New_York')).toBe('2027-03-14T12:00:00.000Z');
    expect(momentInZone('2027-03-14', '01:30', 'America/New_York')).toBe('2027-03-14T06:30:00.000Z');
    expect(momentInZone('2027-03-14', '02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    expect(momentInZone('2027-11-07', '08:00', 'America/New_York')).toBe('2027-11-07T13:00:00.000Z');
    // London skips 01:00–02:00 on 28 March 2027.
    expect(momentInZone('2027-03-28', '01:30', 'Europe/London')).toBe('2027-03-28T01:30:00.000Z');
  });

  it('round-trips a datetime-local value through the clinic zone', () => {
    expect(dateTimeInputInZone('2026-03-02T03:30:00Z', 'America/New_York')).toBe('2026-03-01T22:30');
    expect(momentFromDateTimeInput('2026-03-01T22:30', 'America/New_York')).toBe('2026-03-02T03:30:00.000Z');
    expect(momentFromDateTimeInput('2026-03-01', 'America/New_York')).toBeNull();
    expect(momentFromDateTimeInput('', 'America/New_York')).toBeNull();
  });

  it('numbers weekdays from Monday and finds the week’s Monday', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});
