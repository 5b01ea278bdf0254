import { type CampusCareClient, unwrap } from '@campuscare/shared';

/** Records a freshly uploaded photo on the member's own row (RLS lets members update their own avatar_path). */
export async function saveAvatarPath(
  client: CampusCareClient,
  { memberId, avatarPath }: { readonly memberId: string; readonly avatarPath: string },
): Promise<void> {
  unwrap(await client.from('members').update({ avatar_path: avatarPath }).eq('id', memberId));
}
