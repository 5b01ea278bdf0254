import { unwrap } from '../data/apiError';
import type { CampusCareClient } from '../supabase/client';

/** Public bucket: a university's logo shows on its join page before anyone signs in. */
export const UNIVERSITY_LOGOS_BUCKET = 'university-logos';

export function universityLogoUrl(client: CampusCareClient, logoPath: string | null): string | null {
  return logoPath ? client.storage.from(UNIVERSITY_LOGOS_BUCKET).getPublicUrl(logoPath).data.publicUrl : null;
}

/** What the top bar shows of the signed-in member's university. */
export interface UniversityBadge {
  readonly name: string;
  readonly logoUrl: string | null;
}

/** The name and logo of a university (RLS returns only the member's own), or null when it is not visible. */
export async function loadUniversityBadge(
  client: CampusCareClient,
  universityId: string,
): Promise<UniversityBadge | null> {
  const university = unwrap<{ name: string; logo_path: string | null } | null>(
    await client.from('universities').select('name, logo_path').eq('id', universityId).maybeSingle(),
  );
  return university ? { name: university.name, logoUrl: universityLogoUrl(client, university.logo_path) } : null;
}
