import { cachedApiTokenVerifier, JwtError, signJwt } from '../src/jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = 1_800_000_000;

function userToken(sub: string, exp: number, secret = SECRET): string {
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp, iat: NOW - 10 }, secret);
}

describe('cachedApiTokenVerifier', () => {
  let clock = NOW;
  const verifier = (maxEntries?: number) => cachedApiTokenVerifier(SECRET, { maxEntries, nowSeconds: () => clock });
  beforeEach(() => {
    clock = NOW;
  });

  it('gives the same claims for a token it has verified', () => {
    const verify = verifier();
    const token = userToken('user-1', NOW + 60);
    const first = verify(token);
    expect(first.sub).toBe('user-1');
    expect(verify(token)).toBe(first);
  });

  it('refuses a remembered token once its own exp has passed', () => {
    const verify = verifier();
    const token = userToken('user-1', NOW + 60);
    verify(token);
    clock = NOW + 60;
    expect(() => verify(token)).toThrow(/expired/);
    clock = NOW;
    expect(verify(token).sub).toBe('user-1');
  });

  it('refuses every time a token that never verified: bad signature, other audience, no expiry', () => {
    const verify = verifier();
    const forged = userToken('user-1', NOW + 60, 'another-secret-of-the-same-sort-and-size!!');
    const otherAudience = signJwt({ sub: 'user-1', role: 'authenticated', aud: 'elsewhere', exp: NOW + 60 }, SECRET);
    const noExpiry = signJwt({ sub: 'user-1', role: 'authenticated', aud: 'authenticated' }, SECRET);
    for (const token of [forged, otherAudience, noExpiry]) {
      expect(() => verify(token)).toThrow(JwtError);
      expect(() => verify(token)).toThrow(JwtError);
    }
  });

  it('keeps at most maxEntries tokens, and a forgotten one is verified afresh', () => {
    const verify = verifier(2);
    const tokens = ['a', 'b', 'c'].map((sub) => userToken(sub, NOW + 60));
    const firstA = verify(tokens[0]);
    verify(tokens[1]);
    verify(tokens[2]);
    const againA = verify(tokens[0]);
    expect(againA).not.toBe(firstA);
    expect(againA).toEqual(firstA);
  });

  it('hands out claims nobody can change for the next caller', () => {
    const verify = verifier();
    const token = userToken('user-1', NOW + 60);
    const claims = verify(token);
    expect(() => {
      (claims as { sub?: string }).sub = 'someone-else';
    }).toThrow(TypeError);
    expect(verify(token).sub).toBe('user-1');
  });
});
