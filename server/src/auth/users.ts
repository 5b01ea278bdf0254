import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { JsonObject } from '../request-input';
import { databaseRefusal, emailExists } from './errors';
import { sqlState, type Db } from './db';
import { foldEmail } from './input';
import { forgiveSignInFailures } from './sign-in-failures';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  /** When the last sign-up confirmation link went out. */
  confirmation_sent_at: Date | null;
  invited_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject;
  raw_user_meta_data: JsonObject;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  /** The address the user asked to change to, until the link mailed to it is opened. */
  email_change: string | null;
  email_change_sent_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

// A soft-deleted user (deleted_at set) no longer exists for any endpoint.
export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at, invited_at, confirmed_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, banned_until, is_anonymous,
  email_change, email_change_sent_at`;

export async function findUserById(db: Db, id: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null${lock ? ' for update' : ''}`,
    [email],
  );
  return rows[0];
}

/** Newest first, as GoTrue lists them. */
export async function listUsers(db: Db, limit: number, offset: number): Promise<{ users: UserRow[]; total: number }> {
  const count = await db.query<{ count: string }>('select count(*) from auth.users where deleted_at is null');
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [limit, offset],
  );
  return { users: rows, total: Number(count.rows[0].count) };
}

/**
 * A sign-up nobody has confirmed and that never signed in. It proves nothing and holds nothing (the database creates
 * an account's university and member row only once the address is confirmed), so it does not take its address: a new
 * sign-up of the address, or an account moving to it, replaces it.
 */
const PENDING_SIGN_UP = 'email_confirmed_at is null and last_sign_in_at is null';

export function isPendingSignUp(user: UserRow): boolean {
  return user.email_confirmed_at === null && user.last_sign_in_at === null;
}

/** Removes the pending sign-up of `email`, if any, so that the address can be given to whoever proved the mailbox. */
export async function replacePendingSignUp(client: PoolClient, email: string): Promise<void> {
  await client.query(`delete from auth.users where lower(email) = $1 and ${PENDING_SIGN_UP}`, [email]);
}

/** Whether another account has the address; a pending sign-up has none. */
export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from auth.users where lower(email) = $1 and id is distinct from $2 and not (${PENDING_SIGN_UP})`,
    [email, exceptUserId ?? null],
  );
  return (rowCount ?? 0) > 0;
}

export function isBanned(user: UserRow): boolean {
  // node-pg reads a timestamp of 'infinity' as the number Infinity rather than a Date; Number() handles both.
  return user.banned_until !== null && Number(user.banned_until) > Date.now();
}

export interface NewUser {
  email: string;
  encryptedPassword: string | null;
  userMetadata: JsonObject;
  appMetadata: JsonObject;
  confirmed: boolean;
  bannedUntil: Date | null;
}

async function insertUserRow(client: PoolClient, user: NewUser): Promise<UserRow> {
  const { rows } = await client.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
       $1, $2, case when $3 then now() end, $4, $5, $6, now(), now())
     returning ${USER_COLUMNS}`,
    [user.email, user.encryptedPassword, user.confirmed, user.appMetadata, user.userMetadata, user.bannedUntil],
  );
  return rows[0];
}

/** An address nobody has, for running a user's insert where its own address is taken. */
export function standInAddress(): string {
  return `${randomUUID()}@stand-in.invalid`;
}

/**
 * Whether the database's triggers accept `user` apart from its address: the same insert with an address nobody has,
 * undone at once. A refusal raises as the real insert would.
 */
async function assertAcceptedButForTheAddress(client: PoolClient, user: NewUser): Promise<void> {
  await client.query('savepoint stand_in_user');
  try {
    await insertUserRow(client, { ...user, email: standInAddress() });
  } finally {
    await client.query('rollback to savepoint stand_in_user');
  }
}

/**
 * Inserts the user and its email identity. Database triggers on auth.users (the app's sign-up trigger) run here; a
 * trigger that refuses the metadata raises SQLSTATE P0001 and its message becomes a 400, so callers must run this in
 * a transaction that the error rolls back. A trigger may also confirm the address when the metadata proves the
 * mailbox (an invitation link's token), so the row is read again. A taken address is reported only when the triggers
 * accept the rest: a sign-up they refuse (a wrong join code) gets the same refusal whether or not the address has an
 * account.
 */
