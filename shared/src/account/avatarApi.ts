import type { CampusCareClient } from '../supabase/client';

/** Records a freshly uploaded photo on the member's own row (RLS lets members update their own avatar_path). */
export async function saveAvatarPath(client: CampusCareClient, memberId: string, avatarPath: string): Promise<void> {
  const { error } = await client.from('members').update({ avatar_path: avatarPath }).eq('id', memberId);
  if (error) throw new Error(error.message);
}
