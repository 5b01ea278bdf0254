import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, sendAuthError } from '../auth/errors';
import { StorageError } from '../storage/errors';

/**
 * Requests Fastify refuses before any route runs (a URL that is not valid percent-encoded UTF-8, say) are answered
 * in the shape of the API they were sent to, so each client reads them like that API's own refusals.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL' ? 'The request URL is not valid percent-encoded UTF-8' : error.message;
  if (request.url.startsWith('/storage/v1')) {
    void reply.code(400).send(new StorageError(String(status), 'InvalidRequest', 'Invalid Input', message).toJSON());
  } else if (request.url.startsWith('/auth/v1')) {
    sendAuthError(reply, new AuthError(status, 'validation_failed', message));
  } else if (request.url.startsWith('/rest/v1')) {
    void reply.code(status).send({ code: 'PGRST100', message, details: null, hint: null });
  } else {
    void reply.code(status).type('text/plain; charset=utf-8').send(message);
  }
}
