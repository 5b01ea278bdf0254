import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { StackSecrets } from '../secrets';

/**
 * Requests allowed per IP per window for each rate-limited auth endpoint (Supabase's defaults in
 * `DEFAULT_AUTH_RATE_LIMITS`), the failed password sign-ins allowed per email address and network, and the excuse-letter
 * checks allowed per network (the one lookup of the REST API anyone may make without signing in).
 */
export interface AuthRateLimits {
  windowSeconds: number;
  token: number;
  signup: number;
  recover: number;
  userUpdate: number;
  verify: number;
  /**
   * Failed password sign-ins one email address may collect from one network (an IPv4 address or an IPv6 /64), on any
   * gateway process, before that network's sign-ins to it are refused until `signInFailureWindowSeconds` after the
   * first of them. Other networks, the owner's among them, are not affected.
   */
  signInFailures: number;
  /**
   * Failed password sign-ins one email address may collect from all networks together (guessing spread over many
   * addresses) before it may be signed in to only from networks it signed in from before.
   */
  signInFailuresPerAccount: number;
  signInFailureWindowSeconds: number;
  /**
   * Calls of `rpc/verify_excuse_letter` (POST or GET, signed in or not) one network may make per
   * `letterVerificationWindowSeconds` before it is answered 429 with Retry-After (gateway/letter-verification-limit.ts).
   */
  letterVerification: number;
  letterVerificationWindowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  windowSeconds: 300,
  token: 150,
  signup: 30,
  recover: 30,
  userUpdate: 30,
  verify: 30,
  signInFailures: 10,
  // NIST SP 800-63B (5.2.2) allows at most 100 consecutive failures on one account.
  signInFailuresPerAccount: 100,
  signInFailureWindowSeconds: 15 * 60,
  // A person checks one letter, perhaps retyping the code a few times; 30 a minute is plenty for a school office
  // checking a class's letters behind one address, and keeps guessing at 43,200 codes a day per network (of 2^119).
  letterVerification: 30,
  letterVerificationWindowSeconds: 60,
};

/** What every gateway service (auth, storage, rest proxy, static) is given by the stack. */
export interface GatewayContext {
  /**
   * The database owner's connections (the superuser on the embedded cluster): services run RLS-checked work inside
   * transactions after `set local role`.
   */
  adminPool: Pool;
  secrets: StackSecrets;
  /** The origin clients use, e.g. http://localhost:8080 — the `iss` of access tokens is `${publicUrl}/auth/v1`. */
  publicUrl: string;
  /** Holds `storage/` (object files) and `storage-tmp/` (uploads in progress); one directory for every gateway process. */
  storageDir: string;
  logger: Logger;
  authRateLimits: AuthRateLimits;
  /**
   * The function PostgREST runs before every request (its `db-pre-request` setting, e.g. `gate.check_request`), or
   * null when the schema has none. The storage service runs it too, so both APIs refuse the same requests.
   */
  requestGate: string | null;
}
