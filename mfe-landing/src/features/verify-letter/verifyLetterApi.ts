import { ApiError, type CampusCareClient, type Json, unwrap } from '@campuscare/shared';
import type { LetterVerification } from '@campuscare/shared/clinical';
import { normaliseLetterCode } from './letterCode';

/** The gateway limits how many codes one network may check (codes cannot be guessed; nor can they be tried in bulk). */
export const TOO_MANY_CHECKS_MESSAGE = 'Too many checks from your network. Please wait a minute and try again.';
const RATE_LIMIT_CODE = 'over_request_rate_limit';
export const UNREADABLE_ANSWER_MESSAGE = 'The answer of the server could not be read. Please try again.';

type JsonObject = { readonly [key: string]: Json | undefined };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: Json | undefined): string {
  if (typeof value !== 'string') throw new ApiError(UNREADABLE_ANSWER_MESSAGE);
  return value;
}

/** A calendar day ('YYYY-MM-DD'), the only thing the page writes out as a date. */
function day(value: Json | undefined): string {
  const read = text(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(read)) throw new ApiError(UNREADABLE_ANSWER_MESSAGE);
  return read;
}

/** verify_excuse_letter's answer, checked: whatever else it might carry is dropped, so the page cannot show it. */
export function readVerification(data: Json): LetterVerification {
  if (!isObject(data) || typeof data.found !== 'boolean') throw new ApiError(UNREADABLE_ANSWER_MESSAGE);
  if (!data.found) return { found: false };
  const status = data.status;
  if (status !== 'valid' && status !== 'revoked') throw new ApiError(UNREADABLE_ANSWER_MESSAGE);
  return {
    found: true,
    status,
    student_name: text(data.student_name),
    university_name: text(data.university_name),
    starts_on: day(data.starts_on),
    ends_on: day(data.ends_on),
    issued_on: day(data.issued_on),
    doctor_name: text(data.doctor_name),
    revoked_on: status === 'revoked' && typeof data.revoked_on === 'string' ? day(data.revoked_on) : null,
  };
}

/**
 * Checks an excuse letter's code with the public `verify_excuse_letter` (no sign-in needed). The code is sent as the
 * database reads it (no spaces or dashes, capitals). A code that matches no letter is `{ found: false }`, not an error.
 */
export async function verifyExcuseLetter(client: CampusCareClient, typedCode: string): Promise<LetterVerification> {
  const result = await client.rpc('verify_excuse_letter', { code: normaliseLetterCode(typedCode) });
  // The gateway's refusal (server/src/gateway/letter-verification-limit.ts): status 429, PostgREST's error shape.
  const limited = result.status === 429 || (result.error !== null && result.error.code === RATE_LIMIT_CODE);
  if (limited) throw new ApiError(TOO_MANY_CHECKS_MESSAGE, { status: 429, retryable: true, cause: result.error });
  return readVerification(unwrap(result));
}
