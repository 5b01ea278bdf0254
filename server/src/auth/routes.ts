import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../gateway/context';
import { registerAccountRoutes } from './account';
import { registerAdminRoutes } from './admin';
import type { AuthDeps } from './deps';
import { isDatabaseUnavailable } from '../gateway/unavailable';
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthError,
  routeNotFound,
  sendAuthError,
  sendUnavailable,
  validationFailed,
} from './errors';
import { unstorableTextPath } from '../unstorable-text';
import { outboxMailer, type Mailer } from './mailer';
import { overEmailSendRateLimit, overRequestRateLimit, RateLimiter } from './rate-limit';
import { registerRecoveryRoutes } from './recovery';
import { SignInThrottle } from './sign-in-failures';
import { registerSignUpRoutes } from './sign-up';
import { registerVerifyRoutes } from './verify';

export type { EmailChangeEmail, EmailChangeNotice, Mailer, RecoveryEmail, SignUpConfirmationEmail } from './mailer';

export interface AuthOptions {
  /** Where auth emails go; by default a row in `public.email_outbox` when that table exists. */
  mailer?: Mailer;
  /** GoTrue's refresh-token reuse interval (10 s); tests shorten it instead of waiting. */
  refreshReuseGraceSeconds?: number;
}

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The GoTrue subset CampusCare uses, spoken exactly as auth-js expects it. Registered by the gateway under
 * `/auth/v1`, after its API-key check and CORS.
 */
export function authRoutes(ctx: GatewayContext, options: AuthOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const windowSeconds = ctx.authRateLimits.windowSeconds;
    const limiter = (name: string, capacity: number, refusal = overRequestRateLimit) =>
      new RateLimiter(ctx.adminPool, name, capacity, windowSeconds, refusal);
    const deps: AuthDeps = {
      ctx,
      sessions: {
        pool: ctx.adminPool,
        jwtSecret: ctx.secrets.jwtSecret,
        issuer: `${ctx.publicUrl}/auth/v1`,
        refreshReuseGraceSeconds: options.refreshReuseGraceSeconds ?? 10,
      },
      mailer: options.mailer ?? outboxMailer,
      limits: {
        token: limiter('token', ctx.authRateLimits.token),
        signup: limiter('signup', ctx.authRateLimits.signup),
        // Each resend is an email, like a recovery: the same allowance, in a bucket of its own.
        resend: limiter('resend', ctx.authRateLimits.recover, overEmailSendRateLimit),
        recover: limiter('recover', ctx.authRateLimits.recover, overEmailSendRateLimit),
        userUpdate: limiter('user_update', ctx.authRateLimits.userUpdate),
        verify: limiter('verify', ctx.authRateLimits.verify),
      },
      signInThrottle: new SignInThrottle(ctx.adminPool, {
        perNetwork: ctx.authRateLimits.signInFailures,
        perAccount: ctx.authRateLimits.signInFailuresPerAccount,
        windowSeconds: ctx.authRateLimits.signInFailureWindowSeconds,
      }),
    };

    const log = ctx.logger.child({ component: 'auth' });
    acceptJsonOnly(app);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(API_VERSION_HEADER, API_VERSION);
    });
    app.setErrorHandler((error: FastifyError | AuthError, request, reply) => {
      if (error instanceof AuthError) return sendAuthError(reply, error);
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendAuthError(
          reply,
          new AuthError(status, status === 400 ? 'bad_json' : 'validation_failed', error.message),
        );
      }
      // Logged without the request: bodies and URLs may carry passwords and tokens.
      log.error({ err: error, route: request.routeOptions.url }, 'auth request failed');
      if (isDatabaseUnavailable(error)) return sendUnavailable(reply);
      return sendAuthError(
        reply,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      );
    });
    // Methods the router does not know at all; known methods on unknown paths meet the catch-all in unknownRoutes.
    app.setNotFoundHandler((_request, reply) => sendAuthError(reply, routeNotFound()));

    app.get('/health', async () => ({
      name: 'GoTrue',
      version: 'campuscare',
      description: 'CampusCare auth (GoTrue subset)',
    }));
    app.get('/settings', async () => ({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }));
    registerSignUpRoutes(app, deps);
    registerAccountRoutes(app, deps);
    registerRecoveryRoutes(app, deps);
    registerVerifyRoutes(app, deps);
    registerAdminRoutes(app, deps);
    await app.register(unknownRoutes);
  };
}

/**
 * Every other path under /auth/v1 answers this service's 404, whatever its method, instead of falling through to a wildcard
 * route of the gateway (the apps' `GET /*`), which would answer in another shape. Their bodies are never parsed.
 */
async function unknownRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const notFound = async () => {
    throw routeNotFound();
  };
  app.all('/', notFound);
  app.all('/*', notFound);
}

/**
 * Bodies are JSON objects of at most 64 KB. This plugin's own parsers replace whatever the gateway installed, so a
 * malformed or oversized body, or one with text PostgreSQL cannot store, is refused with a GoTrue-shaped error before
 * any handler runs.
 */
function acceptJsonOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, text, done) => {
      if (text === '') return done(null, undefined);
      let body: unknown;
      try {
        body = JSON.parse(text as string);
      } catch {
        return done(new AuthError(400, 'bad_json', 'Could not parse request body as JSON'), undefined);
      }
      const unstorable = unstorableTextPath(body);
      if (unstorable === undefined) return done(null, body);
      const where = unstorable === '' ? 'The request body' : `The field ${unstorable}`;
      done(
        validationFailed(
          `${where} contains a NUL character or a broken Unicode surrogate pair, which cannot be stored`,
        ),
        undefined,
      );
    },
  );
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new AuthError(415, 'validation_failed', 'Request body must be JSON (Content-Type: application/json)'),
      undefined,
    );
  });
  app.addHook('onRoute', (route) => {
    route.bodyLimit = BODY_LIMIT_BYTES;
  });
}
