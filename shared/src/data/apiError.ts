import { AUTH_MESSAGES, authErrorMessage } from '../auth/authErrors';
import { constraintRule } from '../validation/constraints';

/**
 * Every failure of an API call, said for people. `message` is always fit to show; `field` names the form field a
 * refusal is about when the database said which rule was broken; `code`/`status`/`hint` are for code that branches on
 * them (`hint` is the database's, e.g. the marker 'allergy_acknowledgement_required' a refusal carries).
 */
export class ApiError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly field: string | undefined;
  /** The hint the database raised with a refusal (PostgREST's `hint`), when it gave one: a marker, never shown. */
  readonly hint: string | undefined;
  /** Worth trying again unchanged: the network or the server failed, not the request. */
  readonly retryable: boolean;

  constructor(
    message: string,
    options: {
      code?: string;
      status?: number;
      field?: string;
      hint?: string;
      retryable?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.field = options.field;
    this.hint = options.hint;
    this.retryable = options.retryable ?? false;
  }
}

export const API_MESSAGES = {
  unreachable: AUTH_MESSAGES.unreachable,
  serverError: AUTH_MESSAGES.serverError,
  unexpected: AUTH_MESSAGES.unexpected,
  forbidden: 'You are not allowed to do that.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  notFound: 'We could not find that. It may have been removed.',
  duplicate: 'That already exists.',
  timeTaken: 'That time is already taken. Choose another time.',
  invalidValue: 'Some of the values are not valid. Check the form and try again.',
  missingReference: 'Something this refers to no longer exists. Reload the page and try again.',
  tooSlow: 'That took too long. Please try again.',
  tooLarge: 'That file is too large.',
  fileType: 'That file type is not accepted. Choose an image (PNG, JPEG or WebP).',
} as const;

interface ErrorShape {
  readonly message?: unknown;
  readonly code?: unknown;
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly name?: unknown;
  readonly details?: unknown;
  readonly hint?: unknown;
  readonly __isAuthError?: unknown;
  readonly __isStorageError?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const numberOf = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};

function isNetworkFailure(error: ErrorShape): boolean {
  const message = text(error.message) ?? '';
  // The auth client also calls a 5xx answer "retryable fetch error": that server did answer, and failed (status ≥ 500).
  const unanswered = error.name === 'AuthRetryableFetchError' && !((numberOf(error.status) ?? 0) >= 500);
  return (
    unanswered ||
    (error.name === 'TypeError' && /fetch|network|load failed/i.test(message)) ||
    /^TypeError: (Failed to fetch|NetworkError)/.test(message)
  );
}

/** A PostgREST/PostgreSQL error (SQLSTATE or PGRST code) in people's words. */
function databaseError(error: ErrorShape, code: string, status: number | undefined): ApiError {
  const message = text(error.message) ?? '';
  const at = { code, status, hint: text(error.hint), cause: error };
  switch (code) {
    case '23514':
    case '23502':
    case '23505': {
      const rule = constraintRule(message);
      if (rule) return new ApiError(rule.message, { ...at, field: rule.field });
      return new ApiError(code === '23505' ? API_MESSAGES.duplicate : API_MESSAGES.invalidValue, at);
    }
    case '23503':
      return new ApiError(API_MESSAGES.missingReference, at);
    case '42501':
      return new ApiError(API_MESSAGES.forbidden, at);
    case '57014':
      return new ApiError(API_MESSAGES.tooSlow, { ...at, retryable: true });
    case 'PGRST116':
      return new ApiError(API_MESSAGES.notFound, at);
    case 'PGRST301':
    case 'PGRST302':
    case 'PGRST303':
    case 'PT401': // the request gate: the session was signed out, revoked or its member deactivated
      return new ApiError(API_MESSAGES.sessionEnded, at);
    case '23P01':
      // An overlap: our booking functions keep this SQLSTATE and say in people's words which booking it clashes with.
      return new ApiError(
        /exclusion constraint/i.test(message) || message === '' ? API_MESSAGES.timeTaken : message,
        at,
      );
    case 'P0001':
    case 'P0002':
      // Our triggers and functions raise messages written for people (e.g. "That time is no longer free").
      return new ApiError(message || API_MESSAGES.unexpected, at);
  }
  if (/^22/.test(code) || /^PGRST1/.test(code)) return new ApiError(API_MESSAGES.invalidValue, at);
  if (status !== undefined && status >= 500) return new ApiError(API_MESSAGES.serverError, { ...at, retryable: true });
  if (status === 403)
    return new ApiError(message && !/permission denied/i.test(message) ? message : API_MESSAGES.forbidden, at);
  return new ApiError(API_MESSAGES.unexpected, at);
}

function storageError(error: ErrorShape, status: number | undefined): ApiError {
  const message = text(error.message) ?? '';
  const at = { status, code: text(error.code), cause: error };
  if (status === 413 || /too large|exceeded the maximum/i.test(message)) return new ApiError(API_MESSAGES.tooLarge, at);
  if (status === 415 || /mime type|content does not match/i.test(message))
    return new ApiError(API_MESSAGES.fileType, at);
  if (status === 404 || /not found/i.test(message)) return new ApiError(API_MESSAGES.notFound, at);
  if (status === 403 || status === 401) return new ApiError(API_MESSAGES.forbidden, at);
  if (status !== undefined && status >= 500) return new ApiError(API_MESSAGES.serverError, { ...at, retryable: true });
  return new ApiError(API_MESSAGES.unexpected, at);
}

/** Whatever an API call threw or returned as its error, as an ApiError with a message for people. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (typeof error !== 'object' || error === null) return new ApiError(API_MESSAGES.unexpected, { cause: error });
  const shape = error as ErrorShape;
  if (isNetworkFailure(shape)) return new ApiError(API_MESSAGES.unreachable, { retryable: true, cause: error });
  const status = numberOf(shape.status) ?? numberOf(shape.statusCode);
  if (shape.__isAuthError === true || /^Auth/.test(text(shape.name) ?? '')) {
    return new ApiError(authErrorMessage(error), {
      code: text(shape.code),
      status,
      retryable: status !== undefined && status >= 500,
      cause: error,
    });
  }
  if (shape.__isStorageError === true || /^Storage/.test(text(shape.name) ?? '')) return storageError(shape, status);
  const code = text(shape.code);
  if (code !== undefined) return databaseError(shape, code, status);
  if (status !== undefined) return databaseError(shape, '', status);
  return new ApiError(API_MESSAGES.unexpected, { cause: error });
}

/** The message to show a person for any error. */
export function userMessage(error: unknown): string {
  return toApiError(error).message;
}

type ApiResult<Data> =
  { readonly data: Data; readonly error: null } | { readonly data: unknown; readonly error: unknown };

/** The data of a supabase-js answer, or its error thrown as an ApiError. */
export function unwrap<Data>(result: ApiResult<Data>): Data {
  if (result.error !== null && result.error !== undefined) throw toApiError(result.error);
  return result.data as Data;
}
