import { createHash, randomBytes } from 'node:crypto';
import { AuthError } from './errors';

/** The one-time links auth emails carry, opened at `GET /verify` (or redeemed with `POST /verify`). */
export type LinkType = 'signup' | 'recovery' | 'email_change';

/** A link works for an hour, as GoTrue's do. */
export const LINK_LIFETIME_SECONDS = 3600;

/** One email of a kind per account per minute: more would only help someone flood an inbox. */
export const EMAIL_RESEND_SECONDS = 60;

/** GoTrue's refusal of an email asked for within the minute after the last one (`sentAt`), or undefined when due. */
export function emailSentTooRecently(sentAt: Date | null): AuthError | undefined {
  if (!sentAt) return undefined;
  const secondsLeft = EMAIL_RESEND_SECONDS - (Date.now() - sentAt.getTime()) / 1000;
  if (secondsLeft <= 0) return undefined;
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.ceil(secondsLeft)} seconds.`,
  );
}

/** Only the hash is stored, so a database dump does not contain working links. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Redirects stay on this site, so a link cannot be turned into a phishing redirect. */
export function safeRedirect(publicUrl: string, requested: unknown): string {
  if (typeof requested !== 'string' || requested === '') return publicUrl;
  try {
    const url = new URL(requested, publicUrl);
    return url.origin === new URL(publicUrl).origin ? url.toString() : publicUrl;
  } catch {
    return publicUrl;
  }
}

/** A fresh link for an email, and the hash to store for it. */
export function newLink(publicUrl: string, type: LinkType, redirectTo: string): { link: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  const link = new URL(`${publicUrl}/auth/v1/verify`);
  link.search = new URLSearchParams({ token, type, redirect_to: redirectTo }).toString();
  return { link: link.toString(), hash: tokenHash(token) };
}
