import type { GatewayContext } from '../gateway/context';
import type { Mailer } from './mailer';
import type { RateLimiter } from './rate-limit';
import type { SessionSettings } from './sessions';
import type { SignInThrottle } from './sign-in-failures';

/** What the route modules share, built once per plugin instance. */
export interface AuthDeps {
  ctx: GatewayContext;
  sessions: SessionSettings;
  mailer: Mailer;
  limits: Record<'token' | 'signup' | 'resend' | 'recover' | 'userUpdate' | 'verify', RateLimiter>;
  signInThrottle: SignInThrottle;
}
