import { describeMinutes } from '@campuscare/shared/scheduling';
import {
  storedClinicContact,
  timeZoneChoices,
  validateBookingRules,
  validateClinicContact,
  validateClosure,
} from './clinicRules';

describe('clinic rules', () => {
  const zones = ['America/New_York', 'Europe/London'];

  it('accepts what the database accepts and names each bad field', () => {
    expect(
      validateBookingRules(
        {
          timezone: 'Europe/London',
          slotMinutes: '30',
          noticeMinutes: '0',
          cutoffMinutes: '20160',
          graceMinutes: '120',
          upcomingLimit: '1',
          dailyBookingLimit: '20',
        },
        zones,
      ),
    ).toEqual({});
    expect(
      validateBookingRules(
        {
          timezone: 'Mars/Olympus',
          slotMinutes: '241',
          noticeMinutes: '-1',
          cutoffMinutes: '1.5',
          graceMinutes: '121',
          upcomingLimit: '',
          dailyBookingLimit: '2.5',
        },
        zones,
      ),
    ).toEqual({
      timezone: 'Choose a time zone from the list (for example Europe/London)',
      slotMinutes: 'Slots last between 10 and 240 minutes',
      noticeMinutes: 'Enter whole minutes from 0 to 20160 (14 days)',
      cutoffMinutes: 'Enter whole minutes from 0 to 20160 (14 days)',
      graceMinutes: 'The grace period is between 0 and 120 minutes',
      upcomingLimit: 'This field is required',
      dailyBookingLimit: 'A student may book 1 to 20 visits a day',
    });
  });

  it("checks the clinic's contact details as the database does, each optional, and stores a blank one as nothing", () => {
    expect(validateClinicContact({ phone: '', email: '', address: '' })).toEqual({});
    expect(
      validateClinicContact({ phone: '+1 (212) 555-0100', email: 'clinic@northfield.edu', address: '1 College Road' }),
    ).toEqual({});
    expect(validateClinicContact({ phone: 'call us', email: 'clinic@', address: 'x'.repeat(301) })).toEqual({
      phone: 'Enter a valid phone number',
      email: 'Enter a valid email address',
      address: 'The address must be 1 to 300 characters',
    });
    expect(storedClinicContact({ phone: ' +1 212 555 0100 ', email: '  ', address: '' })).toEqual({
      phone: '+1 212 555 0100',
      email: null,
      address: null,
    });
  });

  it('says minutes the way the database says them to students', () => {
    expect(describeMinutes(120)).toBe('2 hours');
    expect(describeMinutes(60)).toBe('1 hour');
    expect(describeMinutes(90)).toBe('90 minutes');
    expect(describeMinutes(1440)).toBe('1 day');
    expect(describeMinutes(720)).toBe('12 hours');
  });

  it("offers the browser's zones and keeps a stored one it does not list", () => {
    expect(timeZoneChoices('Europe/London')).toContain('America/New_York');
    expect(timeZoneChoices('Legacy/Zone')[0]).toBe('Legacy/Zone');
  });

  it('checks a closure: order, not over, at most a year, a reason', () => {
    const today = '2026-11-23';
    expect(validateClosure({ firstDay: '2026-12-24', lastDay: '2026-12-26', reason: 'Holidays' }, today)).toEqual({});
    expect(validateClosure({ firstDay: '2026-12-24', lastDay: '2026-12-23', reason: ' ' }, today)).toEqual({
      lastDay: 'The last day must be on or after the first day',
      reason: 'Say why the clinic is closed',
    });
    expect(validateClosure({ firstDay: '2026-11-01', lastDay: '2026-11-02', reason: 'Past' }, today).lastDay).toBe(
      'This closure would already be over',
    );
    expect(validateClosure({ firstDay: '2026-12-01', lastDay: '2027-12-03', reason: 'Long' }, today).lastDay).toBe(
      'A closure can last at most a year',
    );
  });
});
