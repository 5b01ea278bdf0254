import { clinic, NOW } from '../../../test/web/appointmentsTestData';
import { brokenSlotRule } from './slotCheck';

// NOW is Monday 23 November 2026, 10:00 in New York; the clinic opens Monday to Friday, 08:00–17:00, slots of 30 minutes.
const ruleAt = (
  startsAt: string,
  doctor: Parameters<typeof brokenSlotRule>[0]['doctor'] = { hours: [], timeOff: [] },
) => brokenSlotRule({ clinic, startsAt, doctor, now: NOW });

describe('brokenSlotRule', () => {
  it('puts the moment before the calendar: a time gone by, or a year ahead or more', () => {
    expect(ruleAt('2026-11-23T14:30:00.000Z')).toEqual({ kind: 'past' });
    expect(ruleAt('2027-11-23T15:00:00.000Z')).toEqual({ kind: 'tooFarAhead' });
    expect(ruleAt('2027-11-22T15:00:00.000Z')).toEqual({ kind: 'taken' });
  });

  it('lays slots out as free_slots does: a whole slot before closing, every slot length from the opening', () => {
    // 16:30 leaves a whole slot before 17:00; 16:45 does not; 09:10 is inside the hours but between two slots.
    expect(ruleAt('2026-11-24T21:30:00.000Z')).toEqual({ kind: 'taken' });
    expect(ruleAt('2026-11-24T21:45:00.000Z')).toEqual({
      kind: 'outsideOpeningHours',
      hours: expect.objectContaining({ weekday: 2, opens_at: '08:00:00', closes_at: '17:00:00' }),
    });
    expect(ruleAt('2026-11-24T14:10:00.000Z')).toEqual({ kind: 'offSlotGrid', firstStart: '08:00', slotMinutes: 30 });
  });

  it('reads the day on the clinic’s calendar, not UTC’s', () => {
    // 01:00 UTC on Saturday 28 November is still Friday evening, 20:00, in New York: after hours, not a closed day.
    expect(ruleAt('2026-11-28T01:00:00.000Z')).toEqual({
      kind: 'outsideOpeningHours',
      hours: expect.objectContaining({ weekday: 5 }),
    });
    expect(ruleAt('2026-11-28T15:00:00.000Z')).toEqual({ kind: 'closedWeekday', weekday: 6 });
  });

  it('says no doctor is free, rather than taken, when the visit has no doctor', () => {
    expect(ruleAt('2026-11-24T15:00:00.000Z', null)).toEqual({ kind: 'noDoctorFree' });
  });
});
