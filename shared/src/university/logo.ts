import { useEffect, useState } from 'react';
import { getSupabase, type CampusCareClient } from '../supabase/client';

/** Public bucket: a university's logo shows on its join page before anyone signs in. */
export const UNIVERSITY_LOGOS_BUCKET = 'university-logos';

export function universityLogoUrl(client: CampusCareClient, logoPath: string | null): string | null {
  return logoPath ? client.storage.from(UNIVERSITY_LOGOS_BUCKET).getPublicUrl(logoPath).data.publicUrl : null;
}

/** The logo of the signed-in member's university (RLS returns only their own), or null when it has none. */
export function useUniversityLogoUrl(universityId: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!universityId) return undefined;
    let current = true;
    void getSupabase()
      .then(async (client) => {
        const { data } = await client.from('universities').select('logo_path').eq('id', universityId).maybeSingle();
        if (current) setUrl(universityLogoUrl(client, data?.logo_path ?? null));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [universityId]);
  return url;
}
