import { clinic, NOW } from '../../../test/web/appointmentsTestData';
import {
  bookableDays,
  changeCutoffMessage,
  clinicContactRequest,
  dayProblem,
  isInBookingGrace,
  isPastChangeCutoff,
  openingSummary,
  openWeekdays,
  slotLabel,
} from './clinicCalendar';

describe("the clinic's calendar", () => {
  it("runs the bookable days from the clinic's today, not the browser's, to a year ahead", () => {
    // 03:00 UTC on Monday 23 November is still Sunday 22 November in New York.
    expect(bookableDays('America/New_York', new Date('2026-11-23T03:00:00Z'))).toEqual({
      first: '2026-11-22',
      last: '2027-11-21',
    });
    expect(bookableDays('Europe/London', new Date('2026-11-23T03:00:00Z'))).toEqual({
      first: '2026-11-23',
      last: '2027-11-22',
    });
    expect(bookableDays('UTC', new Date('2028-02-29T12:00:00Z'))).toEqual({ first: '2028-02-29', last: '2029-02-28' });
  });

  it('names the opening days from the stored hours', () => {
    expect(openWeekdays(clinic)).toBe('Monday to Friday');
    const hours = (weekdays: number[]) =>
      weekdays.map((weekday) => ({ university_id: 'u1', weekday, opens_at: '09:00:00', closes_at: '13:00:00' }));
    expect(openWeekdays({ ...clinic, hours: hours([5, 1, 3]) })).toBe('Monday, Wednesday and Friday');
    expect(openWeekdays({ ...clinic, hours: hours([6, 7]) })).toBe('Saturday and Sunday');
    expect(openWeekdays({ ...clinic, hours: hours([2]) })).toBe('Tuesday');
    expect(openingSummary(clinic, '2026-11-23')).toBe(
      'Open Monday to Friday; closed Thu, 10 Dec 2026 (University holiday).',
    );
    expect(openingSummary(clinic, '2026-12-11')).toBe('Open Monday to Friday.');
  });

  it('says why a day cannot be picked: gone, too far, a closed weekday, a closure', () => {
    expect(dayProblem(clinic, '2026-11-24', NOW)).toBeUndefined();
    expect(dayProblem(clinic, '2026-11-22', NOW)).toBe('That day has passed: choose today or a later day');
    expect(dayProblem(clinic, '2027-11-23', NOW)).toBe(
      'Appointments can be booked up to a year ahead: choose a day until Mon, 22 Nov 2027',
    );
    expect(dayProblem(clinic, '2026-11-28', NOW)).toBe(
      'The clinic is closed on Saturdays: it is open Monday to Friday',
    );
    expect(dayProblem(clinic, '2026-12-10', NOW)).toBe(
      'The clinic is closed on Thu, 10 Dec 2026 (University holiday): choose another day',
    );
  });

  it("shows a slot on the clinic's clock with the zone named, in winter and summer", () => {
    expect(slotLabel('2026-11-24T14:30:00+00:00', 'America/New_York')).toBe('09:30 (America/New_York)');
    expect(slotLabel('2027-07-01T13:30:00Z', 'America/New_York')).toBe('09:30 (America/New_York)');
    expect(slotLabel('2027-07-01T08:30:00Z', 'Europe/London')).toBe('09:30 (Europe/London)');
  });

  it('locks changes within the cutoff before the start, in the words the database uses', () => {
    expect(isPastChangeCutoff(clinic, '2026-11-24T03:00:00Z', NOW)).toBe(false);
    expect(isPastChangeCutoff(clinic, '2026-11-24T02:59:00Z', NOW)).toBe(true);
    expect(isPastChangeCutoff(clinic, '2026-11-20T14:00:00Z', NOW)).toBe(true);
    expect(changeCutoffMessage(clinic)).toBe(
      'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic to change this one.',
    );
  });

  it("names the clinic's phone, else its email, as the database does", () => {
    const withContact = (phone: string | null, email: string | null) => ({
      ...clinic,
      settings: { ...clinic.settings, phone, email },
    });
    expect(changeCutoffMessage(withContact('+1 212 555 0100', 'clinic@northfield.edu'))).toBe(
      'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic on +1 212 555 0100 to change this one.',
    );
    expect(changeCutoffMessage(withContact(null, 'clinic@northfield.edu'))).toBe(
      'Appointments can be cancelled or moved up to 12 hours before they start. Please email the clinic at clinic@northfield.edu to change this one.',
    );
    expect(clinicContactRequest({ phone: null, email: null }, 'to change this one')).toBe(
      'Please call the clinic to change this one.',
    );
  });

  it('lets a booking just made be undone for the grace period, until its visit begins', () => {
    const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
    const booking = (createdMinutesAgo: number, startsInMinutes: number) => ({
      created_at: minutesFromNow(-createdMinutesAgo),
      date: minutesFromNow(startsInMinutes),
    });
    expect(isInBookingGrace(clinic, booking(1, 60), NOW)).toBe(true);
    expect(isInBookingGrace(clinic, booking(14, 60), NOW)).toBe(true);
    expect(isInBookingGrace(clinic, booking(15, 60), NOW)).toBe(false);
    expect(isInBookingGrace(clinic, booking(1, 0), NOW)).toBe(false);
    expect(
      isInBookingGrace({ ...clinic, settings: { ...clinic.settings, booking_grace_minutes: 0 } }, booking(0, 60), NOW),
    ).toBe(false);
  });
});
