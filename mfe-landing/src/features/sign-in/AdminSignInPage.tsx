import { Link } from 'react-router-dom';
import { PATHS } from '@campuscare/shared';
import { AuthPageFrame } from './AuthPageFrame';

export function AdminSignInPage() {
  return (
    <AuthPageFrame
      title="Admin sign in"
      intro={
        <p>
          Sign in with the password your Super Admin gave you and change it after you log in. If you have none, contact your Super Admin.
        </p>
      }
    >
      <p>
        Students sign in on the <Link to={PATHS.signIn}>student sign-in page</Link>.
      </p>
    </AuthPageFrame>
  );
}
