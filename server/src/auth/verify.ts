import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from '../postgres/database';
import { queryOf } from '../request-input';
import type { AuthDeps } from './deps';
import { confirmEmailChange } from './email-change';
import { AuthError, otpExpired, userBanned, validationFailed } from './errors';
import { bodyObject, optionalString } from './input';
import { safeRedirect, type LinkType } from './links';
import { redeemRecovery } from './recovery';
import { clientInfo, startSession, type SessionJson } from './sessions';
import { confirmSignUp } from './sign-up';
import { isBanned, type UserRow } from './users';

function linkType(value: unknown): LinkType {
  if (value === 'signup' || value === 'recovery' || value === 'email_change') return value;
  throw validationFailed(
    'Unsupported verification type: only "signup", "recovery" and "email_change" links can be verified',
  );
}

const REDEEM: Record<LinkType, (client: PoolClient, token: string) => Promise<UserRow | 'expired'>> = {
  signup: confirmSignUp,
  recovery: redeemRecovery,
  email_change: confirmEmailChange,
};

/**
 * `/verify`: the one-time links of sign-up confirmation, recovery and email-change emails, opened in a browser (GET,
 * which redirects back to the site) or redeemed by auth-js `verifyOtp` (POST). Either way the holder gets a session,
 * as with GoTrue.
 */
export function registerVerifyRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, sessions, limits } = deps;

  app.post('/verify', { onRequest: limits.verify.hook() }, async (request) => {
    const body = bodyObject(request.body);
    const type = linkType(optionalString(body, 'type'));
    const token = optionalString(body, 'token_hash');
    if (!token) throw validationFailed('A token_hash is required');
    return redeem(type, token, request);
  });

  // The link in the email: success or failure both go back to the site, in the URL fragment, as GoTrue does.
  app.get('/verify', { onRequest: limits.verify.hook() }, async (request, reply) => {
    const query = queryOf(request);
    const redirectTo = safeRedirect(ctx.publicUrl, query.redirect_to);
    let fragment: URLSearchParams;
    try {
      const type = linkType(query.type);
      if (typeof query.token !== 'string' || query.token === '') throw otpExpired();
      const session = await redeem(type, query.token, request);
      fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type,
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

  function redeem(type: LinkType, token: string, request: FastifyRequest): Promise<SessionJson> {
    return inTransaction(sessions.pool, async (client) => {
      const user = await REDEEM[type](client, token);
      if (user === 'expired') return user;
      if (isBanned(user)) throw userBanned();
      // A recovery session may set a new password without the old one; the others may not.
      return startSession(client, sessions, user, clientInfo(request), type === 'recovery' ? 'recovery' : 'otp');
    }).then((outcome) => {
      // An expired link is spent (committed) before the refusal, so it cannot be tried again.
      if (outcome === 'expired') throw otpExpired();
      return outcome;
    });
  }
}
