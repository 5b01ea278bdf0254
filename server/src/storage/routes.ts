import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../gateway/context';
import { registerBucketRoutes } from './buckets';
import { handleDownload, handleInfo, handlePublicDownload } from './download';
import { handleStorageError, notSupported, routeNotFound } from './errors';
import { ObjectFiles } from './files';
import { handleList } from './list';
import type { ObjectRoute, StorageDeps } from './objects';
import { handleRemoveMany, handleRemoveOne } from './remove';
import { callerFromRequest } from './rls';
import { handleSign, handleSignedDownload, handleSignMany } from './sign';
import { refuseUnsafeText } from './text';
import { handleUpload } from './upload';

export interface StorageOptions {
  /** How long an upload may send nothing before it is abandoned; 30 s unless a test needs it shorter. */
  uploadIdleTimeoutMs?: number;
}

/**
 * The Supabase Storage subset supabase-js uses, registered by the gateway under `/storage/v1`. Every route except
 * `GET /object/public/*` and `GET /object/sign/*` acts as the caller named by the bearer token, under RLS.
 */
export function storageRoutes(
  ctx: GatewayContext,
  { uploadIdleTimeoutMs = 30_000 }: StorageOptions = {},
): FastifyPluginAsync {
  const deps: StorageDeps = {
    pool: ctx.adminPool,
    files: new ObjectFiles(ctx.storageDir),
    jwtSecret: ctx.secrets.jwtSecret,
    callerOf: (request) => callerFromRequest(request, ctx.secrets.jwtSecret, ctx.requestGate),
    uploadIdleTimeoutMs,
  };
  return async (app) => {
    await deps.files.removeLeftoverTempFiles();
    app.setErrorHandler((error, request, reply) => handleStorageError(error, request, reply));
    // Methods the router does not know at all; known methods on unknown paths meet the catch-all in unclaimedRoutes.
    app.setNotFoundHandler((request, reply) => handleStorageError(unknownRoute(request, app.prefix), request, reply));
    app.addHook('preValidation', refuseUnsafeText);

    registerBucketRoutes(app, deps);

    app.post<{ Params: { bucket: string } }>('/object/list/:bucket', (request) => handleList(deps, request));
    app.post<{ Params: { bucket: string } }>('/object/sign/:bucket', (request) => handleSignMany(deps, request));
    app.post<ObjectRoute>('/object/sign/*', (request) => handleSign(deps, request));
    app.get<ObjectRoute>('/object/sign/*', (request, reply) => handleSignedDownload(deps, request, reply));
    app.get<ObjectRoute>('/object/public/*', (request, reply) => handlePublicDownload(deps, request, reply));
    app.get<ObjectRoute>('/object/authenticated/*', (request, reply) => handleDownload(deps, request, reply));
    app.get<ObjectRoute>('/object/info/*', (request) => handleInfo(deps, request));
    app.get<ObjectRoute>('/object/*', (request, reply) => handleDownload(deps, request, reply));
    app.delete<{ Params: { bucket: string } }>('/object/:bucket', (request) => handleRemoveMany(deps, request));
    app.delete<ObjectRoute>('/object/*', (request) => handleRemoveOne(deps, request));

    await app.register(uploadRoutes(deps));
    await app.register(unclaimedRoutes);
  };
}

/**
 * Uploads live in their own context because their bodies are files, whatever their content type: a JSON or text file
 * must reach the handler as a stream, not be parsed. Multipart bodies go to @fastify/multipart.
 */
function uploadRoutes(deps: StorageDeps) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    await app.register(multipart);
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    app.post<ObjectRoute>('/object/*', (request, reply) => handleUpload(deps, request, reply, 'POST'));
    app.put<ObjectRoute>('/object/*', (request, reply) => handleUpload(deps, request, reply, 'PUT'));
  };
}

/** Storage names the route as it receives it: Supabase's API gateway strips `/storage/v1` (here `prefix`) first. */
function unknownRoute(request: FastifyRequest, prefix: string) {
  const url = request.url.slice(prefix.length);
  return routeNotFound(request.method, url.startsWith('/') ? url : `/${url}`);
}

/**
 * Supabase routes this server does not implement, claimed so the upload catch-all never takes them for uploads (to a
 * bucket named `upload`, `move`...), and every other storage path, so none falls through to the apps' fallback.
 * Their bodies are never parsed.
 */
async function unclaimedRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const refuse = (feature: string) => async () => {
    throw notSupported(feature);
  };
  app.post('/object/upload/sign/*', refuse('Creating signed upload URLs (createSignedUploadUrl)'));
  app.put('/object/upload/sign/*', refuse('Uploading to signed upload URLs (uploadToSignedUrl)'));
  app.post('/object/move', refuse('Moving objects (move)'));
  app.post('/object/copy', refuse('Copying objects (copy)'));
  app.post('/object/list-v2/:bucket', refuse('Listing objects with list-v2 (use list)'));
  const notFound = async (request: FastifyRequest) => {
    throw unknownRoute(request, app.prefix);
  };
  app.all('/', notFound);
  app.all('/*', notFound);
}
