import { useEffect, useRef, useState } from 'react';
import {
  type EmailLinkSession,
  ErrorBanner,
  LoadingState,
  notifySuccess,
  queryClient,
  queryKeys,
  useApiQuery,
  useLocation,
  useNavigate,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { EmailLinkForm } from '../../components/EmailLinkForm';
import {
  CONFIRMATION_REFUSED_MESSAGE,
  LINK_RESENT_MESSAGE,
  resendConfirmation,
  startConfirmedSession,
} from './registrationApi';
import { useSignUpFinish } from './signUpFinish';

export const CONFIRMED_MESSAGE = 'Your email address is confirmed. Welcome to CampusCare!';

/** The session the opened link started: cached, so a remount after the fragment was cleared still finds it. */
const CONFIRMATION_KEY = [...queryKeys.registration, 'confirmation'] as const;

/** For a confirmation link that no longer works: a new one, to the address typed (the answer is the same for any). */
export function NewConfirmationLink() {
  const [sent, setSent] = useState(false);
  return (
    <>
      <ErrorBanner message={CONFIRMATION_REFUSED_MESSAGE} />
      {sent ? (
        <p role="status" className={authFormStyles.notice}>
          {LINK_RESENT_MESSAGE}
        </p>
      ) : (
        <EmailLinkForm
          name="Send a new confirmation link"
          submitLabel="Send a new link"
          send={resendConfirmation}
          onSent={() => setSent(true)}
        />
      )}
    </>
  );
}

/**
 * Where a confirmation link lands with its session in the URL fragment: starts that session, takes the tokens out of
 * the address bar and opens the member's first page (a new student's health questionnaire, a university's dashboard).
 */
export function ConfirmEmail({ link }: { readonly link: EmailLinkSession }) {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const { settle, go } = useSignUpFinish();
  // Once the member is on their way the link has been used: nothing may start it again or clear the address bar after
  // the navigation to their first page (navigations are transitions, and the later one would win).
  const [leaving, setLeaving] = useState(false);
  const session = useApiQuery(CONFIRMATION_KEY, (client) => startConfirmedSession(client, link), {
    staleTime: Infinity,
    enabled: !leaving,
  });
  const destination = session.data;
  const opened = useRef(false);

  useEffect(() => {
    if (!leaving && (session.isSuccess || session.isError) && hash !== '') navigate(pathname, { replace: true });
  }, [leaving, session.isSuccess, session.isError, hash, pathname, navigate]);

  useEffect(() => {
    if (destination === undefined || opened.current) return;
    opened.current = true;
    void settle({ kind: 'signedIn', destination }).then((outcome) => {
      setLeaving(true);
      queryClient.removeQueries({ queryKey: CONFIRMATION_KEY });
      notifySuccess(CONFIRMED_MESSAGE);
      go(outcome);
    });
  }, [destination, settle, go]);

  return session.isError ? <NewConfirmationLink /> : <LoadingState label="Confirming your email address…" />;
}
