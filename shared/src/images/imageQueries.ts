import { queryKeys } from '../data/queryKeys';
import { apiQuery } from '../data/useApi';
import { signedImageUrl, SIGNED_URL_FRESH_MS } from './imageApi';

/** A short-lived URL for the image at `path` in a private bucket, replaced well before it expires. */
export const signedImageUrlQuery = (bucket: string, path: string) =>
  apiQuery({
    key: [...queryKeys.images, bucket, path],
    load: (client) => signedImageUrl(client, bucket, path),
    staleTime: SIGNED_URL_FRESH_MS,
  });
