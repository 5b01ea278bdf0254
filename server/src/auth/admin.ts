import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { inTransaction } from '../postgres/database';
import { queryOf, type JsonObject } from '../request-input';
import { sqlState } from './db';
import type { AuthDeps } from './deps';
import { AuthError, databaseRefusal, emailExists, notAdmin, userNotFoundById, validationFailed } from './errors';
import {
  assertMetadataSize,
  bodyObject,
  isUuid,
  mergeMetadata,
  normalizeEmail,
  optionalBoolean,
  optionalObject,
  optionalString,
  refusePhone,
} from './input';
import { passwordContext, type PasswordOwner } from './password-context';
import { assertStrongPassword, hashPassword, isBcryptHash } from './passwords';
import { requiredBearerToken, verifiedClaims } from './sessions';
import { EMAIL_APP_METADATA, findUserById, insertUser, listUsers, oneUserJson, updateUser, usersJson } from './users';

/** Only the service key's role is an administrator: any other role a token names (`supabase_admin` included) is not. */
const ADMIN_ROLE = 'service_role';
const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

const GO_DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** `ban_duration` uses Go's duration syntax (e.g. "24h", "1h30m", "876000h") or "none" to lift a ban. */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(duration)) {
    throw validationFailed('ban_duration must be a duration such as "24h" or "none"');
  }
  let ms = 0;
  for (const [, amount, , unit] of duration.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    ms += Number(amount) * GO_DURATION_UNITS_MS[unit];
  }
  return new Date(Date.now() + ms);
}

/** The JWT `role` claim becomes the database role PostgREST runs as, so only the ordinary role may be given. */
function refuseOtherRole(body: JsonObject): void {
  const role = optionalString(body, 'role');
  if (role !== undefined && role !== 'authenticated') throw validationFailed('role can only be "authenticated"');
}

async function newPasswordHash(pool: Pool, body: JsonObject, owner: PasswordOwner): Promise<string | undefined> {
  const password = optionalString(body, 'password');
  const passwordHash = optionalString(body, 'password_hash');
  if (password !== undefined && passwordHash !== undefined) {
    throw validationFailed('Give either password or password_hash, not both');
  }
  if (passwordHash !== undefined) {
    if (!isBcryptHash(passwordHash)) throw validationFailed('password_hash must be a bcrypt hash');
    return passwordHash;
  }
  if (password === undefined) return undefined;
  await assertStrongPassword(password, await passwordContext(pool, owner));
  return hashPassword(password);
}

/** The admin routes naming one user, `/admin/users/:id`. */
interface UserRoute {
  Params: { id: string };
}

function userIdParam(request: FastifyRequest<UserRoute>): string {
  const { id } = request.params;
  if (!isUuid(id)) throw userNotFoundById();
  return id;
}

