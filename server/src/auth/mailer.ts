import type { PoolClient } from 'pg';

export interface RecoveryEmail {
  to: string;
  /** The one-time link to `/auth/v1/verify`; it signs the user in and sends them on to `redirectTo`. */
  link: string;
  redirectTo: string;
}

/**
 * Hands auth emails to whatever delivers them. It runs inside the transaction that stored the token, so writing to an
 * outbox table commits or rolls back together with it.
 */
export interface Mailer {
  sendRecovery(client: PoolClient, email: RecoveryEmail): Promise<void>;
}

/**
 * The default: a row in `public.email_outbox`, which the server delivers (SMTP, or the local mailbox page). The table
 * belongs to the app's migrations, so a database without it (e.g. a bare test cluster) simply sends nothing.
 */
export const outboxMailer: Mailer = {
  async sendRecovery(client, { to, link }) {
    const { rows } = await client.query<{ exists: boolean }>(`select to_regclass('public.email_outbox') is not null as exists`);
    if (!rows[0].exists) return;
    await client.query('insert into public.email_outbox (to_email, subject, body) values ($1, $2, $3)', [
      to,
      'Reset your CampusCare password',
      [
        'Someone asked to reset the password of your CampusCare account.',
        '',
        `To choose a new password, open this link within one hour: ${link}`,
        '',
        'If it was not you, ignore this email: your password stays as it is.',
      ].join('\n'),
    ]);
  },
};
