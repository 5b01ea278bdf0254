import nodemailer from 'nodemailer';
import type { OutboxMessage } from './outbox';

export interface MailTransport {
  /** Stored with each delivered message: 'smtp' or 'mailbox'. */
  name: 'smtp' | 'mailbox';
  send(message: OutboxMessage): Promise<void>;
}

/** Real delivery through the SMTP server in `SMTP_URL` (e.g. smtps://user:pass@mail.example.edu:465). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, to: message.to_email, subject: message.subject, text: message.body });
    },
  };
}

/** Without SMTP, a message counts as delivered into the local mailbox page, where a demo can read it. */
export const mailboxTransport: MailTransport = {
  name: 'mailbox',
  async send() {},
};
