import { characterCount, isSingleLine } from '@campuscare/shared';

/**
 * An excuse letter's verification code, as the database makes and checks it (migration 20260116000000:
 * private.new_letter_code, private.letter_code_hash, public.verify_excuse_letter): 24 characters from an alphabet
 * without look-alikes, printed in groups of four joined by dashes. People may type it with or without the dashes, with
 * spaces, in any case: the database drops every space and dash and reads it in capitals.
 *
 * Kept in the landing area, not in @campuscare/shared/clinical: only the public check reads what people type.
 */
export const LETTER_CODE_LENGTH = 24;
/** What verify_excuse_letter takes at most, as sent; longer input is refused rather than looked up. */
const LETTER_CODE_MAX_LENGTH = 64;

export const LETTER_CODE_MESSAGES = {
  empty: 'Enter the verification code printed on the letter',
  invalid: 'A verification code is 24 letters and digits, as printed on the letter',
  tooLong: `That is too long for a verification code: it has ${LETTER_CODE_LENGTH} letters and digits, as printed on the letter`,
} as const;

/** The characters the database's `[[:space:]-]` drops from a code (PostgreSQL's `[:space:]` in C.UTF-8, and the dash). */
const DROPPED = /[\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200A\u2028\u2029\u205F\u3000-]/g;

/** The code as the database compares it: without spaces and dashes, in capitals. */
export function normaliseLetterCode(typed: string): string {
  return typed.replace(DROPPED, '').toUpperCase();
}

/** "ABCD-EFGH-…": a normalised code in the groups of four the letter prints. */
export function groupLetterCode(code: string): string {
  return (normaliseLetterCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/**
 * Why the typed text cannot be sent as a code (the database would refuse it, with the same words), or undefined. A
 * code of the wrong length or with other characters is not refused: the database answers that no letter has it.
 */
export function letterCodeError(typed: string): string | undefined {
  const code = normaliseLetterCode(typed);
  if (typed.trim() === '' || code === '') return LETTER_CODE_MESSAGES.empty;
  if (!isSingleLine(typed)) return LETTER_CODE_MESSAGES.invalid;
  if (characterCount(code) > LETTER_CODE_MAX_LENGTH) return LETTER_CODE_MESSAGES.tooLong;
  return undefined;
}
