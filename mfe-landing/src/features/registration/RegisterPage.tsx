import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '@campuscare/shared';
import { AuthPageFrame } from '../sign-in/AuthPageFrame';

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const joinCode = searchParams.get('join');
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
      <p>
        Already have an account? <Link to={PATHS.signIn}>Sign In</Link>
      </p>
    </AuthPageFrame>
  );
}
