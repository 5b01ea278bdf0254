import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from './db';
import type { AuthDeps } from './deps';
import { otpExpired, validationFailed } from './errors';
import { bodyObject, foldEmail, normalizeEmail, optionalString } from './input';
import { EMAIL_RESEND_SECONDS, LINK_LIFETIME_SECONDS, newLink, safeRedirect, tokenHash } from './links';
import { forgiveSignInFailures } from './sign-in-failures';
import { findUserByEmail, findUserById, type UserRow } from './users';

/**
 * Runs `work` in a savepoint that is kept only when `keep` is true, so that a request that must change nothing goes
 * through the very statements of one that does.
 */
async function keptOnlyIf(client: PoolClient, keep: boolean, work: () => Promise<void>): Promise<void> {
  await client.query('savepoint kept_only_if');
  await work();
  await client.query(keep ? 'release savepoint kept_only_if' : 'rollback to savepoint kept_only_if');
}

/** Password recovery by email link: POST /recover sends the link; /verify redeems it with `redeemRecovery`. */
export function registerRecoveryRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, sessions, limits, mailer } = deps;

  app.post('/recover', { onRequest: limits.recover.hook() }, async (request) => {
    const body = bodyObject(request.body);
    const rawEmail = optionalString(body, 'email');
    if (rawEmail === undefined) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(rawEmail);
    const redirectTo = safeRedirect(ctx.publicUrl, (request.query as Record<string, unknown>).redirect_to);
    // An unknown address, or one mailed within the last minute, runs the same statements with no row to change and its
    // email undone, so neither the answer nor its time tells whether the address has an account.
    await inTransaction(sessions.pool, async (client) => {
      const user = await findUserByEmail(client, email);
      const { link, hash } = newLink(ctx.publicUrl, 'recovery', redirectTo);
      const { rows } = await client.query<{ id: string }>(
        `update auth.users set recovery_sent_at = now()
         where id = $1 and (recovery_sent_at is null or recovery_sent_at < now() - make_interval(secs => $2))
         returning id`,
        [user?.id ?? null, EMAIL_RESEND_SECONDS],
      );
      const due = rows[0]?.id ?? null;
      await client.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [due]);
      await client.query(
        `insert into auth.one_time_tokens (user_id, token_type, token_hash) select $1, 'recovery', $2 where $1::uuid is not null`,
        [due, hash],
      );
      await keptOnlyIf(client, due !== null, () => mailer.sendRecovery(client, { to: user?.email ?? email, link, redirectTo }));
    });
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
  if (user.email) await forgiveSignInFailures(client, foldEmail(user.email));
  return user;
}
