import { randomBytes } from 'node:crypto';
import { compare, hash } from 'bcryptjs';
import { AuthError, validationFailed } from './errors';

const BCRYPT_COST = 10;
const MIN_PASSWORD_LENGTH = 10;
/** bcrypt only reads the first 72 bytes; longer passwords would silently be truncated. */
const MAX_PASSWORD_BYTES = 72;

const WEAK_PASSWORD_MESSAGE =
  'Password should be at least 10 characters and include an uppercase letter, a lowercase letter and a digit';
/** GoTrue's message for a password its HaveIBeenPwned check finds. */
const COMMON_PASSWORD_MESSAGE = 'Password is known to be weak and easy to guess, please choose a different one.';

/** What people append to a common word to pass composition rules: "Password2024!" is still "password". */
const TRAILING_DIGITS_AND_SYMBOLS = /[\p{Nd}\p{P}\p{S}\s]+$/u;
/** Shorter stems ("ab" of "Ab12345678") are too short for their being on the list to mean anything. */
const MIN_COMMON_STEM_LENGTH = 4;

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * zxcvbn's list of the most common passwords (about 50,000, from leaked password sets), lower-cased. Loaded on first
 * use rather than at start-up, as unpacking it takes a moment and a few MB.
 */
function commonPasswordSet(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())),
  );
  return commonPasswords;
}

async function isCommonPassword(password: string): Promise<boolean> {
  const common = await commonPasswordSet();
  const folded = password.toLowerCase();
  const stem = folded.replace(TRAILING_DIGITS_AND_SYMBOLS, '');
  return common.has(folded) || (stem.length >= MIN_COMMON_STEM_LENGTH && common.has(stem));
}

/** GoTrue's password checks: a length bcrypt can hash (400), then the composition rule and a list of common passwords (422). */
export async function assertStrongPassword(password: string): Promise<void> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed('Password cannot be longer than 72 characters');
  }
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push('length');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) reasons.push('characters');
  if (reasons.length > 0) throw new AuthError(422, 'weak_password', WEAK_PASSWORD_MESSAGE, { weak_password: { reasons } });
  if (await isCommonPassword(password)) {
    throw new AuthError(422, 'weak_password', COMMON_PASSWORD_MESSAGE, { weak_password: { reasons: ['pwned'] } });
  }
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
