// Browser end-to-end tests: real Chromium against the real stack, started by the suite; one at a time.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/support/environment.ts',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  globalSetup: '<rootDir>/support/globalSetup.ts',
  maxWorkers: 1,
  testTimeout: 120_000,
};
