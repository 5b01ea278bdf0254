import type { Member } from '../database.types';
import { getSupabase } from '../supabase/client';
import { notifySuccess } from '../toast/toast';
import { saveAvatarPath } from './avatarApi';
import { imageObjectPath } from './imageApi';
import { PhotoPicker } from './PhotoPicker';
import { AVATARS_BUCKET, useAvatarUrl } from './StoredImage';

/** The member's own profile photo: upload to their avatars folder, record the path, then let the page refresh. */
export function MemberPhotoPicker({ member, onChanged }: { readonly member: Member; readonly onChanged: () => Promise<void> }) {
  const avatarUrl = useAvatarUrl(member.avatar_path);
  const stored = async (path: string) => {
    await saveAvatarPath(await getSupabase(), member.id, path);
    await onChanged();
    notifySuccess('Profile photo updated');
  };
  return (
    <PhotoPicker
      label="Profile photo"
      bucket={AVATARS_BUCKET}
      pathFor={(file) => imageObjectPath(member.id, 'avatar', file)}
      currentUrl={avatarUrl}
      onUploaded={stored}
    />
  );
}
