import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from '../postgres/database';
import { queryOf } from '../request-input';
import type { AuthDeps } from './deps';
import { AuthError, userAlreadyExists, validationFailed } from './errors';
import { assertMetadataSize, bodyObject, normalizeEmail, optionalObject, optionalString, refusePhone } from './input';
import { emailSentTooRecently, safeRedirect } from './links';
import { keptOnlyIf, linkRequestOf, mailLinkIfDue, mailLinkToAddress, spendMailedLink } from './mailed-links';
import { passwordContext } from './password-context';
import { assertStrongPassword, hashPassword } from './passwords';
import { clientInfo, startSession } from './sessions';
import {
  EMAIL_APP_METADATA,
  findUserByEmail,
  findUserById,
  insertUser,
  isPendingSignUp,
  oneUserJson,
  replacePendingSignUp,
  standInAddress,
  updateUser,
  type UserJson,
  type UserRow,
} from './users';

/** The answer of a new sign-up, given to an address that has an account: the same shape, with that address. */
function asNewSignUp(json: UserJson, email: string): UserJson {
  return {
    ...json,
    email,
    identities: json.identities.map((identity) => ({
      ...identity,
      email,
      identity_data: { ...identity.identity_data, email },
    })),
  };
}

function redirectOf(request: FastifyRequest, publicUrl: string): string {
  return safeRedirect(publicUrl, queryOf(request).redirect_to);
}

/**
 * GoTrue with email confirmations on: POST /signup creates the user unconfirmed and mails a link (`/verify`,
 * type=signup) that confirms the address and signs in; POST /resend mails a new one. The database may confirm a
 * sign-up itself when its metadata proves the mailbox (a staff invitation's token): that sign-up gets its session at
 * once.
 */
export function registerSignUpRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, sessions, limits, mailer } = deps;

  app.post('/signup', { onRequest: limits.signup.hook() }, async (request) => {
    const body = bodyObject(request.body);
    refusePhone(body);
    const rawEmail = optionalString(body, 'email');
    // No email and no phone is how supabase-js signInAnonymously signs up; GoTrue answers this while they are off.
    if (rawEmail === undefined || rawEmail === '') {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    const password = optionalString(body, 'password');
    if (password === undefined) throw validationFailed('Signing up requires an email and a password');
    const email = normalizeEmail(rawEmail);
    const data = optionalObject(body, 'data') ?? {};
    assertMetadataSize('data', data);
    await assertStrongPassword(
      password,
      await passwordContext(sessions.pool, { email, userId: null, userMetadata: data }),
    );
    const encryptedPassword = await hashPassword(password);
    const redirectTo = redirectOf(request, ctx.publicUrl);

    return inTransaction(sessions.pool, async (client) => {
      // Sign-ups of one address take turns, so the second finds what the first did.
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`signup:${email}`]);
      const existing = await findUserByEmail(client, email, true);
      const taken = existing !== undefined && !isPendingSignUp(existing);
      if (existing && !taken) {
        const tooSoon = emailSentTooRecently(existing.confirmation_sent_at);
        if (tooSoon) throw tooSoon;
        await replacePendingSignUp(client, email);
      }
      // An address with an account goes through the same statements with a stand-in address, undone: the triggers
      // still judge the metadata (a refusal reads the same either way), and the answer is a new sign-up's, as
      // GoTrue's is, but with nothing missing (GoTrue's has no identities), and nobody is emailed.
      const { created, answer } = await keptOnlyIf(client, !taken, async () => {
        const inserted = await insertUser(
          client,
          {
            email: taken ? standInAddress() : email,
            encryptedPassword,
            userMetadata: data,
            appMetadata: EMAIL_APP_METADATA,
            confirmed: false,
            bannedUntil: null,
          },
          userAlreadyExists,
        );
        if (!inserted.email_confirmed_at) {
          await mailLinkIfDue(client, {
            userId: inserted.id,
            type: 'signup',
            publicUrl: ctx.publicUrl,
            redirectTo,
            send: (link) => mailer.sendSignUpConfirmation(client, { to: email, link, redirectTo }),
          });
        }
        return {
          created: inserted,
          answer: await oneUserJson(client, (await findUserById(client, inserted.id)) ?? inserted),
        };
      });
      if (taken) return asNewSignUp(answer, email);
      if (created.email_confirmed_at) return startSession(client, sessions, created, clientInfo(request), 'otp');
      return answer;
    });
  });

  app.post('/resend', { onRequest: limits.resend.hook() }, async (request) => {
    const { email, redirectTo, body } = linkRequestOf(
      request,
      ctx.publicUrl,
      'Resending a confirmation requires an email',
    );
    if (optionalString(body, 'type') !== 'signup') {
      throw validationFailed('Only sign-up confirmations can be resent (type "signup")');
    }
    // Whether the address is unknown, confirmed, or was mailed within the minute, the same statements run and the
    // answer is the same: {} as GoTrue's.
    await inTransaction(sessions.pool, (client) =>
      mailLinkToAddress(client, {
        email,
        type: 'signup',
        publicUrl: ctx.publicUrl,
        redirectTo,
        send: (to, link) => mailer.sendSignUpConfirmation(client, { to, link, redirectTo }),
      }),
    );
    return {};
  });
}

/**
 * Spends a sign-up confirmation link: the address is confirmed, which has the database create the account's
 * university or member row (a refusal there, such as a registration number taken since, undoes it all). Returns
 * `'expired'` for a link older than an hour, after spending it.
 */
export async function confirmSignUp(client: PoolClient, token: string): Promise<UserRow | 'expired'> {
  const user = await spendMailedLink(client, 'signup', token);
  return user === 'expired' ? user : updateUser(client, user, { confirmEmail: true });
}
