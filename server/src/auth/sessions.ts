import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { bearerToken, JwtError, signJwt, verifyApiToken } from '../jwt';
import { inTransaction } from '../postgres/database';
import { isJsonObject } from '../request-input';
import { hasDatabaseFunction, type Db } from './db';
import { AuthError, badJwt, noAuthorization, sessionNotFound, userBanned } from './errors';
import { isUuid } from './input';
import { findUserById, isBanned, oneUserJson, recordSignIn, type UserJson, type UserRow } from './users';

export const ACCESS_TOKEN_SECONDS = 3600;

export interface SessionSettings {
  pool: Pool;
  jwtSecret: string;
  /** `${publicUrl}/auth/v1`, the `iss` claim of access tokens. */
  issuer: string;
  /** How long after its rotation a refresh token may be presented again and still get the current session. */
  refreshReuseGraceSeconds: number;
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

/** Where a sign-in came from, kept on the session row like GoTrue does. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How the user proved who they are; it becomes the access token's `amr` method. GoTrue names a session from an
 * email-change link `otp`.
 */
export type AuthMethod = 'password' | 'recovery' | 'otp';

/** Starts a session for a user who just proved who they are, inside the caller's transaction. */
export async function startSession(
  client: PoolClient,
  settings: SessionSettings,
  user: UserRow,
  info: ClientInfo,
  method: AuthMethod = 'password',
): Promise<SessionJson> {
  const { rows } = await client.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip) values ($1, $2, 'aal1', $3, $4)
     returning id, user_id, created_at`,
    [randomUUID(), user.id, info.userAgent, info.ip],
  );
  const refreshToken = newRefreshToken();
  await client.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
    refreshToken,
    user.id,
    rows[0].id,
  ]);
  await recordSignIn(client, user.id);
  const signedIn = (await findUserById(client, user.id)) ?? user;
  return sessionJson(client, settings, signedIn, rows[0], refreshToken, method);
}

async function sessionJson(
  client: PoolClient,
  settings: SessionSettings,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  method: AuthMethod = 'password',
): Promise<SessionJson> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const accessToken = signJwt(
    {
      iss: settings.issuer,
      sub: user.id,
      aud: 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: 'aal1',
      // The session's creation time is when the user proved who they are; refreshing does not change it.
      amr: [{ method, timestamp: Math.floor(session.created_at.getTime() / 1000) }],
      session_id: session.id,
      is_anonymous: false,
    },
    settings.jwtSecret,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await oneUserJson(client, user),
  };
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string;
  seconds_since_update: number;
}

const refreshTokenNotFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const refreshTokenAlreadyUsed = () =>
  new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

interface SessionExpiryRow {
  reason: 'idle' | 'lifetime';
  idle_minutes: number;
  /** How long after sign-in the database ends the session (private.session_limits owns the lifetime). */
  lifetime_hours: number;
}

/** Past its idle limit or lifetime a session is over: the answer names the limit so the person knows why. */
function sessionExpired({ reason, idle_minutes, lifetime_hours }: SessionExpiryRow): AuthError {
  const why =
    reason === 'idle'
      ? `after ${idle_minutes} minutes without activity`
      : `${lifetime_hours} hours after you signed in`;
  return new AuthError(403, 'session_expired', `Your session ended ${why}. Please sign in again.`);
}

/**
 * Deletes the session when it is past its idle limit or lifetime (the database decides, as the request gate does)
 * and returns the refusal to answer with; undefined while it is live.
 */
async function endIfExpired(settings: SessionSettings, db: Db, sessionId: string): Promise<AuthError | undefined> {
  // A bare auth database has no session limits (supabase/migrations install them).
  if (!(await hasDatabaseFunction(settings.pool, 'private.session_expiry(uuid)'))) return undefined;
  const { rows } = await db.query<SessionExpiryRow>(
    `with expired as (select reason, idle_minutes from private.session_expiry($1)),
          lifetime as (select extract(epoch from l.ends_at - s.created_at)::float8 / 3600 as hours
                       from auth.sessions s cross join private.session_limits(s.id) l where s.id = $1),
          ended as (delete from auth.sessions where id = $1 and exists (select 1 from expired))
     select reason, idle_minutes, hours as lifetime_hours from expired cross join lifetime`,
    [sessionId],
  );
  return rows[0] ? sessionExpired(rows[0]) : undefined;
}

/**
 * Rotates a refresh token. A token rotated moments ago (another tab refreshing at the same time) gets the session's
 * current token back; a token reused later is treated as stolen and its whole session is ended.
 */
export async function refreshSession(settings: SessionSettings, token: string): Promise<SessionJson> {
  const outcome = await inTransaction(settings.pool, async (client) => {
    // The row lock serialises concurrent refreshes of one token: the second waits and then sees it rotated.
    const { rows } = await client.query<RefreshTokenRow>(
      `select token, user_id, revoked, session_id, extract(epoch from now() - updated_at)::float8 as seconds_since_update
       from auth.refresh_tokens where token = $1 for update`,
      [token],
    );
    const current = rows[0];
    if (!current) throw refreshTokenNotFound();
    const user = await findUserById(client, current.user_id);
    if (!user) throw refreshTokenNotFound();
    if (isBanned(user)) throw userBanned();
    const session = (
      await client.query<SessionRow>('select id, user_id, created_at from auth.sessions where id = $1 for update', [
        current.session_id,
      ])
    ).rows[0];
    if (!session) throw refreshTokenNotFound();
    // Idle or too old: the session ends here, whatever the token (a refresh is not activity).
    const expired = await endIfExpired(settings, client, session.id);
    if (expired) return expired;

    if (current.revoked) {
      if (current.seconds_since_update <= settings.refreshReuseGraceSeconds) {
        const active = await client.query<{ token: string }>(
          'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [session.id],
        );
        if (active.rows[0]) return sessionJson(client, settings, user, session, active.rows[0].token);
      }
      // Deleting the session removes every refresh token of the family (on delete cascade).
      await client.query('delete from auth.sessions where id = $1', [session.id]);
      return refreshTokenAlreadyUsed();
    }

    const next = newRefreshToken();
    await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
    await client.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      next,
      user.id,
      session.id,
      token,
    ]);
    await client.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
    return sessionJson(client, settings, user, session, next);
  });
  // Thrown only after the commit, so the session stays deleted.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  /** The token comes from a password-recovery link, so its holder may set a password without the old one. */
  recovered: boolean;
}

function isRecoveryToken(claims: Record<string, unknown>): boolean {
  return (
    Array.isArray(claims.amr) && claims.amr.some((entry: unknown) => isJsonObject(entry) && entry.method === 'recovery')
  );
}

/** The bearer token of a request, or the 401 GoTrue answers when there is none. */
export function requiredBearerToken(request: FastifyRequest): string {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) throw noAuthorization();
  return token;
}

export function verifiedClaims(token: string, jwtSecret: string): Record<string, unknown> {
  try {
    return verifyApiToken(token, jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) throw badJwt(error.message);
    throw error;
  }
}

/** A user's own requests: a valid access token whose user still exists, is not banned, and whose session is live. */
export async function authenticate(settings: SessionSettings, request: FastifyRequest): Promise<Authenticated> {
  const claims = verifiedClaims(requiredBearerToken(request), settings.jwtSecret);
  if (!isUuid(claims.sub)) throw badJwt('invalid claim: missing sub claim');
  const user = await findUserById(settings.pool, claims.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (!isUuid(claims.session_id)) throw sessionNotFound();
  const { rowCount } = await settings.pool.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
    claims.session_id,
    user.id,
  ]);
  if (!rowCount) throw sessionNotFound();
  const expired = await endIfExpired(settings, settings.pool, claims.session_id);
  if (expired) throw expired;
  if (isBanned(user)) throw userBanned(403);
  return { user, sessionId: claims.session_id, recovered: isRecoveryToken(claims) };
}
