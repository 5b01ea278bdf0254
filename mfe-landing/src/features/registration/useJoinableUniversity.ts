import { useApiQuery } from '@campuscare/shared';
import { joinableUniversityQuery } from './registrationQueries';

/** Looks up the university a join code belongs to (null data: no university has that code). */
export function useJoinableUniversity(joinCode: string) {
  return useApiQuery(joinableUniversityQuery(joinCode));
}
