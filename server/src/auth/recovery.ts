import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inTransaction } from './db';
import type { AuthDeps } from './deps';
import { AuthError, otpExpired, userBanned, validationFailed } from './errors';
import { bodyObject, normalizeEmail, optionalString } from './input';
import { clientInfo, startSession, type SessionJson } from './sessions';
import { findUserByEmail, findUserById, isBanned } from './users';

const RECOVERY_TOKEN_SECONDS = 3600;
/** One recovery email per account per minute: more would only help someone flood an inbox. */
const RECOVERY_RESEND_SECONDS = 60;

/** Only the hash is stored, so a database dump does not contain working links. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Redirects stay on this site, so a recovery link cannot be turned into a phishing redirect. */
function safeRedirect(publicUrl: string, requested: unknown): string {
  if (typeof requested !== 'string' || requested === '') return publicUrl;
  try {
    const url = new URL(requested, publicUrl);
    return url.origin === new URL(publicUrl).origin ? url.toString() : publicUrl;
  } catch {
    return publicUrl;
  }
}

/** Password recovery by email link: POST /recover sends the link, /verify turns it into a session. */
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
        [user.id, RECOVERY_RESEND_SECONDS],
      );
      if (!rowCount) return;
      const token = randomBytes(32).toString('base64url');
      await client.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [user.id]);
      await client.query(`insert into auth.one_time_tokens (user_id, token_type, token_hash) values ($1, 'recovery', $2)`, [
        user.id,
        tokenHash(token),
      ]);
      const link = new URL(`${ctx.publicUrl}/auth/v1/verify`);
      link.search = new URLSearchParams({ token, type: 'recovery', redirect_to: redirectTo }).toString();
      await mailer.sendRecovery(client, { to: user.email, link: link.toString(), redirectTo });
    });
    // The same answer whether or not the account exists.
    return {};
  });

  app.post('/verify', { onRequest: limits.verify.hook() }, async (request) => {
    const body = bodyObject(request.body);
    const type = optionalString(body, 'type');
    const token = optionalString(body, 'token_hash');
    if (type !== 'recovery') throw validationFailed('Only type "recovery" can be verified');
    if (!token) throw validationFailed('A token_hash is required');
    return redeem(token, request);
  });

  // The link in the email: success or failure both go back to the site, in the URL fragment, as GoTrue does.
  app.get('/verify', { onRequest: limits.verify.hook() }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const redirectTo = safeRedirect(ctx.publicUrl, query.redirect_to);
    let fragment: URLSearchParams;
    try {
      if (query.type !== 'recovery') throw validationFailed('Only type "recovery" can be verified');
      if (typeof query.token !== 'string' || query.token === '') throw otpExpired();
      const session = await redeem(query.token, request);
      fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: 'recovery',
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = new URLSearchParams({
        error: error.status === 403 ? 'access_denied' : 'invalid_request',
        error_code: error.code,
        error_description: error.message,
      });
    }
    const target = new URL(redirectTo);
    target.hash = fragment.toString();
    return reply.code(303).header('location', target.toString()).send();
  });

  function redeem(token: string, request: FastifyRequest): Promise<SessionJson> {
    return inTransaction(sessions.pool, async (client) => {
      const { rows } = await client.query<{ user_id: string; expired: boolean }>(
        `delete from auth.one_time_tokens where token_hash = $1 and token_type = 'recovery'
         returning user_id, created_at < now() - make_interval(secs => $2) as expired`,
        [tokenHash(token), RECOVERY_TOKEN_SECONDS],
      );
      if (!rows[0]) throw otpExpired();
      if (rows[0].expired) return 'expired' as const;
      const user = await findUserById(client, rows[0].user_id, true);
      if (!user) throw otpExpired();
      if (isBanned(user)) throw userBanned();
      // Receiving the email proves the address, as in GoTrue.
      await client.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [user.id]);
      return startSession(client, sessions, user, clientInfo(request), 'recovery');
    }).then((outcome) => {
      // An expired token is deleted (committed) before the refusal, so it cannot be tried again.
      if (outcome === 'expired') throw otpExpired();
      return outcome;
    });
  }
}
