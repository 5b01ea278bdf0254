import { randomBytes } from 'node:crypto';
import { compare, hash } from 'bcryptjs';
import { AuthError } from './errors';

const BCRYPT_COST = 10;
const MIN_PASSWORD_LENGTH = 10;
/** bcrypt only reads the first 72 bytes; longer passwords would silently be truncated. */
const MAX_PASSWORD_BYTES = 72;

const WEAK_PASSWORD_MESSAGE =
  'Password should be at least 10 characters and include an uppercase letter, a lowercase letter and a digit';

export function assertStrongPassword(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(422, 'weak_password', 'Password cannot be longer than 72 characters', {
      weak_password: { reasons: ['length'] },
    });
  }
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push('length');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) reasons.push('characters');
  if (reasons.length > 0) throw new AuthError(422, 'weak_password', WEAK_PASSWORD_MESSAGE, { weak_password: { reasons } });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, BCRYPT_COST);
}

/** Hashes made elsewhere (seeds, the default staff password) may be imported as long as they are bcrypt. */
export function isBcryptHash(value: string): boolean {
  return /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(value);
}

let dummyHash: Promise<string> | undefined;

/**
 * Compares against the stored hash, or against a throwaway hash when there is none, so that an unknown email
 * costs as much time as a wrong password and the answer time does not reveal which accounts exist.
 */
export async function verifyPassword(password: string, storedHash: string | null | undefined): Promise<boolean> {
  if (storedHash) return compare(password, storedHash);
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  await compare(password, await dummyHash);
  return false;
}
