import { queryKeys } from '../data/queryKeys';
import { useApiMutation } from '../data/useApi';
import type { Member } from '../database.types';
import { saveAvatarPath } from './avatarApi';
import { imageObjectPath } from './imageApi';
import { PhotoPicker } from './PhotoPicker';
import { AVATARS_BUCKET, useAvatarUrl } from './StoredImage';

/** The member's own profile photo: upload to their avatars folder, then record the path on their row. */
export function MemberPhotoPicker({ member }: { readonly member: Member }) {
  const avatarUrl = useAvatarUrl(member.avatar_path);
  const saveAvatar = useApiMutation(saveAvatarPath, {
    invalidates: [queryKeys.profile, queryKeys.images],
    success: 'Profile photo updated',
    errors: 'caller',
  });
  return (
    <PhotoPicker
      label="Profile photo"
      bucket={AVATARS_BUCKET}
      pathFor={(file) => imageObjectPath(member.id, 'avatar', file)}
      currentUrl={avatarUrl}
      onUploaded={(avatarPath) => saveAvatar.mutateAsync({ memberId: member.id, avatarPath })}
    />
  );
}
