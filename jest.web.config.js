// Unit tests of the web apps (shared, shell, remotes) in jsdom; their harness (setup, fixtures, fake Supabase) is test/web.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/{shared,shell,mfe-*}/src/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/web/tsconfig.json' }],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/web/styleStub.ts',
    '^@supabase/supabase-js$': '<rootDir>/test/web/fakeSupabase.ts',
  },
  setupFiles: ['<rootDir>/test/web/setupGlobals.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/web/setupMatchers.ts'],
};
