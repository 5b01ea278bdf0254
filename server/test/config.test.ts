import { readConfig } from '../src/config';
import { generateSecrets, secretsFromEnv } from '../src/secrets';
import { signJwt } from '../src/jwt';

const ROOT = '/srv/campuscare';
const DATABASE_URL = 'postgresql://campuscare:pw@db.internal:5432/campuscare';

describe('readConfig', () => {
  it('keeps `npm start` as it was when nothing is set', () => {
    expect(readConfig({}, ROOT)).toEqual({
      port: 8080,
      host: undefined,
      publicUrl: undefined,
      dataDir: `${ROOT}/.data`,
      storageDir: undefined,
      databaseUrl: undefined,
      seed: undefined,
      smtpUrl: undefined,
      mailFrom: undefined,
      deliverEmail: true,
      trustProxy: false,
      authRateLimits: {},
    });
  });

  it('reads the scale-out settings', () => {
    const config = readConfig(
      {
        DATABASE_URL,
        PUBLIC_URL: 'https://care.example.edu/',
        STORAGE_DIR: '/mnt/shared',
        EMAIL_DELIVERY: 'worker',
        SEED: 'true',
        TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
        RATE_LIMIT_SIGNUP: '5',
        RATE_LIMIT_USER_UPDATE: '7',
        RATE_LIMIT_SIGN_IN_FAILURE_WINDOW_SECONDS: '60',
      },
      ROOT,
    );
    expect(config).toMatchObject({
      databaseUrl: DATABASE_URL,
      publicUrl: 'https://care.example.edu',
      storageDir: '/mnt/shared',
      deliverEmail: false,
      seed: true,
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      authRateLimits: { signup: 5, userUpdate: 7, signInFailureWindowSeconds: 60 },
    });
  });

  it('trusts the first N proxy hops', () => {
    const { trustProxy } = readConfig({ TRUST_PROXY: '1' }, ROOT);
    if (typeof trustProxy !== 'function') throw new Error('expected a function');
    expect([trustProxy('10.0.0.1', 0), trustProxy('10.0.0.2', 1)]).toEqual([true, false]);
  });

  it.each([
    [{ PORT: 'http' }, /^PORT must be a whole number from 1 to 65535/],
    [{ PORT: '70000' }, /^PORT must be/],
    [{ PUBLIC_URL: 'care.example.edu' }, /^PUBLIC_URL must be an http\(s\) origin/],
    [{ DATABASE_URL: 'mysql://db/campuscare' }, /^DATABASE_URL must start with postgresql:\/\//],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL must be a URL/],
    [{ SEED: 'yes' }, /^SEED must be true or false/],
    [{ EMAIL_DELIVERY: 'smtp' }, /^EMAIL_DELIVERY must be "in-process" or "worker"/],
    [{ EMAIL_DELIVERY: 'worker' }, /^EMAIL_DELIVERY=worker needs DATABASE_URL/],
    [{ RATE_LIMIT_TOKEN: '0' }, /^RATE_LIMIT_TOKEN must be a whole number/],
    [{ RATE_LIMIT_TOKEN: '1.5' }, /^RATE_LIMIT_TOKEN must be a whole number/],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env, ROOT)).toThrow(message);
  });
});

describe('secretsFromEnv', () => {
  const generated = generateSecrets();
  const env = {
    JWT_SECRET: generated.jwtSecret,
    ANON_KEY: generated.anonKey,
    SERVICE_ROLE_KEY: generated.serviceRoleKey,
    AUTHENTICATOR_PASSWORD: generated.authenticatorPassword,
  };

  it('accepts a set printed by secrets-cli', () => {
    expect(secretsFromEnv(env)).toEqual(generated);
  });

  it('refuses a missing secret, a short one, and keys of another secret or role', () => {
    expect(() => secretsFromEnv({ ...env, AUTHENTICATOR_PASSWORD: '' })).toThrow(/^AUTHENTICATOR_PASSWORD must be set/);
    expect(() => secretsFromEnv({ ...env, JWT_SECRET: 'short' })).toThrow(/^JWT_SECRET must be at least 32 characters/);
    expect(() => secretsFromEnv({ ...env, ANON_KEY: generateSecrets().anonKey })).toThrow(
      /^ANON_KEY is not a valid key for this JWT_SECRET/,
    );
    expect(() => secretsFromEnv({ ...env, ANON_KEY: env.SERVICE_ROLE_KEY })).toThrow(
      'ANON_KEY must carry role "anon", not "service_role"',
    );
    const expired = signJwt({ role: 'service_role', exp: 1 }, env.JWT_SECRET);
    expect(() => secretsFromEnv({ ...env, SERVICE_ROLE_KEY: expired })).toThrow(/^SERVICE_ROLE_KEY is not a valid key/);
  });
});
