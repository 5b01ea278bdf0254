import type { CampusCareClient } from '@campuscare/shared';
import {
  readVerification,
  TOO_MANY_CHECKS_MESSAGE,
  UNREADABLE_ANSWER_MESSAGE,
  verifyExcuseLetter,
} from './verifyLetterApi';

const found = {
  found: true,
  status: 'valid',
  student_name: 'Ada Okoro',
  university_name: 'Northfield University',
  starts_on: '2026-03-03',
  ends_on: '2026-03-05',
  issued_on: '2026-03-03',
  doctor_name: 'Dr Amelia Adams',
  revoked_on: null,
};

function clientAnswering(answer: { readonly data: unknown; readonly error: unknown; readonly status: number }) {
  const rpc = jest.fn(async () => answer);
  return { client: { rpc } as unknown as CampusCareClient, rpc };
}

describe('verify_excuse_letter as the page calls it', () => {
  it('sends the code as the database reads it and keeps only what the page may show', async () => {
    const { client, rpc } = clientAnswering({ data: { ...found, diagnosis: 'Malaria' }, error: null, status: 200 });
    await expect(verifyExcuseLetter(client, ' nfud-emav erfy-camp usca-re26 ')).resolves.toEqual(found);
    expect(rpc).toHaveBeenCalledWith('verify_excuse_letter', { code: 'NFUDEMAVERFYCAMPUSCARE26' });
  });

  it('tells an unknown code from a revoked letter', () => {
    expect(readVerification({ found: false })).toEqual({ found: false });
    expect(readVerification({ ...found, status: 'revoked', revoked_on: '2026-03-04' })).toEqual({
      ...found,
      status: 'revoked',
      revoked_on: '2026-03-04',
    });
  });

  it('says the gateway’s limit in words for people', async () => {
    const refusal = {
      code: 'over_request_rate_limit',
      message: 'Too many letter checks from your network. Please wait 30 seconds and try again.',
      details: null,
      hint: null,
    };
    const { client } = clientAnswering({ data: null, error: refusal, status: 429 });
    await expect(verifyExcuseLetter(client, 'NFUD-EMAV-ERFY-CAMP-USCA-RE26')).rejects.toMatchObject({
      message: TOO_MANY_CHECKS_MESSAGE,
      status: 429,
    });
    const { client: plain } = clientAnswering({ data: null, error: { message: 'Too Many Requests' }, status: 429 });
    await expect(verifyExcuseLetter(plain, 'NFUD-EMAV-ERFY-CAMP-USCA-RE26')).rejects.toMatchObject({
      message: TOO_MANY_CHECKS_MESSAGE,
    });
  });

  it('passes on the database’s refusal of input and refuses an answer of another shape', async () => {
    const { client } = clientAnswering({
      data: null,
      error: { code: 'P0001', message: 'Enter the verification code printed on the letter' },
      status: 400,
    });
    await expect(verifyExcuseLetter(client, ' ')).rejects.toThrow('Enter the verification code printed on the letter');
    expect(() => readVerification({ found: true, status: 'valid' })).toThrow(UNREADABLE_ANSWER_MESSAGE);
    expect(() => readVerification([])).toThrow(UNREADABLE_ANSWER_MESSAGE);
  });

  it('refuses an answer whose days are not calendar days', () => {
    expect(() => readVerification({ ...found, ends_on: 'soon' })).toThrow(UNREADABLE_ANSWER_MESSAGE);
    expect(() => readVerification({ ...found, status: 'revoked', revoked_on: 'yesterday' })).toThrow(
      UNREADABLE_ANSWER_MESSAGE,
    );
  });
});
