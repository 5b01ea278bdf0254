import type { SignedOutReason } from '../profile/profileApi';

/** Why a visitor was sent to a sign-in page instead of the page they asked for. */
type SignInNotice = SignedOutReason | 'sessionEnded' | 'signInRequired' | 'passwordReset' | 'idle';

/** The router state the shell's guard passes along with that redirect. */
export interface SignInRedirectState {
  /** The page asked for (path and query string), where the member goes once signed in if it is theirs to open. */
  readonly from: string;
  readonly notice: SignInNotice;
  /** With the `idle` notice (the shell's idle logoff): the member's idle limit, as the server gave it. */
  readonly idleMinutes?: number;
}

const NOTICE_MESSAGES: Readonly<Record<Exclude<SignInNotice, 'idle'>, string>> = {
  deactivated: 'Your account has been deactivated. Contact your university’s Super Admin.',
  noMembership: 'Your account does not belong to any university. Sign in with another account.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
  passwordReset: 'Your password has been changed and you were signed out everywhere. Sign in with your new password.',
};

/** The notice for a signed-out visitor of a protected page: a session they had has ended, or they never had one. */
export function signInNoticeFor(reason: SignedOutReason | undefined, hadSession: boolean): SignInNotice {
  return reason ?? (hadSession ? 'sessionEnded' : 'signInRequired');
}

/** The message a sign-in page shows for the router state it was opened with (none for a direct visit). */
export function signInNoticeMessage(routerState: unknown): string | undefined {
  if (typeof routerState !== 'object' || routerState === null) return undefined;
  const { notice, idleMinutes } = routerState as { notice?: unknown; idleMinutes?: unknown };
  if (notice === 'idle') {
    const after =
      typeof idleMinutes === 'number' && Number.isInteger(idleMinutes) && idleMinutes > 0
        ? `after ${idleMinutes} minutes`
        : 'after some time';
    return `You were signed out ${after} without activity. Sign in again to continue.`;
  }
  return typeof notice === 'string' && notice in NOTICE_MESSAGES
    ? NOTICE_MESSAGES[notice as keyof typeof NOTICE_MESSAGES]
    : undefined;
}

/**
 * The page a sign-in page was opened on the way to (its router state's `from`), unchecked: `requestedPageFor` decides
 * whether the member who signs in may be sent there.
 */
export function signInRequestedPage(routerState: unknown): unknown {
  return typeof routerState === 'object' && routerState !== null ? (routerState as { from?: unknown }).from : undefined;
}
