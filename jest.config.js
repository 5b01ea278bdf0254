/** `npm test` runs every suite: server integration and the database RLS matrix. */
module.exports = {
  projects: ['<rootDir>/server/jest.config.js', '<rootDir>/supabase/tests/jest.config.js'],
};