export async function insertUser(client: PoolClient, user: NewUser, duplicate: () => Error): Promise<UserRow> {
  await client.query('savepoint new_user');
  try {
    const inserted = await insertUserRow(client, user);
    const created = (await findUserById(client, inserted.id)) ?? inserted;
    await client.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1, $2, $3, 'email')`,
      [created.id, created.id, identityData(created)],
    );
    return created;
  } catch (error) {
    if (sqlState(error) !== '23505') throw databaseRefusal(error);
    await client.query('rollback to savepoint new_user');
    await assertAcceptedButForTheAddress(client, user).catch((refusal: unknown) => {
      throw databaseRefusal(refusal);
    });
    throw duplicate();
  }
}

function identityData(user: UserRow): JsonObject {
  return { sub: user.id, email: user.email, email_verified: user.email_confirmed_at !== null, phone_verified: false };
}

export interface UserChanges {
  email?: string;
  encryptedPassword?: string | null;
  userMetadata?: JsonObject;
  appMetadata?: JsonObject;
  confirmEmail?: boolean;
  /** `null` lifts a ban. */
  bannedUntil?: Date | null;
}

/**
 * Applies changes to a user locked by the caller's transaction and keeps the email identity in step. A new password
 * cancels a pending email change: it was asked for with the old password, which may be exactly what leaked.
 */
export async function updateUser(client: PoolClient, user: UserRow, changes: UserChanges): Promise<UserRow> {
  const email = changes.email ?? user.email;
  if (changes.email !== undefined && changes.email !== user.email) {
    if (await emailTaken(client, changes.email, user.id)) throw emailExists();
    await replacePendingSignUp(client, changes.email);
  }
  try {
    const { rows } = await client.query<UserRow>(
      `update auth.users set
         email = $2,
         encrypted_password = $3,
         raw_user_meta_data = $4,
         raw_app_meta_data = $5,
         email_confirmed_at = case when $6 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
         banned_until = $7,
         email_change = case when $8 then null else email_change end,
         email_change_token_new = case when $8 then null else email_change_token_new end,
         updated_at = now()
       where id = $1
       returning ${USER_COLUMNS}`,
      [
        user.id,
        email,
        changes.encryptedPassword === undefined ? user.encrypted_password : changes.encryptedPassword,
        changes.userMetadata ?? user.raw_user_meta_data,
        changes.appMetadata ?? user.raw_app_meta_data,
        changes.confirmEmail === true || (changes.email !== undefined && changes.email !== user.email),
        changes.bannedUntil === undefined ? user.banned_until : changes.bannedUntil,
        changes.encryptedPassword !== undefined,
      ],
    );
    const updated = rows[0];
    await client.query(
      `update auth.identities set identity_data = identity_data || $2, updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [updated.id, { email: updated.email, email_verified: updated.email_confirmed_at !== null }],
    );
    // Guesses at the old password are worthless now: they must not keep the owner locked out of the new one.
    if (changes.encryptedPassword && updated.email) await forgiveSignInFailures(client, foldEmail(updated.email));
    return updated;
  } catch (error) {
    if (sqlState(error) === '23505') throw emailExists();
    throw databaseRefusal(error);
  }
}

export async function recordSignIn(client: PoolClient, userId: string): Promise<void> {
  await client.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
  await client.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [
    userId,
  ]);
}

export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: JsonObject;
  user_metadata: JsonObject;
  identities: IdentityJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  email_confirmed_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  banned_until?: string;
  invited_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
}

interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

/** The User object GoTrue returns; optional timestamps are left out when unset, as GoTrue's `omitempty` does. */
export function userJson(user: UserRow, identities: IdentityRow[]): UserJson {
  const json: UserJson = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map(identityJson),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: user.is_anonymous,
  };
  if (user.email_confirmed_at) json.email_confirmed_at = user.email_confirmed_at.toISOString();
  if (user.confirmation_sent_at) json.confirmation_sent_at = user.confirmation_sent_at.toISOString();
  if (user.confirmed_at) json.confirmed_at = user.confirmed_at.toISOString();
  if (user.last_sign_in_at) json.last_sign_in_at = user.last_sign_in_at.toISOString();
  if (user.banned_until) json.banned_until = user.banned_until.toISOString();
  if (user.invited_at) json.invited_at = user.invited_at.toISOString();
  if (user.email_change) json.new_email = user.email_change;
  if (user.email_change_sent_at) json.email_change_sent_at = user.email_change_sent_at.toISOString();
  return json;
}

function identityJson(identity: IdentityRow): IdentityJson {
  const json: IdentityJson = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
  };
  if (identity.last_sign_in_at) json.last_sign_in_at = identity.last_sign_in_at.toISOString();
  if (identity.email) json.email = identity.email;
  return json;
}

/** User JSON for several users with one identities query. */
export async function usersJson(db: Db, users: UserRow[]): Promise<UserJson[]> {
  if (users.length === 0) return [];
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = any($1::uuid[]) order by created_at',
    [users.map((u) => u.id)],
  );
  return users.map((user) =>
    userJson(
      user,
      rows.filter((identity) => identity.user_id === user.id),
    ),
  );
}

export async function oneUserJson(db: Db, user: UserRow): Promise<UserJson> {
  const [json] = await usersJson(db, [user]);
  return json;
}
