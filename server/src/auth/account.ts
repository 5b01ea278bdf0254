import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../postgres/database';
import { queryOf } from '../request-input';
import type { AuthDeps } from './deps';
import { requestEmailChange } from './email-change';
import { AuthError, invalidCredentials, userBanned, validationFailed } from './errors';
import {
  assertMetadataSize,
  bodyObject,
  foldEmail,
  mergeMetadata,
  normalizeEmail,
  optionalObject,
  optionalString,
  refusePhone,
} from './input';
import { safeRedirect } from './links';
import { passwordContext } from './password-context';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import { authenticate, clientInfo, refreshSession, startSession } from './sessions';
import { auditSignIn } from './sign-in-audit';
import { findUserByEmail, findUserById, isBanned, oneUserJson, updateUser, type UserRow } from './users';

/**
 * Changing the password or the email address needs the current password, so that a stolen access token alone cannot
 * take the account over. Someone who came through a recovery link proved the mailbox instead (they cannot know the
 * old password), and an account without a password has none to give.
 */
async function assertCurrentPassword(
  user: UserRow,
  currentPassword: string | undefined,
  recovered: boolean,
  change: string,
): Promise<void> {
  // GoTrue's wording for both refusals, wrong password included (internal/api/user.go); apps tell them apart by code.
  const message = `Current password required when ${change}.`;
  // GoTrue counts an empty current_password as none.
  const given = currentPassword === '' ? undefined : currentPassword;
  if (!user.encrypted_password || (given === undefined && recovered)) return;
  if (given === undefined) throw new AuthError(400, 'current_password_required', message);
  if (!(await verifyPassword(given, user.encrypted_password))) {
    throw new AuthError(400, 'current_password_invalid', message);
  }
}

/** The end-user endpoints: sign-in and refresh, the current user, sign-out. */
export function registerAccountRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, sessions, limits, mailer, signInThrottle } = deps;

  app.post('/token', { onRequest: limits.token.hook() }, async (request) => {
    const { grant_type: grantType } = queryOf(request);
    const body = bodyObject(request.body);
    if (grantType === 'password') {
      refusePhone(body);
      const rawEmail = optionalString(body, 'email');
      const password = optionalString(body, 'password');
      if (rawEmail === undefined || password === undefined)
        throw validationFailed('Signing in requires an email and a password');
      // Counted by address whether or not it has an account, so a lock never tells which accounts exist.
      const email = foldEmail(rawEmail);
      await signInThrottle.admit(email, request.ip);
      const user = await findUserByEmail(sessions.pool, email);
      if (!(await verifyPassword(password, user?.encrypted_password)) || !user) {
        await signInThrottle.failed();
        // Called for unknown addresses too (it writes nothing for them), so the answer takes as long either way.
        await auditSignIn(sessions.pool, sessions.pool, user?.id ?? null, request.ip, 'wrong_password');
        throw invalidCredentials();
      }
      await signInThrottle.signedIn(email, request.ip);
      // Checked only after the password, so nobody learns an account's state without knowing its password.
      if (isBanned(user)) {
        await auditSignIn(sessions.pool, sessions.pool, user.id, request.ip, 'deactivated');
        throw userBanned();
      }
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return inTransaction(sessions.pool, async (client) => {
        const session = await startSession(client, sessions, user, clientInfo(request));
        await auditSignIn(sessions.pool, client, user.id, request.ip);
        return session;
      });
    }
    if (grantType === 'refresh_token') {
      const token = optionalString(body, 'refresh_token');
      if (!token) throw validationFailed('A refresh_token is required');
      return refreshSession(sessions, token);
    }
    // GoTrue's exact answer (internal/api/token.go), which auth-js reports as AuthApiError code invalid_credentials.
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });

  app.get('/user', async (request) => {
    const { user } = await authenticate(sessions, request);
    return oneUserJson(sessions.pool, user);
  });

  app.put('/user', { onRequest: limits.userUpdate.hook() }, async (request) => {
    const { user, sessionId, recovered } = await authenticate(sessions, request);
    const body = bodyObject(request.body);
    // GoTrue ignores `"app_metadata": null`, which changes nothing.
    if (body.app_metadata !== undefined && body.app_metadata !== null) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    refusePhone(body);
    const rawEmail = optionalString(body, 'email');
    const email = rawEmail === undefined ? undefined : normalizeEmail(rawEmail);
    const newEmail = email !== undefined && email !== user.email ? email : undefined;
    const password = optionalString(body, 'password');
    const currentPassword = optionalString(body, 'current_password');
    const data = optionalObject(body, 'data');
    const redirectTo = safeRedirect(ctx.publicUrl, queryOf(request).redirect_to);

    if (password !== undefined) {
      const owner = { email: user.email ?? '', userId: user.id, userMetadata: user.raw_user_meta_data };
      await assertStrongPassword(password, await passwordContext(sessions.pool, owner));
    }
    if (password !== undefined || newEmail !== undefined) {
      const change = password !== undefined ? 'setting new password' : 'changing the email address';
      await assertCurrentPassword(user, currentPassword, recovered, change);
    }
    let encryptedPassword: string | undefined;
    if (password !== undefined) {
      if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      encryptedPassword = await hashPassword(password);
    }

    return inTransaction(sessions.pool, async (client) => {
      const locked = await findUserById(client, user.id, true);
      if (!locked) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      const userMetadata = data === undefined ? undefined : mergeMetadata(locked.raw_user_meta_data, data);
      if (userMetadata !== undefined) assertMetadataSize('data', userMetadata);
      let updated = await updateUser(client, locked, { encryptedPassword, userMetadata });
      // The address itself changes only once the link mailed to the new one is opened.
      if (newEmail !== undefined) {
        updated = await requestEmailChange(client, {
          user: updated,
          newEmail,
          publicUrl: ctx.publicUrl,
          redirectTo,
          mailer,
        });
      }
      // Whoever else knew the old password loses their sessions; this device stays signed in.
      if (encryptedPassword !== undefined) {
        await client.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      }
      return oneUserJson(client, updated);
    });
  });

  app.post('/logout', async (request, reply) => {
    const { scope = 'global' } = queryOf(request);
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed('scope must be one of global, local, others');
    }
    const { user, sessionId } = await authenticate(sessions, request);
    const where = { global: 'user_id = $1', local: 'user_id = $1 and id = $2', others: 'user_id = $1 and id <> $2' }[
      scope
    ];
    await sessions.pool.query(
      `delete from auth.sessions where ${where}`,
      scope === 'global' ? [user.id] : [user.id, sessionId],
    );
    return reply.code(204).send();
  });
}
