import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from '../postgres/database';
import type { AuthDeps } from './deps';
import { foldEmail } from './input';
import { linkRequestOf, mailLinkToAddress, spendMailedLink } from './mailed-links';
import { forgiveSignInFailures } from './sign-in-failures';
import { updateUser, type UserRow } from './users';

/** Password recovery by email link: POST /recover sends the link; /verify redeems it with `redeemRecovery`. */
export function registerRecoveryRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, sessions, limits, mailer } = deps;

  app.post('/recover', { onRequest: limits.recover.hook() }, async (request) => {
    const { email, redirectTo } = linkRequestOf(request, ctx.publicUrl, 'Password recovery requires an email');
    await inTransaction(sessions.pool, (client) =>
      mailLinkToAddress(client, {
        email,
        type: 'recovery',
        publicUrl: ctx.publicUrl,
        redirectTo,
        send: (to, link) => mailer.sendRecovery(client, { to, link, redirectTo }),
      }),
    );
    return {};
  });
}

/**
 * Spends a recovery link. Its holder proved the mailbox, so, as in GoTrue, the email counts as confirmed; and the
 * failed sign-ins that may have locked the account are forgiven, so nobody can lock its owner out for good. Returns
 * `'expired'` for a link older than an hour, after spending it, so that the caller commits its removal before refusing.
 */
export async function redeemRecovery(client: PoolClient, token: string): Promise<UserRow | 'expired'> {
  const user = await spendMailedLink(client, 'recovery', token);
  if (user === 'expired') return user;
  if (user.email) await forgiveSignInFailures(client, foldEmail(user.email));
  return updateUser(client, user, { confirmEmail: true });
}
