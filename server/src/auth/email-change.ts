import type { PoolClient } from 'pg';
import { emailExists, otpExpired } from './errors';
import { emailSentTooRecently, LINK_LIFETIME_SECONDS, newLink, tokenHash } from './links';
import type { Mailer } from './mailer';
import { emailTaken, updateUser, USER_COLUMNS, type UserRow } from './users';

export interface EmailChangeRequest {
  /** The user, locked by the caller's transaction. */
  user: UserRow;
  newEmail: string;
  publicUrl: string;
  redirectTo: string;
  mailer: Mailer;
}

/**
 * GoTrue's secure email change: the address does not change yet. The new address is kept as pending, with the hash of
 * a one-time link mailed to it, and the current address is told; the change happens when the link is opened
 * (`confirmEmailChange`). So neither a stolen access token nor a typo can move the account to another mailbox.
 */
export async function requestEmailChange(client: PoolClient, request: EmailChangeRequest): Promise<UserRow> {
  const { user, newEmail, mailer } = request;
  if (await emailTaken(client, newEmail, user.id)) throw emailExists();
  const tooSoon = emailSentTooRecently(user.email_change_sent_at);
  if (tooSoon) throw tooSoon;
  const { link, hash } = newLink(request.publicUrl, 'email_change', request.redirectTo);
  const { rows } = await client.query<UserRow>(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(), updated_at = now()
     where id = $1
     returning ${USER_COLUMNS}`,
    [user.id, newEmail, hash],
  );
  await mailer.sendEmailChange(client, { to: newEmail, link, redirectTo: request.redirectTo });
  if (user.email) await mailer.sendEmailChangeNotice(client, { to: user.email, newEmail });
  return rows[0];
}

/**
 * Redeems an email-change link: the pending address becomes the account's (and confirmed, as the link proves it),
 * provided nobody took it meanwhile. Returns `'expired'` for a link older than an hour, after spending it, so that
 * the caller commits its removal before refusing.
 */
export async function confirmEmailChange(client: PoolClient, token: string): Promise<UserRow | 'expired'> {
  const { rows } = await client.query<UserRow & { expired: boolean }>(
    `select ${USER_COLUMNS}, email_change_sent_at < now() - make_interval(secs => $2) as expired
     from auth.users where email_change_token_new = $1 and deleted_at is null for update`,
    [tokenHash(token), LINK_LIFETIME_SECONDS],
  );
  if (!rows[0]) throw otpExpired();
  const { expired, ...user } = rows[0];
  await client.query('update auth.users set email_change = null, email_change_token_new = null where id = $1', [
    user.id,
  ]);
  if (expired || !user.email_change) return 'expired';
  // An address taken since the request throws here, which rolls the whole redemption back: nothing changes.
  return updateUser(client, user, { email: user.email_change, confirmEmail: true });
}
