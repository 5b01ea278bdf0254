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

/**
 * appointment.ics for one recipient. Invitations (iTIP, RFC 5546) name an organizer, the address the mail comes from,
 * and the attendee it is for; the attendee booked or was given the visit, so no reply is asked for.
 */
export function calendarAttachment(event: CalendarEvent, attendee: string, organizer: CalendarParty | undefined): CalendarAttachment {
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
    title: event.title,
    description: event.description,
    location: event.location,
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer,
    attendees: [{ name: attendee, email: attendee, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' }],
  });
  if (error || !value) throw error ?? new Error(`Calendar event ${event.uid} could not be built`);
  return {
    filename: CALENDAR_FILENAME,
    contentType: `text/calendar; method=${event.method}; charset=utf-8`,
    content: value,
  };
}
