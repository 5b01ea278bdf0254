import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & {
  exp?: number;
  iat?: number;
  nbf?: number;
  role?: string;
  sub?: string;
};

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function signature(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${signature(body, secret).toString('base64url')}`;
}

export class JwtError extends Error {}

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case); undefined for anything else. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
}

/** Verifies an HS256 token, its expiry and its not-before time; any other algorithm is refused. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('invalid JWT: unable to parse or verify signature, token is malformed');
  const [header, payload, sig] = parts;
  let parsedHeader: { alg?: string };
  let claims: JwtClaims;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('invalid JWT: unable to parse or verify signature, token is malformed');
  }
  if (parsedHeader.alg !== 'HS256')
    throw new JwtError('invalid JWT: unable to parse or verify signature, signing method is invalid');
  const expected = signature(`${header}.${payload}`, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('invalid JWT: unable to parse or verify signature, signature is invalid');
  }
  if (typeof claims !== 'object' || claims === null) throw new JwtError('invalid JWT: claims are not an object');
  // A token that never expires could never be taken back, so one without `exp` is no token at all.
  if (typeof claims.exp !== 'number') throw new JwtError('invalid JWT: token has invalid claims: token has no expiry');
  if (claims.exp <= nowSeconds) {
    throw new JwtError('invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired');
  }
  // As PostgREST does: a token is not valid before its `nbf`, so one minted for later cannot be used early.
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)) {
    throw new JwtError(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is not valid yet',
    );
  }
  return claims;
}

/** The audience of user access tokens (GoTrue's `aud`); the API keys name none. */
export const API_AUDIENCE = 'authenticated';

/**
 * Verifies a token presented to the API (an API key or a user's access token): a token issued for another audience,
 * or a user token that names none, is refused even when its signature is good.
 */
export function verifyApiToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims {
  const claims = verifyJwt(token, secret, nowSeconds);
  const audiences = claims.aud === undefined ? [] : Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const forThisApi = audiences.includes(API_AUDIENCE);
  if ((audiences.length > 0 && !forThisApi) || (claims.role === 'authenticated' && !forThisApi)) {
    throw new JwtError('invalid JWT: token has invalid claims: the audience is not this API');
  }
  return claims;
}

/**
 * verifyApiToken with PostgREST's JWT cache (`jwt-cache-max-lifetime`): a token that verified is remembered until its
 * own `exp`, so a client's every request does not pay for the HMAC and the parsing again. Only tokens that verified
 * are kept, at most `maxEntries` (the oldest go first); a refused token is checked afresh each time.
 */
export function cachedApiTokenVerifier(
  secret: string,
  { maxEntries = 10_000, nowSeconds = () => Math.floor(Date.now() / 1000) } = {},
): (token: string) => JwtClaims {
  const verified = new Map<string, JwtClaims & { exp: number }>();
  return (token) => {
    const now = nowSeconds();
    const cached = verified.get(token);
    if (cached !== undefined && cached.exp > now) return cached;
    verified.delete(token);
    const claims = verifyApiToken(token, secret, now);
    if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
    // verifyJwt refuses a token without a numeric exp, so every token that gets here has one.
    verified.set(token, Object.freeze(claims) as JwtClaims & { exp: number });
    return claims;
  };
}
