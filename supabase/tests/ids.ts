import { createHash } from 'node:crypto';

/** md5(email)::uuid — the seed's rule for demo user ids. */
export function uuidForEmail(email: string): string {
  const h = createHash('md5').update(email).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const NORTHFIELD_ID = 'a1f0c3e2-0000-4000-8000-000000000001';
export const SOUTHBANK_ID = 'b2e1d4f3-0000-4000-8000-000000000002';
