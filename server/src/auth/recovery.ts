import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from './db';
import type { AuthDeps } from './deps';
import { otpExpired, validationFailed } from './errors';
import { bodyObject, foldEmail, normalizeEmail, optionalString } from './input';
import { EMAIL_RESEND_SECONDS, LINK_LIFETIME_SECONDS, newLink, safeRedirect, tokenHash } from './links';
import { clearSignInFailures } from './sign-in-failures';
import { findUserByEmail, findUserById, type UserRow } from './users';

/** Password recovery by email link: POST /recover sends the link; /verify redeems it with `redeemRecovery`. */
export function registerRecoveryRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, sessions, limits, mailer } = deps;

  app.post('/recover', { onRequest: limits.recover.hook() }, async (request) => {
    const body = bodyObject(request.body);
    const rawEmail = optionalString(body, 'email');
    if (rawEmail === undefined) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(rawEmail);
    const redirectTo = safeRedirect(ctx.publicUrl, (request.query as Record<string, unknown>).redirect_to);
    await inTransaction(sessions.pool, async (client) => {
      const user = await findUserByEmail(client, email);
      if (!user || !user.email) return;
      const { rowCount } = await client.query(
        `update auth.users set recovery_sent_at = now()
         where id = $1 and (recovery_sent_at is null or recovery_sent_at < now() - make_interval(secs => $2))`,
        [user.id, EMAIL_RESEND_SECONDS],
      );
      if (!rowCount) return;
      const { link, hash } = newLink(ctx.publicUrl, 'recovery', redirectTo);
      await client.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [user.id]);
      await client.query(`insert into auth.one_time_tokens (user_id, token_type, token_hash) values ($1, 'recovery', $2)`, [
        user.id,
        hash,
      ]);
      await mailer.sendRecovery(client, { to: user.email, link, redirectTo });
    });
    // The same answer whether or not the account exists.
    return {};
  });
}

/**
 * Spends a recovery link. Its holder proved the mailbox, so, as in GoTrue, the email counts as confirmed; and the
 * failed sign-ins that may have locked the account are forgiven, so nobody can lock its owner out for good. Returns
 * `'expired'` for a link older than an hour, after spending it, so that the caller commits its removal before refusing.
 */
export async function redeemRecovery(client: PoolClient, token: string): Promise<UserRow | 'expired'> {
  const { rows } = await client.query<{ user_id: string; expired: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = 'recovery'
     returning user_id, created_at < now() - make_interval(secs => $2) as expired`,
    [tokenHash(token), LINK_LIFETIME_SECONDS],
  );
  if (!rows[0]) throw otpExpired();
  if (rows[0].expired) return 'expired';
  const user = await findUserById(client, rows[0].user_id, true);
  if (!user) throw otpExpired();
  await client.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [user.id]);
  if (user.email) await clearSignInFailures(client, foldEmail(user.email));
  return user;
}
