import { unwrap } from '../data/apiError';
import { queryKeys } from '../data/queryKeys';
import { useApiQuery } from '../data/useApi';
import type { CampusCareClient } from '../supabase/client';

/** Public bucket: a university's logo shows on its join page before anyone signs in. */
export const UNIVERSITY_LOGOS_BUCKET = 'university-logos';

/**
 * What a logo may be, in the same words wherever one is asked for (registration and the university's profile): the
 * types and size the bucket accepts (supabase/migrations/20260101000400_storage.sql).
 */
export const LOGO_HINT = "Your university's logo: a PNG, JPEG, GIF or WebP image of 2 MB at most.";

export function universityLogoUrl(client: CampusCareClient, logoPath: string | null): string | null {
  return logoPath ? client.storage.from(UNIVERSITY_LOGOS_BUCKET).getPublicUrl(logoPath).data.publicUrl : null;
}

/** What the top bar shows of the signed-in member's university. */
interface UniversityBadge {
  readonly name: string;
  readonly logoUrl: string | null;
}

/** The name and logo of a university (RLS returns only the member's own), or null when it is not visible. */
async function loadUniversityBadge(client: CampusCareClient, universityId: string): Promise<UniversityBadge | null> {
  const university = unwrap<{ name: string; logo_path: string | null } | null>(
    await client.from('universities').select('name, logo_path').eq('id', universityId).maybeSingle(),
  );
  return university ? { name: university.name, logoUrl: universityLogoUrl(client, university.logo_path) } : null;
}

/**
 * The current name and logo of the member's university. Cached under `queryKeys.university`, so renaming the
 * university or changing its logo (which invalidate that root) shows at once wherever it is displayed.
 */
export function useUniversityBadge(universityId: string | null): UniversityBadge | null {
  const query = useApiQuery(
    [...queryKeys.university, 'badge', universityId],
    (client) => loadUniversityBadge(client, universityId ?? ''),
    {
      enabled: universityId !== null,
    },
  );
  return universityId ? (query.data ?? null) : null;
}

/** The public URL of a stored logo, or null without one. */
export function useUniversityLogoUrl(logoPath: string | null): string | null {
  const query = useApiQuery(
    [...queryKeys.images, UNIVERSITY_LOGOS_BUCKET, logoPath],
    async (client) => universityLogoUrl(client, logoPath),
    {
      enabled: logoPath !== null,
    },
  );
  return logoPath ? (query.data ?? null) : null;
}
