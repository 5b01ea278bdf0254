import type { SignedOutReason } from '../profile/profileApi';

/** Why a visitor was sent to a sign-in page instead of the page they asked for. */
export type SignInNotice = SignedOutReason | 'sessionEnded' | 'signInRequired';

/** The router state the shell's guard passes along with that redirect. */
export interface SignInRedirectState {
  readonly from: string;
  readonly notice: SignInNotice;
}

const NOTICE_MESSAGES: Readonly<Record<SignInNotice, string>> = {
  deactivated: 'Your account has been deactivated. Contact your university’s Super Admin.',
  noMembership: 'Your account does not belong to any university. Sign in with another account.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
};

/** The notice for a signed-out visitor of a protected page: a session they had has ended, or they never had one. */
export function signInNoticeFor(reason: SignedOutReason | undefined, hadSession: boolean): SignInNotice {
  return reason ?? (hadSession ? 'sessionEnded' : 'signInRequired');
}

/** The message a sign-in page shows for the router state it was opened with (none for a direct visit). */
export function signInNoticeMessage(routerState: unknown): string | undefined {
  if (typeof routerState !== 'object' || routerState === null) return undefined;
  const notice = (routerState as { notice?: unknown }).notice;
  return typeof notice === 'string' && notice in NOTICE_MESSAGES ? NOTICE_MESSAGES[notice as SignInNotice] : undefined;
}
