// Unit tests of the web apps (shared, shell, remotes) in jsdom.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/{shared,shell,mfe-*}/src/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/shell/tsconfig.json' }],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/shell/src/test/styleStub.ts',
    '^@supabase/supabase-js$': '<rootDir>/shell/src/test/fakeSupabase.ts',
  },
  setupFiles: ['<rootDir>/shell/src/test/setupGlobals.ts'],
  setupFilesAfterEnv: ['<rootDir>/shell/src/test/setupMatchers.ts'],
};
