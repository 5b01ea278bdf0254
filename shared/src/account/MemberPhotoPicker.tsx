import { AVATARS_BUCKET, imageObjectPath, type Member, useApiMutation, useAvatarUrl } from '@campuscare/shared';
import { avatarPathMutation } from './avatarQueries';
import { PhotoPicker } from './PhotoPicker';

/** The member's own profile photo: upload to their avatars folder, then record the path on their row. */
export function MemberPhotoPicker({ member }: { readonly member: Member }) {
  const avatarUrl = useAvatarUrl(member.avatar_path);
  const saveAvatar = useApiMutation(avatarPathMutation, { errors: 'caller' });
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
