import { randomBytes } from 'node:crypto';
import type { MatchExtended, ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { compare, hash } from 'bcryptjs';
import { AuthError, validationFailed } from './errors';

const BCRYPT_COST = 10;
const MIN_PASSWORD_LENGTH = 10;
/** bcrypt only reads the first 72 bytes; longer passwords would silently be truncated. */
const MAX_PASSWORD_BYTES = 72;
/** zxcvbn's "safely unguessable" (at least 10^8 guesses): what a throttled online attack cannot reach. */
const MIN_STRENGTH_SCORE = 3;
/** The product's name is the first word anyone guesses for a CampusCare password. */
const PRODUCT_NAME = 'CampusCare';

const WEAK_PASSWORD_MESSAGE =
  'Password should be at least 10 characters and include an uppercase letter, a lowercase letter and a digit';
/** GoTrue's message for a password its HaveIBeenPwned check finds. */
const COMMON_PASSWORD_MESSAGE = 'Password is known to be weak and easy to guess, please choose a different one.';
const STRONG_PASSWORD_ADVICE =
  'Choose something longer and less predictable: a few unrelated words with a capital letter and a digit are hard to ' +
  'guess and easy to remember.';

/** What people append to a common word to pass composition rules: "Password2024!" is still "password". */
const TRAILING_DIGITS_AND_SYMBOLS = /[\p{Nd}\p{P}\p{S}\s]+$/u;
/** Shorter stems ("ab" of "Ab12345678") are too short for their being on the list to mean anything. */
const MIN_COMMON_STEM_LENGTH = 4;
/** Context words shorter than this ("dr", "ada", "edu") are too short for their presence to make a password guessable. */
const MIN_CONTEXT_WORD_LENGTH = 4;

/** What a new password must not be built on, besides what everyone tries. */
export interface PasswordContext {
  /** The account's email address: its local part and its domain are the first words an attacker tries. */
  email: string;
  /** Words the app's database knows around the account: its university's name and join code, the person's name. */
  words: string[];
}

let commonPasswords: Promise<Set<string>> | undefined;
let strengthEstimator: Promise<ZxcvbnFactory> | undefined;

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

/** zxcvbn with its common dictionaries and keyboard layouts, loaded on first use like the list above. */
function passwordStrengthEstimator(): Promise<ZxcvbnFactory> {
  strengthEstimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory: Estimator }, { dictionary, adjacencyGraphs }]) =>
      new Estimator({ dictionary, graphs: adjacencyGraphs }),
  );
  return strengthEstimator;
}

async function isCommonPassword(password: string): Promise<boolean> {
  const common = await commonPasswordSet();
  const folded = password.toLowerCase();
  const stem = folded.replace(TRAILING_DIGITS_AND_SYMBOLS, '');
  return common.has(folded) || (stem.length >= MIN_COMMON_STEM_LENGTH && common.has(stem));
}

/**
 * The context as words, longest first: each phrase whole (without spaces and punctuation) and word by word, the
 * address's local part and domain as phrases of their own.
 */
function contextWords({ email, words }: PasswordContext): string[] {
  const found = new Set<string>();
  for (const phrase of [PRODUCT_NAME, ...email.split('@'), ...words]) {
    const parts = phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    for (const word of [parts.join(''), ...parts]) if (word.length >= MIN_CONTEXT_WORD_LENGTH) found.add(word);
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** The first context word the password contains, as the person typed it. */
function containedContextWord(password: string, context: string[]): string | undefined {
  const folded = password.toLowerCase();
  const word = context.find((candidate) => folded.includes(candidate));
  return word === undefined ? undefined : password.slice(folded.indexOf(word), folded.indexOf(word) + word.length);
}

interface Weakness {
  /** How telling the reason is for the person choosing: the lowest is said. */
  rank: number;
  reason: string;
}

const fromTheContext = (token: string) =>
  `"${token}" comes from your email address, your name, your university or ${PRODUCT_NAME}, the first words anyone tries`;

/** Why zxcvbn found a part of a password easy to guess. */
function weaknessOf(match: MatchExtended): Weakness | undefined {
  const { pattern, token } = match;
  const dictionaryName: unknown = match.dictionaryName;
  if (pattern === 'dictionary' && dictionaryName === 'userInputs') return { rank: 0, reason: fromTheContext(token) };
  switch (pattern) {
    case 'sequence':
      return { rank: 1, reason: `"${token}" is a sequence` };
    case 'repeat':
      return { rank: 2, reason: `"${token}" repeats itself` };
    case 'spatial':
      return { rank: 3, reason: `"${token}" is a row of neighbouring keys` };
    case 'dictionary':
      return { rank: 4, reason: `"${token}" is among the most common words and passwords` };
    case 'date':
    case 'regex':
      return { rank: 5, reason: `"${token}" is a date or a recent year` };
    default:
      return undefined;
  }
}

function guessableMessage(reason: string | undefined): string {
  return `This password is too easy to guess${reason === undefined ? '' : `: ${reason}`}. ${STRONG_PASSWORD_ADVICE}`;
}

function mostTellingWeakness({ sequence }: ZxcvbnResult): string | undefined {
  const weaknesses = sequence.map(weaknessOf).filter((weakness): weakness is Weakness => weakness !== undefined);
  return weaknesses.sort((a, b) => a.rank - b.rank)[0]?.reason;
}

const weakPassword = (message: string, reason: string) =>
  new AuthError(422, 'weak_password', message, { weak_password: { reasons: [reason] } });

/**
 * GoTrue's password checks: a length bcrypt can hash (400), then the composition rule and a list of common passwords
 * (422). Then NIST SP 800-63B's (5.1.1.2), refused with the reason `guessable` and a message that says what to do
 * instead: no word of the context, and not easy to guess given that context (zxcvbn with it as user inputs, which finds sequences, repeats and keyboard rows too).
 */
export async function assertStrongPassword(password: string, context: PasswordContext): Promise<void> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed('Password cannot be longer than 72 characters');
  }
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push('length');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) reasons.push('characters');
  if (reasons.length > 0)
    throw new AuthError(422, 'weak_password', WEAK_PASSWORD_MESSAGE, { weak_password: { reasons } });
  if (await isCommonPassword(password)) throw weakPassword(COMMON_PASSWORD_MESSAGE, 'pwned');
  const words = contextWords(context);
  const contained = containedContextWord(password, words);
  if (contained !== undefined) throw weakPassword(guessableMessage(fromTheContext(contained)), 'guessable');
  const strength = (await passwordStrengthEstimator()).check(password, words);
  if (strength.score < MIN_STRENGTH_SCORE)
    throw weakPassword(guessableMessage(mostTellingWeakness(strength)), 'guessable');
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, BCRYPT_COST);
}

/** Hashes made elsewhere (seeds, another auth service) may be imported as long as they are bcrypt. */
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
