import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** The origin the apps call the API at (`supabaseUrl` in /config.json); it may differ from the page's own. */
  apiOrigin: string;
  /** Development builds evaluate their modules from source maps (`eval-*` devtool). */
  allowEval: boolean;
}

/**
 * Helmet's headers on every response: a Content-Security-Policy that allows only this site's own scripts (no inline
 * script, no framing), nosniff and a referrer policy that keeps tokens in URLs (the mailbox, recovery links) at home.
 * Helmet is built once here: @fastify/helmet builds it again for every request (parsing the whole policy each time),
 * a measurable share of the gateway's CPU per proxied API request (`npm run bench:api`).
 * A hook on the root instance itself, so it covers every route.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.allowEval ? ["'unsafe-eval'"] : [])],
        // The apps' own CSS comes as files; react-toastify injects its <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', options.apiOrigin],
        connectSrc: ["'self'", options.apiOrigin],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Public logos are meant to be shown by any site (and by apps served from another origin).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Plain-HTTP local use must keep working; a TLS-terminating proxy sets HSTS where it belongs.
    strictTransportSecurity: false,
  });
  // Helmet 8 throws its errors rather than passing them on, so its callback only ever means "go on".
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
