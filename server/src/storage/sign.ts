import type { FastifyReply, FastifyRequest } from 'fastify';
import { signJwt, verifyJwt, JwtError } from '../jwt';
import { bodyField, queryOf } from '../request-input';
import { readBucket } from './buckets';
import { invalidJwt, invalidRequest, objectNotFound } from './errors';
import { assertBucketId, splitObjectPath } from './keys';
import { findObject, wildcard, type ObjectRoute, type StorageDeps } from './objects';
import { asCaller } from './rls';
import { sendObject } from './serve';

const MAX_EXPIRES_IN = 10 * 365 * 24 * 3600;
const MAX_PATHS = 1000;

function expiresInFrom(request: FastifyRequest): number {
  const expiresIn = bodyField(request, 'expiresIn');
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_IN) {
    throw invalidRequest(`expiresIn must be a whole number of seconds between 1 and ${MAX_EXPIRES_IN}`);
  }
  return expiresIn;
}

/** The token names the exact object it opens; Supabase's signed URLs carry the same `url` claim. */
function signedUrl(jwtSecret: string, bucket: string, key: string, expiresIn: number): string {
  const iat = Math.floor(Date.now() / 1000);
  const token = signJwt({ url: `${bucket}/${key}`, iat, exp: iat + expiresIn }, jwtSecret);
  return `/object/sign/${bucket}/${key}?token=${token}`;
}

/** POST /object/sign/{bucket}/{key} `{expiresIn}`: only objects the caller may SELECT can be signed. */
export async function handleSign(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
): Promise<{ signedURL: string }> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const expiresIn = expiresInFrom(request);
  const caller = deps.callerOf(request);
  await readBucket(deps.pool, bucket);
  const row = await asCaller(deps.pool, caller, (client) => findObject(client, bucket, key));
  if (!row) throw objectNotFound();
  return { signedURL: signedUrl(deps.jwtSecret, bucket, key, expiresIn) };
}

interface SignedEntry {
  path: string;
  signedURL: string | null;
  error: string | null;
}

/** POST /object/sign/{bucket} `{expiresIn, paths}`: one entry per path, with an error for those the caller cannot read. */
export async function handleSignMany(
  deps: StorageDeps,
  request: FastifyRequest<{ Params: { bucket: string } }>,
): Promise<SignedEntry[]> {
  const { bucket } = request.params;
  assertBucketId(bucket);
  const expiresIn = expiresInFrom(request);
  const paths = bodyField(request, 'paths');
  if (
    !Array.isArray(paths) ||
    paths.length === 0 ||
    paths.length > MAX_PATHS ||
    !paths.every((p): p is string => typeof p === 'string')
  ) {
    throw invalidRequest(`paths must be a list of 1 to ${MAX_PATHS} object keys`);
  }
  const caller = deps.callerOf(request);
  await readBucket(deps.pool, bucket);
  const visible = await asCaller(deps.pool, caller, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucket, paths],
    );
    return new Set(rows.map((row) => row.name));
  });
  return paths.map((path) =>
    visible.has(path)
      ? { path, signedURL: signedUrl(deps.jwtSecret, bucket, path, expiresIn), error: null }
      : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
  );
}

/** GET /object/sign/{bucket}/{key}?token=: the token alone authorises, so no API key or session is needed. */
export async function handleSignedDownload(
  deps: StorageDeps,
  request: FastifyRequest<ObjectRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { bucket, key } = splitObjectPath(wildcard(request));
  const token = queryOf(request).token;
  if (typeof token !== 'string' || token === '') throw invalidJwt('The signed URL has no token');
  let url: unknown;
  try {
    url = verifyJwt(token, deps.jwtSecret).url;
  } catch (error) {
    if (error instanceof JwtError) throw invalidJwt(error.message);
    throw error;
  }
  if (url !== `${bucket}/${key}`) throw invalidJwt('The signed URL token does not match the requested object');
  const row = await findObject(deps.pool, bucket, key);
  if (!row) throw objectNotFound();
  return sendObject(deps, request, reply, row);
}
