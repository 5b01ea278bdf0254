import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt';
import { invalidJwt } from './errors';

/** Only the three API roles may be assumed; a validly signed token naming any other role must not reach `set role`. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
  /** The JWT subject when it is a user id; becomes `owner`/`owner_id` of what the caller uploads. */
  userId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller behind `Authorization: Bearer <jwt>`: supabase-js sends the anon key there when signed out, and the
 * gateway fills it from the API key when a client sends none.
 */
export function callerFromRequest(request: FastifyRequest, jwtSecret: string): Caller {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || authorization === '') throw invalidJwt('No authorization token was found in the request');
  const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  if (!token) throw invalidJwt('Authorization header must be "Bearer <token>"');
  let claims: JwtClaims;
  try {
    claims = verifyJwt(token, jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) throw invalidJwt(error.message);
    throw error;
  }
  const role = claims.role;
  if (typeof role !== 'string' || !API_ROLES.has(role)) throw invalidJwt(`invalid JWT: role "${String(role)}" is not allowed`);
  const userId = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
  return { role: role as Caller['role'], claims, userId };
}

/**
 * Runs `work` in one transaction as the caller, the way Supabase Storage and PostgREST do: the role and the JWT claims
 * are transaction-local settings, so storage policies are real RLS and the pooled connection comes back clean.
 */
export async function asCaller<T>(pool: Pool, caller: Caller, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
              set_config('statement_timeout', '15s', true)`,
      [caller.role, JSON.stringify(caller.claims), typeof caller.claims.sub === 'string' ? caller.claims.sub : ''],
    );
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that cannot even roll back is discarded rather than handed to the next request.
    client.release(broken);
  }
}
