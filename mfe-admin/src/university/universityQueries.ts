import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { fetchUniversity, updateUniversity } from './universityApi';

/** The signed-in admin's university. */
export const universityQuery = (id: string) =>
  apiQuery({ key: [...queryKeys.university, id], load: (client) => fetchUniversity(client, id) });

/**
 * A change of the university's details or logo. The top bar shows the university's name from the profile, so both
 * are refreshed.
 */
export const updateUniversityMutation = apiMutation({
  run: updateUniversity,
  invalidates: [queryKeys.university, queryKeys.profile],
  success: 'University details saved',
});

/** A new logo: the same change, said as such. */
export const updateUniversityLogoMutation = apiMutation({ ...updateUniversityMutation, success: 'Logo updated' });
