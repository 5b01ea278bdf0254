import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signJwt } from './jwt';

export interface StackSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Password of the `authenticator` login role PostgREST connects as. */
  authenticatorPassword: string;
  /** Password of the cluster superuser the server itself uses. */
  superuserPassword: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** Generated on first start and kept in the data directory, so no secret ever lives in git. */
export function loadOrCreateSecrets(dataDir: string): StackSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const jwtSecret = randomBytes(48).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const apiKey = (role: string) => signJwt({ iss: 'supabase', role, iat, exp: iat + TEN_YEARS }, jwtSecret);
  const secrets: StackSecrets = {
    jwtSecret,
    anonKey: apiKey('anon'),
    serviceRoleKey: apiKey('service_role'),
    authenticatorPassword: randomBytes(24).toString('base64url'),
    superuserPassword: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
