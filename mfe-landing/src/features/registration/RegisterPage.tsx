import { useState } from 'react';
import { ErrorBanner, Link, PATHS, QueryView, readEmailLink, useLocation, useSearchParams } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { CheckYourEmail } from './CheckYourEmail';
import { ConfirmEmail, NewConfirmationLink } from './ConfirmEmail';
import { JoinCodeForm } from './JoinCodeForm';
import { StaffInvitationForm } from './StaffInvitationForm';
import { StudentJoinForm } from './StudentJoinForm';
import { UniversityRegistrationForm } from './UniversityRegistrationForm';
import { useJoinableUniversity } from './useJoinableUniversity';

const UNKNOWN_CODE_MESSAGE =
  'That join code does not match any university. Check the code or link your university sent you, or ask them for a new one.';

function StudentJoin({
  joinCode,
  onConfirmEmail,
}: {
  readonly joinCode: string;
  readonly onConfirmEmail: (email: string) => void;
}) {
  const university = useJoinableUniversity(joinCode);
  return (
    <QueryView
      query={university}
      loadingLabel="Finding your university…"
      isEmpty={(found) => found === null}
      empty={<ErrorBanner message={UNKNOWN_CODE_MESSAGE} />}
    >
      {(found) => found && <StudentJoinForm joinCode={joinCode} university={found} onConfirmEmail={onConfirmEmail} />}
    </QueryView>
  );
}

const SIGN_IN_FOOTNOTE = (
  <p className={authFormStyles.footnote}>
    Already have an account? <Link to={PATHS.signIn}>Sign In</Link>
  </p>
);

/**
 * `/register` registers a university, or takes a student's join code; `/register?join=<code>` (the join link) lets a
 * student join the university of that code; `/register?invitation=<token>` (a staff invitation's link) lets the invited
 * person join. A sign-up ends with "check your email": the emailed link comes back here, with its session in the URL
 * fragment, and goes on to the member's first page.
 */
export function RegisterPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { hash } = useLocation();
  const [confirmation] = useState(() => readEmailLink(hash, 'signup'));
  const [confirmingEmail, setConfirmingEmail] = useState<string | null>(null);
  const joinCode = searchParams.get('join')?.trim();
  const invitation = searchParams.get('invitation')?.trim();

  if (confirmation.kind !== 'missing') {
    return (
      <AuthPageFrame title="Confirm your email address">
        {confirmation.kind === 'session' ? <ConfirmEmail link={confirmation} /> : <NewConfirmationLink />}
      </AuthPageFrame>
    );
  }
  if (invitation) {
    return (
      <AuthPageFrame
        title="Join your university's staff"
        intro={<p>Choose your password to accept the invitation you were emailed.</p>}
      >
        <StaffInvitationForm token={invitation} />
        {SIGN_IN_FOOTNOTE}
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame
      title={joinCode ? 'Join your university' : 'Create a university account'}
      intro={
        <p>
          {joinCode
            ? 'Create your student account to book appointments and see your university’s health programs.'
            : 'Register your university to manage appointments, health programs, staff and students.'}
        </p>
      }
    >
      {confirmingEmail !== null ? (
        <CheckYourEmail email={confirmingEmail} onStartOver={() => setConfirmingEmail(null)} />
      ) : joinCode ? (
        <StudentJoin joinCode={joinCode} onConfirmEmail={setConfirmingEmail} />
      ) : (
        <>
          <UniversityRegistrationForm onConfirmEmail={setConfirmingEmail} />
          <JoinCodeForm onJoin={(code) => setSearchParams({ join: code })} />
        </>
      )}
      {SIGN_IN_FOOTNOTE}
    </AuthPageFrame>
  );
}
