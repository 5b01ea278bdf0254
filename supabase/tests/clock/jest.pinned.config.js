/**
 * The database suite again at each pinned moment (`pinnedNows.js`): a test that holds only on some days or hours fails
 * here on every machine and every day, not only on the day it happens to meet its blind spot.
 */
const base = { ...require('../jest.config') };
// The suite's own setting when it runs alone; a project of the root run may not carry it (the root runs in band).
delete base.maxWorkers;
const pinnedNows = require('./pinnedNows');

module.exports = pinnedNows.map(({ name, at }) => ({
  ...base,
  rootDir: require('node:path').join(__dirname, '..'),
  displayName: `database @ ${name}`,
  globals: { campuscarePinnedNow: at },
}));
