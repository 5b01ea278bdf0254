/** `npm test` runs every suite: server integration, database RLS matrix, web unit tests and the browser e2e suite. */
module.exports = {
  projects: [
    '<rootDir>/server/jest.config.js',
    '<rootDir>/supabase/tests/jest.config.js',
    ...require('./supabase/tests/clock/jest.pinned.config.js'),
    '<rootDir>/jest.web.config.js',
    '<rootDir>/e2e/jest.config.js',
  ],
  // A global option: Jest ignores per-project timeouts when it runs several projects, and the suites that start a
  // database cluster or a browser need more than the 5 s default (on a loaded 2-core machine, stopping one can take 5 s).
  testTimeout: 180_000,
};
