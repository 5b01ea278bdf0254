import type { PoolClient } from 'pg';

export interface SignUpConfirmationEmail {
  to: string;
  /** The one-time link to `/auth/v1/verify` that confirms the address, signs the user in and sends them on to `redirectTo`. */
  link: string;
  redirectTo: string;
}

export interface RecoveryEmail {
  to: string;
  /** The one-time link to `/auth/v1/verify`; it signs the user in and sends them on to `redirectTo`. */
  link: string;
  redirectTo: string;
}

export interface EmailChangeEmail {
  /** The new address, which the link proves. */
  to: string;
  /** The one-time link to `/auth/v1/verify` that makes `to` the account's address, then sends them on to `redirectTo`. */
  link: string;
  redirectTo: string;
}

export interface EmailChangeNotice {
  /** The current address, told so that its owner notices a change they did not ask for. */
  to: string;
  newEmail: string;
}

/**
 * Hands auth emails to whatever delivers them. It runs inside the transaction that stored the token, so writing to an
 * outbox table commits or rolls back together with it.
 */
export interface Mailer {
  sendSignUpConfirmation(client: PoolClient, email: SignUpConfirmationEmail): Promise<void>;
  sendRecovery(client: PoolClient, email: RecoveryEmail): Promise<void>;
  sendEmailChange(client: PoolClient, email: EmailChangeEmail): Promise<void>;
  sendEmailChangeNotice(client: PoolClient, notice: EmailChangeNotice): Promise<void>;
}

/**
 * A row in `public.email_outbox`, which the server delivers (SMTP, or the local mailbox page). The table belongs to
 * the app's migrations, so a database without it (e.g. a bare test cluster) simply sends nothing.
 */
async function queueEmail(client: PoolClient, to: string, subject: string, lines: string[]): Promise<void> {
  const { rows } = await client.query<{ exists: boolean }>(
    `select to_regclass('public.email_outbox') is not null as exists`,
  );
  if (!rows[0].exists) return;
  await client.query('insert into public.email_outbox (to_email, subject, body) values ($1, $2, $3)', [
    to,
    subject,
    lines.join('\n'),
  ]);
}

/** The default mailer: every email goes through the outbox. */
export const outboxMailer: Mailer = {
  // Nothing the person signing up typed (names, a university's name) goes into this email: anyone may sign up with
  // anyone's address.
  sendSignUpConfirmation(client, { to, link }) {
    return queueEmail(client, to, 'Confirm your CampusCare email address', [
      'Someone used this address to create a CampusCare account.',
      '',
      `To confirm that it is yours and sign in, open this link within one hour: ${link}`,
      '',
      'If it was not you, ignore this email: without the link, no account is made.',
    ]);
  },

  sendRecovery(client, { to, link }) {
    return queueEmail(client, to, 'Reset your CampusCare password', [
      'Someone asked to reset the password of your CampusCare account.',
      '',
      `To choose a new password, open this link within one hour: ${link}`,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ]);
  },

  sendEmailChange(client, { to, link }) {
    return queueEmail(client, to, 'Confirm your new CampusCare email address', [
      'Someone asked to make this the email address of their CampusCare account.',
      '',
      `To confirm it, open this link within one hour: ${link}`,
      '',
      'Until then the account keeps its current address. If it was not you, ignore this email: nothing changes.',
    ]);
  },

  sendEmailChangeNotice(client, { to, newEmail }) {
    return queueEmail(client, to, 'Your CampusCare email address is about to change', [
      `Someone asked to change the email address of your CampusCare account to ${newEmail}.`,
      '',
      'The change happens only when the link sent to that address is opened, within one hour.',
      '',
      'If it was not you, change your password now (or reset it from the sign-in page): a new password cancels the ' +
        'change, and nobody can use your old password any more.',
    ]);
  },
};
