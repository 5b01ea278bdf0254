import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../gateway/context';
import { registerBucketRoutes } from './buckets';
import { handleDownload, handleInfo, handlePublicDownload } from './download';
import { handleStorageError, StorageError } from './errors';
import { ObjectFiles } from './files';
import { handleList } from './list';
import type { StorageDeps } from './objects';
import { handleRemoveMany, handleRemoveOne } from './remove';
import { callerFromRequest } from './rls';
import { handleSign, handleSignedDownload, handleSignMany } from './sign';
import { handleUpload } from './upload';

/**
 * The Supabase Storage subset supabase-js uses, registered by the gateway under `/storage/v1`. Every route except
 * `GET /object/public/*` and `GET /object/sign/*` acts as the caller named by the bearer token, under RLS.
 */
export function storageRoutes(ctx: GatewayContext): FastifyPluginAsync {
  const deps: StorageDeps = {
    pool: ctx.adminPool,
    files: new ObjectFiles(ctx.dataDir),
    jwtSecret: ctx.secrets.jwtSecret,
    callerOf: (request) => callerFromRequest(request, ctx.secrets.jwtSecret, ctx.requestGate),
  };
  return async (app) => {
    app.setErrorHandler((error, request, reply) => handleStorageError(error, request, reply));
    app.setNotFoundHandler((_request, reply) => {
      void reply.code(400).send(new StorageError('404', 'NotFound', 'not_found', 'Route not found').toJSON());
    });

    registerBucketRoutes(app, deps);

    app.post<{ Params: { bucket: string } }>('/object/list/:bucket', (request) => handleList(deps, request));
    app.post<{ Params: { bucket: string } }>('/object/sign/:bucket', (request) => handleSignMany(deps, request));
    app.post('/object/sign/*', (request) => handleSign(deps, request));
    app.get('/object/sign/*', (request, reply) => handleSignedDownload(deps, request, reply));
    app.get('/object/public/*', (request, reply) => handlePublicDownload(deps, request, reply));
    app.get('/object/authenticated/*', (request, reply) => handleDownload(deps, request, reply));
    app.get('/object/info/*', (request) => handleInfo(deps, request));
    app.get('/object/*', (request, reply) => handleDownload(deps, request, reply));
    app.delete<{ Params: { bucket: string } }>('/object/:bucket', (request) => handleRemoveMany(deps, request));
    app.delete('/object/*', (request) => handleRemoveOne(deps, request));

    await app.register(uploadRoutes(deps));
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
    app.post('/object/*', (request) => handleUpload(deps, request, 'POST'));
    app.put('/object/*', (request) => handleUpload(deps, request, 'PUT'));
  };
}
