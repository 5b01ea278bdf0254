import { queryKeys, useApiQuery } from '@campuscare/shared';
import { findUniversityByJoinCode } from './registrationApi';

/** Looks up the university a join code belongs to (null data: no university has that code). */
export function useJoinableUniversity(joinCode: string) {
  return useApiQuery([...queryKeys.university, 'join-code', joinCode], (client) =>
    findUniversityByJoinCode(client, joinCode),
  );
}
