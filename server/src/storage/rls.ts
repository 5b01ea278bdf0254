import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { bearerToken, JwtError, verifyApiToken, type JwtClaims } from '../jwt';
import { inTransaction } from '../postgres/database';
import { invalidJwt, StorageError } from './errors';

/** Only the three API roles may be assumed; a validly signed token naming any other role must not reach `set role`. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
  /** The JWT subject when it is a user id; becomes `owner`/`owner_id` of what the caller uploads. */
  userId: string | null;
  /** What the request gate sees, as PostgREST gives it `request.method` and `request.path`. */
  method: string;
  path: string;
  /** The database's request gate (see passRequestGate), or null where the database has none. */
  requestGate: string | null;
}

/** The same limits the API roles have through PostgREST (bootstrap.sql). */
const STATEMENT_TIMEOUT: Record<Caller['role'], string> = { anon: '3s', authenticated: '8s', service_role: '15s' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller behind `Authorization: Bearer <jwt>`: supabase-js sends the anon key there when signed out, and the
 * gateway fills it from the API key when a client sends none.
 */
export function callerFromRequest(request: FastifyRequest, jwtSecret: string, requestGate: string | null): Caller {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || authorization === '')
    throw invalidJwt('No authorization token was found in the request');
  const token = bearerToken(authorization);
  if (!token) throw invalidJwt('Authorization header must be "Bearer <token>"');
  let claims: JwtClaims;
  try {
    claims = verifyApiToken(token, jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) throw invalidJwt(error.message);
    throw error;
  }
  const role = claims.role;
  if (typeof role !== 'string' || !API_ROLES.has(role))
    throw invalidJwt(`invalid JWT: role "${String(role)}" is not allowed`);
  const userId = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
  return {
    role: role as Caller['role'],
    claims,
    userId,
    method: request.method,
    path: request.url.split('?')[0],
    requestGate,
  };
}

/**
 * The database's request gate (PostgREST's `db-pre-request` function, e.g. `gate.check_request`): it ends revoked
 * sessions and holds back accounts that must change their password. It raises SQLSTATE PTnnn for HTTP status nnn.
 */
async function passRequestGate(client: PoolClient, gate: string): Promise<void> {
  try {
    await client.query(`select ${gate}()`);
  } catch (error) {
    const state = (error as { code?: unknown }).code;
    if (typeof state === 'string' && /^PT4\d\d$/.test(state)) {
      const status = state.slice(2);
      throw new StorageError(
        status,
        status === '401' ? 'InvalidJWT' : 'AccessDenied',
        'Unauthorized',
        (error as Error).message,
      );
    }
    throw error;
  }
}

/**
 * Takes on the caller's role and claims for the rest of the transaction, then lets the request gate judge them. The
 * database refusing the role itself (SQLSTATE 42501, `permission denied to set role`) is the server's misconfiguration,
 * never the caller's doing: it must fail as a server error, not pass for a policy refusing the caller.
 */
async function actAsCaller(client: PoolClient, caller: Caller): Promise<void> {
  try {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
              set_config('request.method', $4, true), set_config('request.path', $5, true),
              set_config('statement_timeout', $6, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        typeof caller.claims.sub === 'string' ? caller.claims.sub : '',
        caller.method,
        caller.path,
        STATEMENT_TIMEOUT[caller.role],
      ],
    );
  } catch (error) {
    if ((error as { code?: unknown }).code !== '42501') throw error;
    throw new Error(`the storage service's database user may not act as role "${caller.role}"`, { cause: error });
  }
  if (caller.requestGate) await passRequestGate(client, caller.requestGate);
}

/**
 * Runs `work` in one transaction as the caller, the way Supabase Storage and PostgREST do: the role and the JWT claims
 * are transaction-local settings, so storage policies are real RLS and the pooled connection comes back clean.
 */
export function asCaller<T>(pool: Pool, caller: Caller, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await actAsCaller(client, caller);
    return work(client);
  });
}
