import {
  addDays,
  dayInZone,
  formatCount,
  formatDateTime,
  formatDay,
  formatDayOf,
  formatDayRange,
  formatDayTime,
  formatDecimal,
  formatInZone,
  timeInZone,
} from './zonedTime';

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
});

describe('the formats of the product', () => {
  it('writes a day one way: short weekday, day, short month, year', () => {
    expect(formatDay('2026-03-03')).toBe('Tue, 3 Mar 2026');
    expect(formatDay('2026-11-29')).toBe('Sun, 29 Nov 2026');
    // A date column as the API returns it, and the last day of a leap February.
    expect(formatDay('2028-02-29T00:00:00+00:00')).toBe('Tue, 29 Feb 2028');
  });

  it('writes the clinic’s day of a moment, not UTC’s', () => {
    expect(formatDayOf('2026-03-04T03:30:00Z', 'America/New_York')).toBe('Tue, 3 Mar 2026');
    expect(formatDayOf('2026-03-04T03:30:00Z', 'Europe/London')).toBe('Wed, 4 Mar 2026');
  });

  it('writes a span of days with a dash, and one day once', () => {
    expect(formatDayRange('2026-11-30', '2026-12-01')).toBe('Mon, 30 Nov 2026 – Tue, 1 Dec 2026');
    expect(formatDayRange('2026-12-10', '2026-12-10')).toBe('Thu, 10 Dec 2026');
  });

  it('writes a date and time one way, on the 24-hour clock of the clinic', () => {
    expect(formatDateTime('2026-03-03T14:30:00Z', 'America/New_York')).toBe('Tue, 3 Mar 2026, 09:30');
    expect(formatDateTime('2026-03-03T14:30:00Z', 'Europe/London')).toBe('Tue, 3 Mar 2026, 14:30');
    expect(formatDateTime('2026-07-01T21:05:00Z', 'America/New_York')).toBe('Wed, 1 Jul 2026, 17:05');
    expect(formatDayTime('2026-01-05', '10:00:00')).toBe('Mon, 5 Jan 2026, 10:00');
  });

  it('moves the date with the clinic’s clock: late in New York is already tomorrow in UTC', () => {
    expect(formatDateTime('2026-03-04T03:30:00Z', 'America/New_York')).toBe('Tue, 3 Mar 2026, 22:30');
    expect(formatDateTime('2026-12-31T23:30:00Z', 'Asia/Tokyo')).toBe('Fri, 1 Jan 2027, 08:30');
  });

  it('adds the seconds when asked (the audit log), and names the zone when asked', () => {
    expect(formatDateTime('2026-03-02T14:05:07Z', 'America/New_York', { seconds: true })).toBe(
      'Mon, 2 Mar 2026, 09:05:07',
    );
    expect(formatInZone('2026-03-03T14:30:00Z', 'America/New_York')).toBe('Tue, 3 Mar 2026, 09:30 (America/New_York)');
  });

  it('writes counts with thousands separators and measurements to one decimal', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(2653)).toBe('2,653');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatDecimal(36.55)).toBe('36.6');
    expect(formatDecimal(64)).toBe('64');
    expect(formatDecimal(1234.5)).toBe('1,234.5');
  });
});

describe('whatever the browser’s zone', () => {
  const processZone = process.env.TZ;
  afterEach(() => {
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata'])(
    'shows the clinic’s time on a computer set to %s',
    (zone) => {
      process.env.TZ = zone;
      // The computer's own clock really is elsewhere: the same moment reads differently there.
      expect(new Date('2026-03-03T14:30:00Z').getHours()).not.toBe(9);
      expect(formatInZone('2026-03-03T14:30:00Z', 'America/New_York')).toBe(
        'Tue, 3 Mar 2026, 09:30 (America/New_York)',
      );
      expect(formatDateTime('2026-03-04T03:30:00Z', 'America/New_York')).toBe('Tue, 3 Mar 2026, 22:30');
      expect(formatDay('2026-03-03')).toBe('Tue, 3 Mar 2026');
    },
  );
});
