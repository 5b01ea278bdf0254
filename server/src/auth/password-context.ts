import type { Pool } from 'pg';
import { hasDatabaseFunction } from './db';
import type { JsonObject } from '../request-input';
import type { PasswordContext } from './passwords';

/** Whose new password it is: an existing account (`userId`), or one signing up with this metadata. */
export interface PasswordOwner {
  email: string;
  userId: string | null;
  userMetadata: JsonObject;
}

/**
 * What a new password must not be built on: the owner's email address, and what the app's database knows around the
 * account (`private.password_context`, installed by supabase/migrations; a bare auth database has none, and then only
 * the address counts).
 */
export async function passwordContext(
  pool: Pool,
  { email, userId, userMetadata }: PasswordOwner,
): Promise<PasswordContext> {
  if (!(await hasDatabaseFunction(pool, 'private.password_context(uuid,jsonb)'))) {
    return { email, words: [] };
  }
  const { rows } = await pool.query<{ words: string[] }>('select words from private.password_context($1, $2)', [
    userId,
    userMetadata,
  ]);
  return { email, words: rows[0]?.words ?? [] };
}
