import { describeTimeOff, timeOffFormErrors, timeOffMoments } from './timeOff';

describe('time off on the clinic clock', () => {
  const zone = 'America/New_York';
  const now = new Date('2026-11-23T12:00:00Z');
  const form = {
    firstDay: '2026-11-30',
    lastDay: '2026-12-01',
    wholeDays: true,
    from: '09:00',
    until: '13:00',
    reason: '',
  };

  it('turns whole days into midnight to the midnight after the last day', () => {
    expect(timeOffMoments(form, zone)).toEqual({
      startsAt: '2026-11-30T05:00:00.000Z',
      endsAt: '2026-12-02T05:00:00.000Z',
    });
    expect(timeOffMoments({ ...form, lastDay: '2026-11-30', wholeDays: false }, zone)).toEqual({
      startsAt: '2026-11-30T14:00:00.000Z',
      endsAt: '2026-11-30T18:00:00.000Z',
    });
  });

  it('describes stored entries as whole days or times', () => {
    expect(describeTimeOff({ starts_at: '2026-11-30T05:00:00Z', ends_at: '2026-12-02T05:00:00Z' }, zone)).toBe(
      'Mon, 30 Nov 2026 – Tue, 1 Dec 2026',
    );
    expect(describeTimeOff({ starts_at: '2026-11-30T05:00:00Z', ends_at: '2026-12-01T05:00:00Z' }, zone)).toBe(
      'Mon, 30 Nov 2026 (all day)',
    );
    expect(describeTimeOff({ starts_at: '2026-11-30T14:00:00Z', ends_at: '2026-11-30T18:00:00Z' }, zone)).toBe(
      'Mon, 30 Nov 2026, 09:00–13:00',
    );
  });

  it('refuses what the database would, and time off already over', () => {
    expect(timeOffFormErrors(form, zone, now)).toEqual({});
    expect(timeOffFormErrors({ ...form, firstDay: '', lastDay: '' }, zone, now)).toEqual({
      firstDay: 'Choose the first day',
      lastDay: 'Choose the last day',
    });
    expect(timeOffFormErrors({ ...form, lastDay: '2026-11-29' }, zone, now).lastDay).toBe(
      'The last day must be on or after the first day',
    );
    expect(timeOffFormErrors({ ...form, lastDay: '2027-12-01' }, zone, now).lastDay).toBe(
      'Time off can last at most a year',
    );
    expect(
      timeOffFormErrors({ ...form, lastDay: '2026-11-30', wholeDays: false, until: '08:00' }, zone, now).until,
    ).toBe('The end time must be after the start time');
    expect(timeOffFormErrors({ ...form, firstDay: '2026-11-20', lastDay: '2026-11-21' }, zone, now).lastDay).toBe(
      'This time off would already be over',
    );
  });
});
