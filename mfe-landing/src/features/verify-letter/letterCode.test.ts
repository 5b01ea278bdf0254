import { groupLetterCode, LETTER_CODE_MESSAGES, letterCodeError, normaliseLetterCode } from './letterCode';

const DEMO_CODE = 'NFUD-EMAV-ERFY-CAMP-USCA-RE26';

describe('excuse letter codes', () => {
  it('reads a code as the database does: no spaces or dashes, in capitals', () => {
    expect(normaliseLetterCode(DEMO_CODE)).toBe('NFUDEMAVERFYCAMPUSCARE26');
    expect(normaliseLetterCode(' nfud emav-erfy\u3000camp  usca re26 ')).toBe('NFUDEMAVERFYCAMPUSCARE26');
    expect(groupLetterCode('nfudemaverfycampuscare26')).toBe(DEMO_CODE);
  });

  it('refuses only what the database refuses: nothing, control characters, more than 64 characters', () => {
    expect(letterCodeError(DEMO_CODE)).toBeUndefined();
    expect(letterCodeError('nfud emav erfy camp usca re26')).toBeUndefined();
    // Not a code, but the database answers that no letter has it rather than refusing it.
    expect(letterCodeError('ABC')).toBeUndefined();
    expect(letterCodeError('')).toBe(LETTER_CODE_MESSAGES.empty);
    expect(letterCodeError('  - - ')).toBe(LETTER_CODE_MESSAGES.empty);
    expect(letterCodeError('NFUD\nEMAV')).toBe(LETTER_CODE_MESSAGES.invalid);
    expect(letterCodeError('A'.repeat(65))).toBe(LETTER_CODE_MESSAGES.tooLong);
    expect(letterCodeError(`${'A'.repeat(64)}----`)).toBeUndefined();
  });
});
