import { apiMutation, queryKeys, uploadImage } from '@campuscare/shared';
import { saveAvatarPath } from './avatarApi';

/** A picture uploaded, then `onUploaded` with its stored path (recording it somewhere): shown images are re-read. */
export const photoUploadMutation = (onUploaded: (path: string) => Promise<unknown> | void) =>
  apiMutation({
    run: async (client, upload: { readonly bucket: string; readonly path: string; readonly file: File }) => {
      await onUploaded(await uploadImage(client, upload));
    },
    invalidates: [queryKeys.images],
  });

/** The member's own new photo, recorded on their row: the profile and the shown images are re-read. */
export const avatarPathMutation = apiMutation({
  run: saveAvatarPath,
  invalidates: [queryKeys.profile, queryKeys.images],
  success: 'Profile photo updated',
});
