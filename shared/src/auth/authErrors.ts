/** What the auth service's errors look like to the browser (supabase-js AuthError and its subclasses). */
interface AuthServiceError {
  readonly message: string;
  readonly name?: string;
  readonly status?: number;
  readonly code?: string;
  /** Why a password was refused (auth-js AuthWeakPasswordError): `length`, `characters`, `pwned`, `guessable`. */
  readonly reasons?: readonly string[];
}

export const AUTH_MESSAGES = {
  /** One message for an unknown email and a wrong password, so nobody learns which accounts exist. */
  invalidCredentials: 'Incorrect email or password',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  currentPasswordRequired: 'Enter your current password.',
  deactivated: 'This account has been deactivated. Contact your university’s Super Admin.',
  emailNotConfirmed:
    'Confirm your email address first: open the link we emailed you when you registered (check your spam folder). No email? Register again with this address for a new link.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  weakPassword:
    'Password should be at least 10 characters and include an uppercase letter, a lowercase letter and a digit',
  rateLimited: 'Too many attempts. Wait a minute and try again.',
  unreachable: 'Could not reach CampusCare. Check your connection and try again.',
  serverError: 'CampusCare could not complete that just now. Please try again in a moment.',
  noMembership: 'This account does not belong to any university.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

function isAuthServiceError(error: unknown): error is AuthServiceError {
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/**
 * The composition rule has the app's wording. A password refused for being easy to guess comes with the auth
 * service's reason and what to do instead, written for people, which no fixed wording could say.
 */
function weakPasswordMessage({ reasons = [], message }: AuthServiceError): string {
  const composition = reasons.length === 0 || reasons.includes('length') || reasons.includes('characters');
  return composition || message.trim() === '' ? AUTH_MESSAGES.weakPassword : message;
}

/**
 * The message to show a person for an error of the auth service. Codes with a fixed meaning get the app's
 * wording; `validation_failed` carries the sign-up trigger's message, which is written for people.
 */
export function authErrorMessage(error: unknown): string {
  if (!isAuthServiceError(error)) return AUTH_MESSAGES.unexpected;
  switch (error.code) {
    case 'invalid_credentials':
      return AUTH_MESSAGES.invalidCredentials;
    // Changing the password or the email address; GoTrue words both refusals "Current password required…".
    case 'current_password_invalid':
      return AUTH_MESSAGES.currentPasswordIncorrect;
    case 'current_password_required':
      return AUTH_MESSAGES.currentPasswordRequired;
    case 'user_banned':
      return AUTH_MESSAGES.deactivated;
    case 'email_not_confirmed':
      return AUTH_MESSAGES.emailNotConfirmed;
    case 'user_already_exists':
    case 'email_exists':
      return AUTH_MESSAGES.emailTaken;
    case 'weak_password':
      return weakPasswordMessage(error);
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      return AUTH_MESSAGES.rateLimited;
    case 'validation_failed':
      return error.message;
  }
  if (error.status === 429) return AUTH_MESSAGES.rateLimited;
  if (error.status !== undefined && error.status >= 500) return AUTH_MESSAGES.serverError;
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return AUTH_MESSAGES.unreachable;
  return error.message.trim() === '' ? AUTH_MESSAGES.unexpected : error.message;
}
