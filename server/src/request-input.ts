import type { FastifyRequest } from 'fastify';

/*
 * The auth, storage and mailbox routes take their input without a route schema and check each field by hand: a
 * schema's refusal would not have the shape (or the words) GoTrue and Supabase Storage answer with, which their
 * clients read. These read the raw input as plain unknown-valued objects for those checks.
 */

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parsed query string, each value still to be checked. */
export function queryOf(request: FastifyRequest): JsonObject {
  return isJsonObject(request.query) ? request.query : {};
}

/** One field of a JSON object body; undefined when the body is anything else. */
export function bodyField(request: FastifyRequest, field: string): unknown {
  return isJsonObject(request.body) ? request.body[field] : undefined;
}
