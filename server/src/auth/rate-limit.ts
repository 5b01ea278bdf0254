import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { AuthError } from './errors';

/**
 * Token buckets, as GoTrue limits its endpoints: `capacity` requests at once per key, refilled evenly so that
 * `capacity` more are allowed per window. The buckets live in `auth.rate_limits`, so every gateway process behind a
 * load balancer draws from the same one.
 */
export class TokenBuckets {
  private readonly refillPerSecond: number;
  private lastPrunedAt = Date.now();

  constructor(
    private readonly pool: Pool,
    /** Names these buckets, so one key has a bucket per use (`token:…`, `signup:…`). */
    private readonly name: string,
    private readonly capacity: number,
    private readonly windowSeconds: number,
  ) {
    this.refillPerSecond = capacity / windowSeconds;
  }

  /**
   * Takes one request for `key`: null when allowed, or the whole seconds until its bucket holds one again. The refill
   * and the take are one statement under the row's lock, so concurrent requests on any process cannot spend a token
   * twice; a refused request leaves the row alone (the conflict update's `where` fails and nothing is returned).
   */
  async take(key: string): Promise<number | null> {
    const bucket = `${this.name}:${key}`;
    const { rowCount } = await this.pool.query(
      `insert into auth.rate_limits as b (bucket, tokens, updated_at) values ($1, $2::float8 - 1, now())
       on conflict (bucket) do update
         set tokens = least($2::float8, b.tokens + extract(epoch from now() - b.updated_at) * $3::float8) - 1, updated_at = now()
         where least($2::float8, b.tokens + extract(epoch from now() - b.updated_at) * $3::float8) >= 1`,
      [bucket, this.capacity, this.refillPerSecond],
    );
    if (Date.now() - this.lastPrunedAt > this.windowSeconds * 1000) await this.prune();
    if (rowCount) return null;
    const { rows } = await this.pool.query<{ tokens: number }>(
      `select least($2::float8, tokens + extract(epoch from now() - updated_at) * $3::float8) as tokens from auth.rate_limits where bucket = $1`,
      [bucket, this.capacity, this.refillPerSecond],
    );
    const missing = Math.max(0, 1 - (rows[0]?.tokens ?? 0));
    return Math.max(1, Math.ceil(missing / this.refillPerSecond));
  }

  /** A bucket left alone for a whole window has refilled completely: it carries no information. */
  private async prune(): Promise<void> {
    this.lastPrunedAt = Date.now();
    await this.pool.query(
      `delete from auth.rate_limits where starts_with(bucket, $1) and updated_at <= now() - make_interval(secs => $2)`,
      [`${this.name}:`, this.windowSeconds],
    );
  }
}

/** An auth endpoint's limit per client IP: the request is refused with the endpoint's 429 when its bucket is empty. */
export class RateLimiter {
  private readonly buckets: TokenBuckets;

  constructor(
    pool: Pool,
    name: string,
    capacity: number,
    windowSeconds: number,
    private readonly refusal: () => AuthError,
  ) {
    this.buckets = new TokenBuckets(pool, name, capacity, windowSeconds);
  }

  /** Consumes one request for `key`, or throws the 429 when its bucket is empty. */
  async take(key: string): Promise<void> {
    if ((await this.buckets.take(key)) !== null) throw this.refusal();
  }

  /** A Fastify `onRequest` hook, so even malformed requests count against the limit. */
  hook() {
    return async (request: FastifyRequest) => this.take(request.ip);
  }
}

export const overRequestRateLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

export const overEmailSendRateLimit = () =>
  new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