/** The service_role-only user administration endpoints of GoTrue. */
export function registerAdminRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { sessions } = deps;
  const pool = sessions.pool;

  app.register(async (admin) => {
    admin.addHook('preHandler', async (request) => {
      const claims = verifiedClaims(requiredBearerToken(request), sessions.jwtSecret);
      if (claims.role !== ADMIN_ROLE) throw notAdmin();
    });

    admin.post('/admin/users', async (request) => {
      const body = bodyObject(request.body);
      refusePhone(body);
      refuseOtherRole(body);
      const rawEmail = optionalString(body, 'email');
      if (rawEmail === undefined) throw validationFailed('An email address is required');
      const email = normalizeEmail(rawEmail);
      const userMetadata = optionalObject(body, 'user_metadata') ?? {};
      const appMetadata = { ...(optionalObject(body, 'app_metadata') ?? {}), ...EMAIL_APP_METADATA };
      assertMetadataSize('user_metadata', userMetadata);
      assertMetadataSize('app_metadata', appMetadata);
      const confirmed = optionalBoolean(body, 'email_confirm') ?? false;
      const banDuration = optionalString(body, 'ban_duration');
      const bannedUntil = banDuration === undefined ? null : banUntil(banDuration);
      const encryptedPassword = (await newPasswordHash(pool, body, { email, userId: null, userMetadata })) ?? null;
      const user = await inTransaction(pool, (client) =>
        insertUser(
          client,
          { email, encryptedPassword, userMetadata, appMetadata, confirmed, bannedUntil },
          emailExists,
        ),
      );
      return oneUserJson(pool, user);
    });

    admin.get('/admin/users', async (request, reply) => {
      const query = queryOf(request);
      const page = positiveInt(query.page, 1, 'page');
      const perPage = Math.min(positiveInt(query.per_page, DEFAULT_PER_PAGE, 'per_page'), MAX_PER_PAGE);
      const { users, total } = await listUsers(pool, perPage, (page - 1) * perPage);
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      // auth-js reads the page number as the first character after the first '=' of each link.
      const link = (p: number, rel: string) =>
        `<${deps.ctx.publicUrl}/auth/v1/admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
      const links = page < lastPage ? [link(page + 1, 'next'), link(lastPage, 'last')] : [link(lastPage, 'last')];
      reply.header('X-Total-Count', String(total)).header('Link', links.join(', '));
      return { users: await usersJson(pool, users), aud: 'authenticated' };
    });

    admin.get<UserRoute>('/admin/users/:id', async (request) => {
      const user = await findUserById(pool, userIdParam(request));
      if (!user) throw userNotFoundById();
      return oneUserJson(pool, user);
    });

    admin.put<UserRoute>('/admin/users/:id', async (request) => {
      const id = userIdParam(request);
      const body = bodyObject(request.body);
      refusePhone(body);
      refuseOtherRole(body);
      const rawEmail = optionalString(body, 'email');
      const email = rawEmail === undefined ? undefined : normalizeEmail(rawEmail);
      const userMetadata = optionalObject(body, 'user_metadata');
      const appMetadata = optionalObject(body, 'app_metadata');
      const confirmEmail = optionalBoolean(body, 'email_confirm');
      const banDuration = optionalString(body, 'ban_duration');
      const bannedUntil = banDuration === undefined ? undefined : banUntil(banDuration);
      const current = await findUserById(pool, id);
      if (!current) throw userNotFoundById();
      const owner = {
        email: email ?? current.email ?? '',
        userId: id,
        userMetadata: userMetadata ?? current.raw_user_meta_data,
      };
      const encryptedPassword = await newPasswordHash(pool, body, owner);
      return inTransaction(pool, async (client) => {
        const user = await findUserById(client, id, true);
        if (!user) throw userNotFoundById();
        const mergedUserMetadata = userMetadata && mergeMetadata(user.raw_user_meta_data, userMetadata);
        const mergedAppMetadata = appMetadata && {
          ...mergeMetadata(user.raw_app_meta_data, appMetadata),
          ...EMAIL_APP_METADATA,
        };
        if (mergedUserMetadata) assertMetadataSize('user_metadata', mergedUserMetadata);
        if (mergedAppMetadata) assertMetadataSize('app_metadata', mergedAppMetadata);
        const updated = await updateUser(client, user, {
          email,
          encryptedPassword,
          confirmEmail,
          bannedUntil,
          userMetadata: mergedUserMetadata,
          appMetadata: mergedAppMetadata,
        });
        // A reset password or a ban must take effect now, not when the user's refresh token runs out.
        if (encryptedPassword !== undefined || (bannedUntil !== undefined && bannedUntil !== null)) {
          await client.query('delete from auth.sessions where user_id = $1', [id]);
        }
        return oneUserJson(client, updated);
      });
    });

    admin.delete<UserRoute>('/admin/users/:id', async (request) => {
      const id = userIdParam(request);
      const softDelete = optionalBoolean(bodyObject(request.body), 'should_soft_delete') ?? false;
      await inTransaction(pool, async (client) => {
        const user = await findUserById(client, id, true);
        if (!user) throw userNotFoundById();
        try {
          if (softDelete) {
            // Like GoTrue: the row stays (for references) but can never sign in again and frees its email.
            await client.query(
              `update auth.users set deleted_at = now(), email = null, encrypted_password = null, updated_at = now() where id = $1`,
              [id],
            );
            await client.query('delete from auth.identities where user_id = $1', [id]);
            await client.query('delete from auth.sessions where user_id = $1', [id]);
          } else {
            await client.query('delete from auth.users where id = $1', [id]);
          }
        } catch (error) {
          if (sqlState(error) === '23503') {
            throw new AuthError(409, 'conflict', 'Other records still refer to this user; soft-delete it instead');
          }
          throw databaseRefusal(error);
        }
      });
      return {};
    });
  });
}

function positiveInt(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < 1) throw validationFailed(`${name} must be a positive integer`);
  return parsed;
}
