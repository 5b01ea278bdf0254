import { createHash } from 'node:crypto';
import type { Db } from './db';
import { AuthError } from './errors';

/** How many failed password sign-ins one email address may collect, and for how long they count. */
export interface SignInFailureLimit {
  maxFailures: number;
  windowSeconds: number;
}

/** The table keys on a hash, so it never lists addresses, whether or not they belong to an account. */
function emailHash(foldedEmail: string): string {
  return createHash('sha256').update(foldedEmail).digest('hex');
}

function tooManyFailures(retryAfterSeconds: number): AuthError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Too many failed sign-in attempts for this email address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, ` +
      'or reset your password to sign in now.',
  );
}

/**
 * Counts a password sign-in against its email address before the password is checked, or refuses it with a 429 when
 * the address has used up its failures. Counting first (in one atomic statement) means concurrent guesses, from any
 * IP or gateway process, cannot slip past the limit; `clearSignInFailures` takes the count back when the password
 * turns out right. A refused attempt does not move the window, so a lock always ends `windowSeconds` after the first
 * failure of its series, however long an attacker keeps trying.
 */
export async function countSignInAttempt(db: Db, limit: SignInFailureLimit, foldedEmail: string): Promise<void> {
  const { rows } = await db.query<{ failures: number; retry_after_seconds: number }>(
    `insert into auth.sign_in_failures as f (email_hash, failures, first_failed_at) values ($1, 1, now())
     on conflict (email_hash) do update set
       failures = case when f.first_failed_at <= now() - make_interval(secs => $3) then 1 else least(f.failures + 1, $2 + 1) end,
       first_failed_at = case when f.first_failed_at <= now() - make_interval(secs => $3) then now() else f.first_failed_at end
     returning failures, extract(epoch from first_failed_at + make_interval(secs => $3) - now())::float8 as retry_after_seconds`,
    [emailHash(foldedEmail), limit.maxFailures, limit.windowSeconds],
  );
  if (rows[0].failures > limit.maxFailures) throw tooManyFailures(rows[0].retry_after_seconds);
}

/** The right password, or a redeemed recovery link, proves the owner: their earlier failures no longer count. */
export async function clearSignInFailures(db: Db, foldedEmail: string): Promise<void> {
  await db.query('delete from auth.sign_in_failures where email_hash = $1', [emailHash(foldedEmail)]);
}

/** Rows only stay behind for failed attempts; once their window has passed they mean nothing. */
export async function pruneSignInFailures(db: Db, limit: SignInFailureLimit): Promise<void> {
  await db.query('delete from auth.sign_in_failures where first_failed_at <= now() - make_interval(secs => $1)', [
    limit.windowSeconds,
  ]);
}
