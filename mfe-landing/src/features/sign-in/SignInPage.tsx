import { Link } from 'react-router-dom';
import { PATHS } from '@campuscare/shared';
import { AuthPageFrame } from './AuthPageFrame';

export function SignInPage() {
  return (
    <AuthPageFrame title="Sign in" intro={<p>Doctors and students sign in here with their email, role and password.</p>}>
      <p>
        University administrators sign in on the <Link to={PATHS.adminSignIn}>staff sign-in page</Link>. New here?{' '}
        <Link to={PATHS.register}>Create account</Link>
      </p>
    </AuthPageFrame>
  );
}
