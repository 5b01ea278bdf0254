import { useApiQuery } from '../data/useApi';
import type { UniversityBadge } from './universityApi';
import { universityBadgeQuery, universityLogoUrlQuery } from './universityQueries';

/**
 * What a logo may be, in the same words wherever one is asked for (registration and the university's profile): the
 * types and size the bucket accepts (supabase/migrations/20260101000400_storage.sql).
 */
export const LOGO_HINT = "Your university's logo: a PNG, JPEG, GIF or WebP image of 2 MB at most.";

/** The current name and logo of the member's university, or null while unknown. */
export function useUniversityBadge(universityId: string | null): UniversityBadge | null {
  const query = useApiQuery(universityBadgeQuery(universityId ?? ''), { enabled: universityId !== null });
  return universityId ? (query.data ?? null) : null;
}

/** The public URL of a stored logo, or null without one. */
export function useUniversityLogoUrl(logoPath: string | null): string | null {
  const query = useApiQuery(universityLogoUrlQuery(logoPath ?? ''), { enabled: logoPath !== null });
  return logoPath ? (query.data ?? null) : null;
}
