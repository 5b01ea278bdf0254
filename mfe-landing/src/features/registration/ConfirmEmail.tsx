import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type EmailLinkSession,
  ErrorBanner,
  LoadingState,
  notifySuccess,
  queryClient,
  useApiQuery,
  useLocation,
  useNavigate,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { EmailLinkForm } from '../../components/EmailLinkForm';
import { CONFIRMATION_REFUSED_MESSAGE, LINK_RESENT_MESSAGE } from './registrationApi';
import { confirmedSessionQuery, newConfirmationLinkMutation } from './registrationQueries';
import { useSignUpFinish } from './signUpFinish';

export const CONFIRMED_MESSAGE = 'Your email address is confirmed. Welcome to CampusCare!';

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
          mutation={newConfirmationLinkMutation}
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
  const confirmedSession = useMemo(() => confirmedSessionQuery(link), [link]);
  const session = useApiQuery(confirmedSession, { enabled: !leaving });
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
      queryClient.removeQueries({ queryKey: confirmedSession.queryKey });
      notifySuccess(CONFIRMED_MESSAGE);
      go(outcome);
    });
  }, [destination, settle, go, confirmedSession]);

  return session.isError ? <NewConfirmationLink /> : <LoadingState label="Confirming your email address…" />;
}
