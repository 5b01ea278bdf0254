import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { type CalendarEvent, calendarAttachment } from './calendar';

/** A queued email as the outbox hands it to a transport. */
export interface OutboxMessage {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  /** Appointment messages: the event to attach as appointment.ics. */
  calendar: CalendarEvent | null;
  attempts: number;
}

export interface MailTransport {
  /** Stored with each delivered message: 'smtp' or 'mailbox'. */
  name: 'smtp' | 'mailbox';
  send(message: OutboxMessage): Promise<void>;
}

/** Real delivery through the SMTP server in `SMTP_URL` (e.g. smtps://user:pass@mail.example.edu:465). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  // Calendar invitations name the sender as their organizer.
  const [sender] = addressparser(from, { flatten: true });
  const organizer = sender && { name: sender.name || sender.address, email: sender.address };
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to_email,
        subject: message.subject,
        text: message.body,
        attachments: message.calendar ? [calendarAttachment(message.calendar, message.to_email, organizer)] : [],
      });
    },
  };
}

/** Without SMTP, a message counts as delivered into the local mailbox page, where a demo can read it. */
export const mailboxTransport: MailTransport = {
  name: 'mailbox',
  async send() {},
};
