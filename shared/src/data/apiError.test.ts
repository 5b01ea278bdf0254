import { API_MESSAGES, ApiError, toApiError, unwrap, userMessage } from './apiError';
import { AUTH_MESSAGES } from '../auth/authErrors';

describe('toApiError', () => {
  it('says a network failure for people and marks it worth retrying', () => {
    const error = toApiError(new TypeError('Failed to fetch'));
    expect(error.message).toBe(API_MESSAGES.unreachable);
    expect(error.retryable).toBe(true);
    expect(userMessage({ message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' })).toBe(
      API_MESSAGES.unreachable,
    );
  });

  it('names the field and the rule of a known constraint, in the rule’s words', () => {
    const error = toApiError({
      code: '23514',
      message: 'new row for relation "clinic_settings" violates check constraint "clinic_settings_slot_range"',
      details: null,
      hint: null,
    });
    expect(error).toMatchObject({
      message: 'Slots last between 10 and 240 minutes',
      field: 'slotMinutes',
      code: '23514',
      retryable: false,
    });
  });

  it('never shows raw database text for unknown constraints, refusals or bad values', () => {
    expect(userMessage({ code: '23514', message: 'violates check constraint "something_new"' })).toBe(
      API_MESSAGES.invalidValue,
    );
    expect(userMessage({ code: '23505', message: 'duplicate key value violates unique constraint "x_key"' })).toBe(
      API_MESSAGES.duplicate,
    );
    expect(
      userMessage({ code: '42501', message: 'new row violates row-level security policy for table "appointments"' }),
    ).toBe(API_MESSAGES.forbidden);
    expect(userMessage({ code: '22P02', message: 'invalid input syntax for type uuid: "x"' })).toBe(
      API_MESSAGES.invalidValue,
    );
    expect(userMessage({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' })).toBe(
      API_MESSAGES.notFound,
    );
    expect(userMessage({ code: 'PGRST301', message: 'JWT expired' })).toBe(API_MESSAGES.sessionEnded);
  });

  it('passes through the messages our own triggers and functions raise for people', () => {
    expect(userMessage({ code: 'P0001', message: 'That time is no longer free' })).toBe('That time is no longer free');
  });

  it('keeps the hint a refusal carries, for code that branches on it', () => {
    const refusal = {
      code: 'P0001',
      message: 'Penicillin V matches the student’s recorded allergy to penicillin',
      details: null,
      hint: 'allergy_acknowledgement_required',
    };
    expect(toApiError(refusal)).toMatchObject({
      code: 'P0001',
      hint: 'allergy_acknowledgement_required',
      message: refusal.message,
    });
    expect(
      toApiError({ code: 'P0001', message: 'That time is no longer free', details: null, hint: null }).hint,
    ).toBeUndefined();
  });

  it('says an overlap in the booking functions’ words, and a raw one for people', () => {
    expect(userMessage({ code: '23P01', message: 'That doctor is already booked at that time', status: 409 })).toBe(
      'That doctor is already booked at that time',
    );
    const raw = {
      code: '23P01',
      message: 'conflicting key value violates exclusion constraint "appointments_no_provider_overlap"',
      status: 409,
    };
    expect(userMessage(raw)).toBe(API_MESSAGES.timeTaken);
  });

  it('treats timeouts and server failures as worth retrying', () => {
    expect(toApiError({ code: '57014', message: 'canceling statement due to statement timeout' })).toMatchObject({
      message: API_MESSAGES.tooSlow,
      retryable: true,
    });
    expect(toApiError({ code: '', message: 'upstream', status: 503 })).toMatchObject({
      message: API_MESSAGES.serverError,
      retryable: true,
    });
  });

  it('says storage refusals for people (wrong file type, too large)', () => {
    const mismatch = {
      __isStorageError: true,
      name: 'StorageApiError',
      status: 400,
      message: 'file content does not match mime type image/png',
    };
    expect(userMessage(mismatch)).toBe(API_MESSAGES.fileType);
    expect(
      userMessage({ __isStorageError: true, name: 'StorageApiError', status: 413, message: 'Payload too large' }),
    ).toBe(API_MESSAGES.tooLarge);
  });

  it('uses the auth service’s wording for auth errors', () => {
    expect(
      userMessage({
        __isAuthError: true,
        name: 'AuthApiError',
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      }),
    ).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('keeps an ApiError as it is and turns anything else into the generic message', () => {
    const own = new ApiError('Choose a doctor', { field: 'doctor' });
    expect(toApiError(own)).toBe(own);
    expect(userMessage('boom')).toBe(API_MESSAGES.unexpected);
    expect(userMessage(new Error('Cannot read properties of undefined'))).toBe(API_MESSAGES.unexpected);
  });
});

describe('unwrap', () => {
  it('returns the data of a successful answer', () => {
    expect(unwrap({ data: [1, 2], error: null })).toEqual([1, 2]);
  });

  it('throws the error of a refused answer as an ApiError', () => {
    const refused = () =>
      unwrap({ data: null, error: { code: '42501', message: 'permission denied for table members' } });
    expect(refused).toThrow(ApiError);
    expect(refused).toThrow(API_MESSAGES.forbidden);
  });
});
