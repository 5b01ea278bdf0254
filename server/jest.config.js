/** Integration tests: each file starts a throwaway stack (embedded PostgreSQL + PostgREST + gateway). */
module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] },
  testTimeout: 60_000,
};
