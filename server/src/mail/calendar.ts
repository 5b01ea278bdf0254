import { createEvent } from 'ics';

/**
 * The event an appointment message carries in `email_outbox.calendar`, as the database writes it
 * (supabase/migrations/20260106000100_appointment_notifications.sql).
 */
export interface CalendarEvent {
  /** The same for every message about one appointment, so each one updates or removes the same calendar entry. */
  uid: string;
  /** UTC, ISO 8601. */
  start: string;
  duration_minutes: number;
  title: string;
  description: string;
  location: string;
  /** REQUEST adds or updates the entry; CANCEL removes it. */
  method: 'REQUEST' | 'CANCEL';
  /** Grows with every change, so a calendar keeps the newest version whatever order the messages arrive in. */
  sequence: number;
}

export interface CalendarParty {
  name: string;
  email: string;
}

export interface CalendarAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const CALENDAR_FILENAME = 'appointment.ics';

/** RFC 5545 §3.1: content lines are folded so no physical line is longer than this many octets (CRLF aside). */
const MAX_LINE_OCTETS = 75;

function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/**
 * Text as an iCalendar TEXT value may hold it (RFC 5545 §3.3.11). A line break of any form (CRLF, a lone CR or LF, a
 * Unicode line or paragraph separator) becomes `lineBreak` — "\n", which the writer escapes, where the value may run
 * over several lines, else a space — and any other control character, which TEXT does not allow, a space. A lone CR
 * used to reach the file as it was.
 */
function calendarText(value: string, lineBreak: '\n' | ' '): string {
  return Array.from(value.replace(/\r\n|[\r\n\u2028\u2029]/g, lineBreak))
    .map((character) => (character !== '\n' && isControl(character) ? ' ' : character))
    .join('');
}

/** A quoted parameter value (a CN) cannot hold DQUOTE at all, nor a control character (RFC 5545 §3.1). */
function parameterText(value: string): string {
  return calendarText(value, ' ').replaceAll('"', "'");
}

/**
 * Folds every content line at 75 octets (RFC 5545 §3.1), never inside a character: the writer counts characters, so a
 * line of names in other scripts ran to several times the limit. Continuation lines start with a space.
 */
function foldByOctets(ics: string): string {
  const contentLines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return contentLines
    .map((line) => {
      const physical: string[] = [];
      let current = '';
      let octets = 0;
      for (const character of line) {
        const size = Buffer.byteLength(character);
        if (octets + size > MAX_LINE_OCTETS) {
          physical.push(current);
          current = ' ';
          octets = 1;
        }
        current += character;
        octets += size;
      }
      physical.push(current);
      return physical.join('\r\n');
    })
    .join('\r\n');
}

/**
 * appointment.ics for one recipient. Invitations (iTIP, RFC 5546) name an organizer, the address the mail comes from,
 * and the attendee it is for; the attendee booked or was given the visit, so no reply is asked for. Every text is
 * cleaned for iCalendar first and the file folded by octets, so whatever a name holds, each line of the file is one
 * content line of at most 75 octets ending in CRLF.
 */
export function calendarAttachment(
  event: CalendarEvent,
  attendee: string,
  organizer: CalendarParty | undefined,
): CalendarAttachment {
  const start = Date.parse(event.start);
  if (Number.isNaN(start)) throw new Error(`Calendar event ${event.uid} has no valid start: ${event.start}`);
  const { error, value } = createEvent({
    productId: '-//CampusCare//Appointments//EN',
    method: event.method,
    uid: event.uid,
    sequence: event.sequence,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.duration_minutes },
    title: calendarText(event.title, ' '),
    description: calendarText(event.description, '\n'),
    location: calendarText(event.location, ' '),
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: organizer && { name: parameterText(organizer.name), email: organizer.email },
    attendees: [
      { name: parameterText(attendee), email: attendee, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' },
    ],
  });
  if (error || !value) throw error ?? new Error(`Calendar event ${event.uid} could not be built`);
  return {
    filename: CALENDAR_FILENAME,
    contentType: `text/calendar; method=${event.method}; charset=utf-8`,
    content: foldByOctets(value),
  };
}
