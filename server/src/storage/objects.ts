import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { ObjectFiles } from './files';
import type { Caller } from './rls';

/** What every storage route needs; built once per gateway. */
export interface StorageDeps {
  pool: Pool;
  files: ObjectFiles;
  jwtSecret: string;
  callerOf(request: FastifyRequest): Caller;
  /** How long an upload may send nothing before it is abandoned. */
  uploadIdleTimeoutMs: number;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** Reads one object through whatever connection it is given: the caller's (RLS applies) or the superuser pool. */
export async function findObject(db: Pool | PoolClient, bucket: string, key: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  return rows[0];
}

/** The `/object/.../*` routes, whose wildcard tail is `{bucket}/{key}`. */
export interface ObjectRoute {
  Params: { '*': string };
}

export function wildcard(request: FastifyRequest<ObjectRoute>): string {
  return request.params['*'];
}
