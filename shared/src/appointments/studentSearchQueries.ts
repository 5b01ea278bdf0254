import { apiQuery, queryKeys } from '@campuscare/shared';
import { searchActiveStudents } from './studentSearchApi';

/** The active students matching `term`; the previous answer stays while the next term is looked up. */
export const activeStudentsQuery = (term: string) =>
  apiQuery({
    key: [...queryKeys.members, 'active students', term],
    load: (client) => searchActiveStudents(client, term),
    keepPrevious: true,
  });
