import type { Pool } from 'pg';
import { hasDatabaseFunction, type Db } from './db';

/** Why a password sign-in of an existing account was refused, as the audit log says it. */
export type SignInRefusal = 'wrong_password' | 'deactivated';

/**
 * Writes a password sign-in of an account to its university's audit log (private.audit_sign_in decides what is kept:
 * nothing for an unknown address or an account without a member row). Never the password. `db` is where to write (the
 * sign-in's transaction, or the pool); a bare auth database without the audit log is left alone.
 */
export async function auditSignIn(
  pool: Pool,
  db: Db,
  userId: string | null,
  ip: string,
  refusal?: SignInRefusal,
): Promise<void> {
  if (!(await hasDatabaseFunction(pool, 'private.audit_sign_in(uuid,boolean,text,text)'))) return;
  await db.query('select private.audit_sign_in($1, $2, $3, $4)', [userId, refusal === undefined, refusal ?? null, ip]);
}
