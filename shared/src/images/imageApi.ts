import { unwrap } from '../data/apiError';
import type { CampusCareClient } from '../supabase/client';
import { isImageFile, MESSAGES } from '../validation/schemas';

/** Matches the storage buckets' file_size_limit (2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export const IMAGE_TOO_LARGE_MESSAGE = 'Choose an image of 2 MB or less';

/** Seconds a signed URL of a private image stays valid. */
const SIGNED_URL_SECONDS = 60 * 60;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Why `file` cannot be uploaded as a picture, or undefined when it can. */
export function imageFileError(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!isImageFile(file)) return MESSAGES.imagesOnly;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return undefined;
}

/** `<folder>/<baseName>.<ext>` for an image file; the extension follows the file's type. */
export function imageObjectPath(folder: string, baseName: string, file: Pick<File, 'type'>): string {
  const extension = EXTENSIONS[file.type] ?? file.type.replace(/^image\//, '').replace(/[^a-z0-9]/gi, '');
  return `${folder}/${baseName}.${extension || 'img'}`;
}

/** Seconds after which a shown signed URL is replaced by a fresh one, well before it expires. */
export const SIGNED_URL_FRESH_MS = (SIGNED_URL_SECONDS / 2) * 1000;

interface ImageUpload {
  readonly bucket: string;
  readonly path: string;
  readonly file: File;
}

/** Uploads (or replaces) an image and returns its stored path; a refusal (type, size, rights) throws an ApiError. */
export async function uploadImage(client: CampusCareClient, { bucket, path, file }: ImageUpload): Promise<string> {
  const stored = unwrap<{ path: string }>(
    await client.storage.from(bucket).upload(path, file, { upsert: true, contentType: file.type, cacheControl: '0' }),
  );
  return stored.path;
}

export async function signedImageUrl(client: CampusCareClient, bucket: string, path: string): Promise<string> {
  return unwrap<{ signedUrl: string }>(await client.storage.from(bucket).createSignedUrl(path, SIGNED_URL_SECONDS))
    .signedUrl;
}
