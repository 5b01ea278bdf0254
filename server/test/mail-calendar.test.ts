import { calendarAttachment, type CalendarEvent } from '../src/mail/calendar';
import { readIcs } from './support/ics';

const EVENT: CalendarEvent = {
  uid: '5da361e6-58fe-4050-8f7b-883d27fdc08c@campuscare',
  start: '2026-03-03T14:30:00Z',
  duration_minutes: 30,
  title: 'Clinic appointment, Northfield University',
  description: 'Doctor: Dr Amelia Adams\nTo reschedule or cancel: https://care.example.edu/studentdashboard',
  location: 'Northfield University',
  method: 'REQUEST',
  sequence: 3600,
};
const ORGANIZER = { name: 'CampusCare', email: 'no-reply@campuscare.test' };

describe('appointment.ics', () => {
  it("is an invitation (METHOD:REQUEST) for the recipient, at the UTC start, for the visit's length", () => {
    const attachment = calendarAttachment(EVENT, 'student01@northfield.edu', ORGANIZER);
    expect(attachment.filename).toBe('appointment.ics');
    expect(attachment.contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');

    const ics = readIcs(attachment.content);
    expect(ics.lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.lines.at(-1)).toBe('END:VCALENDAR');
    expect(ics.lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(ics.property('VERSION')).toBe('2.0');
    expect(ics.property('METHOD')).toBe('REQUEST');
    expect(ics.property('UID')).toBe(EVENT.uid);
    expect(ics.property('DTSTART')).toBe('20260303T143000Z');
    expect(ics.property('DURATION')).toBe('PT30M');
    expect(ics.property('SEQUENCE')).toBe('3600');
    expect(ics.property('STATUS')).toBe('CONFIRMED');
    // Text values escape commas and new lines (RFC 5545 §3.3.11).
    expect(ics.property('SUMMARY')).toBe('Clinic appointment\\, Northfield University');
    expect(ics.property('DESCRIPTION')).toBe(
      'Doctor: Dr Amelia Adams\\nTo reschedule or cancel: https://care.example.edu/studentdashboard',
    );
    expect(ics.property('LOCATION')).toBe('Northfield University');
    expect(ics.property('ORGANIZER')).toBe('MAILTO:no-reply@campuscare.test');
    const attendee = ics.lines.find((line) => line.startsWith('ATTENDEE'));
    expect(attendee).toContain('RSVP=FALSE');
    expect(attendee).toMatch(/:mailto:student01@northfield\.edu$/);
    expect(ics.physicalLines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('cancels the same entry (METHOD:CANCEL, same UID) when the visit is cancelled', () => {
    const attachment = calendarAttachment(
      { ...EVENT, method: 'CANCEL', sequence: 7200 },
      'dr.adams@northfield.edu',
      ORGANIZER,
    );
    expect(attachment.contentType).toBe('text/calendar; method=CANCEL; charset=utf-8');
    const ics = readIcs(attachment.content);
    expect(ics.property('METHOD')).toBe('CANCEL');
    expect(ics.property('UID')).toBe(EVENT.uid);
    expect(ics.property('STATUS')).toBe('CANCELLED');
    expect(ics.property('SEQUENCE')).toBe('7200');
  });

  it('keeps what people wrote inside its own property: no bare CR or LF, no control characters, folded at 75 octets', () => {
    const attachment = calendarAttachment(
      {
        ...EVENT,
        title: 'Appointment: Mallory\rATTENDEE:mailto:evil@example.com',
        description: `Patient: ${'王'.repeat(60)}\r\nStep two\rStep three\u2028Step four`,
        location: 'North\u0007field\tUniversity',
      },
      'student01@northfield.edu',
      { name: 'Campus "Care"', email: 'no-reply@campuscare.test' },
    );
    // readIcs refuses a line break that does not end a line.
    const ics = readIcs(attachment.content);
    expect(ics.physicalLines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.lines.filter((line) => line.startsWith('ATTENDEE'))).toHaveLength(1);
    expect(ics.property('SUMMARY')).toBe('Appointment: Mallory ATTENDEE:mailto:evil@example.com');
    expect(ics.property('DESCRIPTION')).toBe(`Patient: ${'王'.repeat(60)}\\nStep two\\nStep three\\nStep four`);
    expect(ics.property('LOCATION')).toBe('North field University');
    expect(ics.lines.find((line) => line.startsWith('ORGANIZER'))).toBe(
      `ORGANIZER;CN="Campus 'Care'":MAILTO:no-reply@campuscare.test`,
    );
  });

  it('refuses an event it cannot place in time rather than send a broken file', () => {
    expect(() =>
      calendarAttachment({ ...EVENT, start: 'next Tuesday' }, 'student01@northfield.edu', ORGANIZER),
    ).toThrow(/no valid start/);
  });
});
