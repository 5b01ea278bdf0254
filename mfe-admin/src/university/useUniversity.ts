import { queryKeys, useApiMutation, useApiQuery, useUserProfile } from '@campuscare/shared';
import { fetchUniversity, updateUniversity } from './universityApi';

/** The signed-in admin's university row; waits until the profile says which university that is. */
export function useUniversity() {
  const profile = useUserProfile();
  const universityId = profile.status === 'signedIn' ? profile.member.university_id : '';
  return useApiQuery([...queryKeys.university, universityId], (client) => fetchUniversity(client, universityId), {
    enabled: universityId !== '',
  });
}

/**
 * Changes the university's details or logo. The top bar shows the university's name from the profile, so both are
 * refreshed; the caller says what succeeded (`mutateAsync` from a form) or leaves the refusal to the toast.
 */
export function useUniversityUpdate() {
  return useApiMutation(updateUniversity, { invalidates: [queryKeys.university, queryKeys.profile], errors: 'caller' });
}
