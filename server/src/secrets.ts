import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JwtError, signJwt, verifyJwt } from './jwt';

/** What every gateway process of one deployment must share: tokens one signs, another verifies. */
export interface StackSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Password of the `authenticator` login role PostgREST connects as. */
  authenticatorPassword: string;
}

/** The embedded cluster's secrets: the shared ones and the superuser's password, which only this machine knows. */
export interface LocalSecrets extends StackSecrets {
  superuserPassword: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** A fresh JWT secret, the anon and service_role keys signed with it, and the authenticator's password. */
export function generateSecrets(): StackSecrets {
  const jwtSecret = randomBytes(48).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const apiKey = (role: string) => signJwt({ iss: 'supabase', role, iat, exp: iat + TEN_YEARS }, jwtSecret);
  return {
    jwtSecret,
    anonKey: apiKey('anon'),
    serviceRoleKey: apiKey('service_role'),
    authenticatorPassword: randomBytes(24).toString('base64url'),
  };
}

/** Generated on first start and kept in the data directory, so no secret ever lives in git. */
export function loadOrCreateSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = { ...generateSecrets(), superuserPassword: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The variables `secretsFromEnv` reads, as secrets-cli.ts prints them for an .env file. */
export const SECRET_VARIABLES = {
  jwtSecret: 'JWT_SECRET',
  anonKey: 'ANON_KEY',
  serviceRoleKey: 'SERVICE_ROLE_KEY',
  authenticatorPassword: 'AUTHENTICATOR_PASSWORD',
} as const satisfies Record<keyof StackSecrets, string>;

/**
 * The shared secrets of a deployment on an external database, from the environment. The keys are checked against the
 * secret and their role at start-up: a gateway handing out a key the others refuse would fail only in the browser.
 */
export function secretsFromEnv(env: NodeJS.ProcessEnv): StackSecrets {
  const read = (name: string) => {
    const value = env[name];
    if (!value)
      throw new Error(
        `${name} must be set when DATABASE_URL is (print a fresh set with: node --import tsx server/src/secrets-cli.ts)`,
      );
    return value;
  };
  const secrets: StackSecrets = {
    jwtSecret: read(SECRET_VARIABLES.jwtSecret),
    anonKey: read(SECRET_VARIABLES.anonKey),
    serviceRoleKey: read(SECRET_VARIABLES.serviceRoleKey),
    authenticatorPassword: read(SECRET_VARIABLES.authenticatorPassword),
  };
  // PostgREST refuses HS256 secrets shorter than 32 characters.
  if (secrets.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  for (const [name, key, role] of [
    [SECRET_VARIABLES.anonKey, secrets.anonKey, 'anon'],
    [SECRET_VARIABLES.serviceRoleKey, secrets.serviceRoleKey, 'service_role'],
  ] as const) {
    let claims;
    try {
      claims = verifyJwt(key, secrets.jwtSecret);
    } catch (error) {
      if (error instanceof JwtError)
        throw new Error(`${name} is not a valid key for this JWT_SECRET: ${error.message}`);
      throw error;
    }
    if (claims.role !== role) throw new Error(`${name} must carry role "${role}", not "${String(claims.role)}"`);
  }
  return secrets;
}
