import { useApiQuery, useUserProfile } from '@campuscare/shared';
import { universityQuery } from './universityQueries';

/** The signed-in admin's university row; waits until the profile says which university that is. */
export function useUniversity() {
  const profile = useUserProfile();
  const universityId = profile.status === 'signedIn' ? profile.member.university_id : '';
  return useApiQuery(universityQuery(universityId), { enabled: universityId !== '' });
}
