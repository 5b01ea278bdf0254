import { useEffect, useState } from 'react';
import {
  dashboardPathFor,
  emailChangeLink,
  ErrorBanner,
  isRole,
  Link,
  LoadingState,
  PATHS,
  useApiQuery,
  useUserProfile,
} from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { EMAIL_CHANGE_REFUSED_MESSAGE, NO_EMAIL_CHANGE_LINK_MESSAGE } from './emailChangeApi';
import { emailChangedSessionQuery } from './emailChangeQueries';

const TITLES = {
  session: 'Email address changed',
  refused: 'Email address not changed',
  missing: 'Change your email address',
} as const;

/** Where the person goes from here: their dashboard once signed in, the sign-in page otherwise. */
function NextStep() {
  const profile = useUserProfile();
  if (profile.status === 'loading') return null;
  const role = profile.status === 'signedIn' ? profile.member.role : undefined;
  return (
    <p className={authFormStyles.footnote}>
      {isRole(role) ? (
        <Link to={dashboardPathFor(role)}>Continue to your dashboard</Link>
      ) : (
        <Link to={PATHS.signIn}>Sign in</Link>
      )}
    </p>
  );
}

/**
 * Where the link emailed to a new address lands. The shell took the link out of the address bar before anything else
 * read it (`takeEmailChangeLink`); the auth service changed the address when it was opened, and the session it carries
 * signs this tab in, so the page says which address the account has now.
 */
export function EmailChangedPage() {
  const [link] = useState(emailChangeLink);
  const { ensureLoaded } = useUserProfile();
  const session = useApiQuery(emailChangedSessionQuery(link.kind === 'session' ? link : null), {
    enabled: link.kind === 'session',
  });
  const email = session.data;

  useEffect(() => {
    if (email !== undefined) ensureLoaded();
  }, [email, ensureLoaded]);

  const content = () => {
    if (email !== undefined) {
      return (
        <>
          <p role="status" className={authFormStyles.notice}>
            Your email address is now <strong>{email}</strong>.
          </p>
          <p>Sign in with this address from now on. Emails from CampusCare go to it too.</p>
          <NextStep />
        </>
      );
    }
    if (link.kind === 'refused' || link.kind === 'missing') {
      return (
        <>
          <ErrorBanner
            message={link.kind === 'refused' ? EMAIL_CHANGE_REFUSED_MESSAGE : NO_EMAIL_CHANGE_LINK_MESSAGE}
          />
          <NextStep />
        </>
      );
    }
    if (session.isError) {
      return (
        <>
          <ErrorBanner
            message={session.error.message}
            onRetry={session.error.retryable ? () => void session.refetch() : undefined}
          />
          <NextStep />
        </>
      );
    }
    return <LoadingState label="Checking your link…" />;
  };

  return <AuthPageFrame title={TITLES[link.kind]}>{content()}</AuthPageFrame>;
}
