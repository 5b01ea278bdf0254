import { availableSlots, bookableDateRange, CLINIC_CLOSED_MESSAGE, CLINIC_SLOTS, isClinicDay, SLOT_PASSED_MESSAGE, slotError, slotStart } from './clinicHours';

// Wednesday 7 January 2026, 10:10 local time.
const NOW = new Date(2026, 0, 7, 10, 10);

describe('clinic hours', () => {
  it('offers 30-minute slots from 08:00 to 16:30', () => {
    expect(CLINIC_SLOTS[0]).toBe('08:00');
    expect(CLINIC_SLOTS[CLINIC_SLOTS.length - 1]).toBe('16:30');
    expect(CLINIC_SLOTS).toHaveLength(18);
  });

  it('is open Monday to Friday only', () => {
    expect(isClinicDay('2026-01-09')).toBe(true);
    expect(isClinicDay('2026-01-10')).toBe(false);
    expect(isClinicDay('2026-01-11')).toBe(false);
    expect(isClinicDay('not a day')).toBe(false);
  });

  it('offers only the slots still ahead today, and every slot on a later weekday', () => {
    expect(availableSlots('2026-01-07', NOW)[0]).toBe('10:30');
    expect(availableSlots('2026-01-08', NOW)).toEqual(CLINIC_SLOTS);
    expect(availableSlots('2026-01-06', NOW)).toEqual([]);
    expect(availableSlots('2026-01-10', NOW)).toEqual([]);
  });

  it('turns a date and slot into the local moment, refusing impossible dates', () => {
    expect(slotStart('2026-01-08', '09:30')).toEqual(new Date(2026, 0, 8, 9, 30));
    expect(slotStart('2026-02-30', '09:30')).toBeUndefined();
    expect(slotStart('', '09:30')).toBeUndefined();
  });

  it('explains why a choice cannot be booked', () => {
    expect(slotError('2026-01-10', '09:00', NOW)).toBe(CLINIC_CLOSED_MESSAGE);
    expect(slotError('2026-01-07', '09:00', NOW)).toBe(SLOT_PASSED_MESSAGE);
    expect(slotError('2026-01-07', '11:00', NOW)).toBeUndefined();
  });

  it('lets the date picker run from today to a year ahead', () => {
    expect(bookableDateRange(NOW)).toEqual({ min: '2026-01-07', max: '2027-01-06' });
  });
});
