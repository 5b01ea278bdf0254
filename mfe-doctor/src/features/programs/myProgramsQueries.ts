import { apiQuery, queryKeys } from '@campuscare/shared';
import { countMyPrograms } from './myProgramsApi';

export const myProgramCountQuery = (memberId: string) =>
  apiQuery({ key: [...queryKeys.programs, 'count', memberId], load: (client) => countMyPrograms(client, memberId) });
