import { useCallback } from 'react';
import { useNavigate, useUserProfile } from '@campuscare/shared';
import type { SignUpOutcome } from './registrationApi';

/** For the flows that always end signed in (a confirmation link, an accepted invitation). */
function signedInOnly(): void {}

/**
 * The end of a sign-up, an invitation's acceptance or a confirmation link: with a session, the profile is read again
 * (the next page's guard must see it, not the signed-out state this page started with) and the member goes to their
 * first page; without one, `onConfirmEmail` says what to do next.
 */
export function useSignUpFinish(onConfirmEmail: (email: string) => void = signedInOnly) {
  const { refresh } = useUserProfile();
  const navigate = useNavigate();
  const settle = useCallback(
    async (outcome: SignUpOutcome): Promise<SignUpOutcome> => {
      if (outcome.kind === 'signedIn') await refresh();
      return outcome;
    },
    [refresh],
  );
  const go = useCallback(
    (outcome: SignUpOutcome) =>
      outcome.kind === 'signedIn' ? navigate(outcome.destination, { replace: true }) : onConfirmEmail(outcome.email),
    [navigate, onConfirmEmail],
  );
  return { settle, go };
}
