import type { ImgHTMLAttributes } from 'react';
import { useApiQuery } from '../data/useApi';
import { signedImageUrlQuery } from './imageQueries';

export const AVATARS_BUCKET = 'avatars';

/** A short-lived URL for an image in a private bucket; null while loading, without a path, or when refused. */
function useSignedImageUrl(bucket: string, path: string | null | undefined): string | null {
  const query = useApiQuery(signedImageUrlQuery(bucket, path ?? ''), { enabled: Boolean(path) });
  return path ? (query.data ?? null) : null;
}

/** The signed URL of a member's avatar (`members.avatar_path` in the private `avatars` bucket). */
export function useAvatarUrl(avatarPath: string | null | undefined): string | null {
  return useSignedImageUrl(AVATARS_BUCKET, avatarPath);
}

type StoredImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  readonly bucket: string;
  readonly path: string | null | undefined;
  readonly alt: string;
};

/** An image from a private bucket; renders nothing until its signed URL is known. */
export function StoredImage({ bucket, path, alt, ...imageProps }: StoredImageProps) {
  const url = useSignedImageUrl(bucket, path);
  return url ? <img src={url} alt={alt} {...imageProps} /> : null;
}
