import { Link, useSearchParams } from 'react-router-dom';
import { ErrorBanner, LoadingState, PATHS } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { StudentJoinForm } from './StudentJoinForm';
import { UniversityRegistrationForm } from './UniversityRegistrationForm';
import { useJoinableUniversity } from './useJoinableUniversity';

const UNKNOWN_CODE_MESSAGE = 'That join link does not match any university. Check the link your university sent you, or ask them for a new one.';

function StudentJoin({ joinCode }: { readonly joinCode: string }) {
  const { state, retry } = useJoinableUniversity(joinCode);
  switch (state.status) {
    case 'loading':
      return <LoadingState label="Finding your university…" />;
    case 'unknown':
      return <ErrorBanner message={UNKNOWN_CODE_MESSAGE} />;
    case 'error':
      return <ErrorBanner message={`Could not look up your university: ${state.message}`} onRetry={retry} />;
    case 'found':
      return <StudentJoinForm joinCode={joinCode} university={state.university} />;
  }
}

/** `/register` registers a university; `/register?join=<code>` lets a student join the university of that code. */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const joinCode = searchParams.get('join')?.trim();
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
      {joinCode ? <StudentJoin joinCode={joinCode} /> : <UniversityRegistrationForm />}
      <p className={authFormStyles.footnote}>
        Already have an account? <Link to={PATHS.signIn}>Sign In</Link>
      </p>
    </AuthPageFrame>
  );
}
