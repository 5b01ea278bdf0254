import { ErrorBanner, Link, PATHS, QueryView, useSearchParams } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { JoinCodeForm } from './JoinCodeForm';
import { StudentJoinForm } from './StudentJoinForm';
import { UniversityRegistrationForm } from './UniversityRegistrationForm';
import { useJoinableUniversity } from './useJoinableUniversity';

const UNKNOWN_CODE_MESSAGE = 'That join code does not match any university. Check the code or link your university sent you, or ask them for a new one.';

function StudentJoin({ joinCode }: { readonly joinCode: string }) {
  const university = useJoinableUniversity(joinCode);
  return (
    <QueryView query={university} loadingLabel="Finding your university…" isEmpty={(found) => found === null} empty={<ErrorBanner message={UNKNOWN_CODE_MESSAGE} />}>
      {(found) => found && <StudentJoinForm joinCode={joinCode} university={found} />}
    </QueryView>
  );
}

/**
 * `/register` registers a university, or takes a student's join code; `/register?join=<code>` (the join link) lets a
 * student join the university of that code.
 */
export function RegisterPage() {
  const [searchParams, setSearchParams] = useSearchParams();
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
      {joinCode ? (
        <StudentJoin joinCode={joinCode} />
      ) : (
        <>
          <UniversityRegistrationForm />
          <JoinCodeForm onJoin={(code) => setSearchParams({ join: code })} />
        </>
      )}
      <p className={authFormStyles.footnote}>
        Already have an account? <Link to={PATHS.signIn}>Sign In</Link>
      </p>
    </AuthPageFrame>
  );
}
