import { resolve } from 'node:path';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './gateway/context';
import { parseDatabaseUrl } from './postgres/database';

/** Who Fastify believes about `X-Forwarded-For` (its `trustProxy`): nobody, every hop, these addresses, or the first N hops. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Everything `npm start` and `npm run worker` take from the environment (documented in docs/deploy.md). A value that
 * cannot be used throws, with a message naming the variable and what it should look like.
 */
export interface ServerConfig {
  port: number;
  host?: string;
  publicUrl?: string;
  dataDir: string;
  /** Where stored files live; a directory every gateway process mounts when there are several. */
  storageDir?: string;
  /** An external PostgreSQL instead of the embedded cluster. */
  databaseUrl?: string;
  /** Run supabase/seed.sql: unset seeds only a freshly created embedded cluster. */
  seed?: boolean;
  smtpUrl?: string;
  mailFrom?: string;
  /** This gateway runs a mail worker as its child (off when `npm run worker` processes deliver the outbox instead). */
  deliverEmail: boolean;
  trustProxy: TrustProxy;
  authRateLimits: Partial<AuthRateLimits>;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number <= 0 || number > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return number;
}

function url(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
    // Links and the token issuer are built by appending paths, so the origin is what counts.
    return parsed.origin;
  } catch {
    throw new Error(`${name} must be an http(s) origin like https://care.example.edu, got "${value}"`);
  }
}

function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const value = env.TRUST_PROXY;
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/**
 * `RATE_LIMIT_TOKEN`, `RATE_LIMIT_SIGNUP`, … `RATE_LIMIT_WINDOW_SECONDS`: GoTrue-style overrides of the auth limits, and
 * `RATE_LIMIT_LETTER_VERIFICATION`, `RATE_LIMIT_LETTER_VERIFICATION_WINDOW_SECONDS` for the excuse-letter check.
 */
function rateLimits(env: NodeJS.ProcessEnv): Partial<AuthRateLimits> {
  const limits: Partial<AuthRateLimits> = {};
  for (const key of Object.keys(DEFAULT_AUTH_RATE_LIMITS) as (keyof AuthRateLimits)[]) {
    const value = positiveInteger(env, `RATE_LIMIT_${snakeCase(key)}`);
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

export function readConfig(env: NodeJS.ProcessEnv, repoRoot: string): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl) {
    try {
      parseDatabaseUrl(databaseUrl);
    } catch (error) {
      throw new Error((error as Error).message);
    }
  }
  const delivery = env.EMAIL_DELIVERY || 'in-process';
  if (delivery !== 'in-process' && delivery !== 'worker') {
    throw new Error(`EMAIL_DELIVERY must be "in-process" or "worker", got "${delivery}"`);
  }
  if (delivery === 'worker' && !databaseUrl) {
    throw new Error('EMAIL_DELIVERY=worker needs DATABASE_URL: `npm run worker` cannot reach the embedded database');
  }
  return {
    port: positiveInteger(env, 'PORT', 65535) ?? 8080,
    host: env.HOST || undefined,
    publicUrl: url(env, 'PUBLIC_URL'),
    dataDir: resolve(repoRoot, env.CAMPUSCARE_DATA_DIR || '.data'),
    storageDir: env.STORAGE_DIR ? resolve(repoRoot, env.STORAGE_DIR) : undefined,
    databaseUrl,
    seed: flag(env, 'SEED'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    deliverEmail: delivery === 'in-process',
    trustProxy: trustProxy(env),
    authRateLimits: rateLimits(env),
  };
}
