/**
 * The moments the database suite also runs at, with PostgreSQL's clock pinned there (libfaketime): the days and hours
 * on which date arithmetic in tests or functions goes wrong. Times are the clinic's (Northfield, America/New_York).
 */
module.exports = [
  { name: 'a Thursday 10:00', at: '2026-12-03T10:00:00-05:00' },
  { name: 'a Wednesday 18:00', at: '2026-12-02T18:00:00-05:00' },
  { name: 'a Saturday', at: '2026-12-05T12:00:00-05:00' },
  // The United States move their clocks forward on Sunday 14 March 2027.
  { name: 'the day before a DST change', at: '2027-03-13T11:00:00-05:00' },
  // 20:00 in New York is already 1 January in UTC and in London (Southbank).
  { name: '31 December, 20:00', at: '2026-12-31T20:00:00-05:00' },
];
