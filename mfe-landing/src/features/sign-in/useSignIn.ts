import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, signInWithRole, useUserProfile, type ContractPath, type SignInCredentials, type SignInPortal } from '@campuscare/shared';

export interface SignInFailure {
  readonly message: string;
  readonly signInInstead?: ContractPath;
}

/** Submits a sign-in and, on success, waits for the profile before going where the account's role belongs. */
export function useSignIn(portal: SignInPortal | null) {
  const navigate = useNavigate();
  const { refresh } = useUserProfile();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  const submit = async (credentials: SignInCredentials) => {
    if (!portal) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await signInWithRole(credentials, portal);
      if (!result.ok) {
        setFailure({ message: result.message, signInInstead: result.signInInstead });
        setSubmitting(false);
        return;
      }
      // The guard of the next page must see the new session, not the signed-out state this page started with.
      await refresh();
      navigate(result.destination, { replace: true });
    } catch {
      setFailure({ message: AUTH_MESSAGES.unreachable });
      setSubmitting(false);
    }
  };

  return { submitting, failure, clearFailure: () => setFailure(null), submit };
}
