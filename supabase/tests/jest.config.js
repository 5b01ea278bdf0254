/** Database tests: real PostgreSQL (embedded), one cluster per test file. */
module.exports = {
  displayName: 'database',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.test.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testTimeout: 180000,
  // Two cores: one cluster at a time keeps start-up and bcrypt from starving each other.
  maxWorkers: 1,
};
