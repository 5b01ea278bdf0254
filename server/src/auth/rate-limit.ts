import type { FastifyRequest } from 'fastify';
import { AuthError } from './errors';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets that have refilled completely carry no information; they are dropped once the map gets this large. */
const PRUNE_THRESHOLD = 10_000;

/**
 * A token bucket per client IP, as GoTrue limits its endpoints: `capacity` requests at once, refilled evenly so that
 * `capacity` more are allowed per window.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    private readonly capacity: number,
    windowSeconds: number,
    private readonly refusal: () => AuthError,
  ) {
    this.refillPerMs = capacity / (windowSeconds * 1000);
  }

  /** Consumes one request for `key`, or throws the 429 when its bucket is empty. */
  take(key: string): void {
    const now = Date.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, updatedAt: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      throw this.refusal();
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > PRUNE_THRESHOLD) this.prune(now);
  }

  /** A Fastify `onRequest` hook, so even malformed requests count against the limit. */
  hook() {
    return async (request: FastifyRequest) => this.take(request.ip);
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs >= this.capacity) this.buckets.delete(key);
    }
  }
}

export const overRequestRateLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

export const overEmailSendRateLimit = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
