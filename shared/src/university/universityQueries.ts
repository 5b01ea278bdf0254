import { queryKeys } from '../data/queryKeys';
import { apiQuery } from '../data/useApi';
import { loadUniversityBadge, UNIVERSITY_LOGOS_BUCKET, universityLogoUrl } from './universityApi';

/**
 * The current name and logo of the member's university. Under `queryKeys.university`, so renaming the university or
 * changing its logo (which invalidate that root) shows at once wherever it is displayed.
 */
export const universityBadgeQuery = (universityId: string) =>
  apiQuery({
    key: [...queryKeys.university, 'badge', universityId],
    load: (client) => loadUniversityBadge(client, universityId),
  });

/** The public URL of a stored logo. */
export const universityLogoUrlQuery = (logoPath: string) =>
  apiQuery({
    key: [...queryKeys.images, UNIVERSITY_LOGOS_BUCKET, logoPath],
    load: async (client) => universityLogoUrl(client, logoPath),
  });
