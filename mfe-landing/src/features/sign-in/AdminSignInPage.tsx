import { useMemo } from 'react';
import {
  FormFrame,
  Link,
  PasswordField,
  PATHS,
  signInNoticeMessage,
  type SignInValues,
  TextField,
  useLocationState,
  useSearchParams,
  validateSignIn,
} from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { SignInFeedback } from './SignInFeedback';
import { useSignInForm } from './useSignIn';

/** Administrators and staff; invitation links carry `?email=` so the invited address is filled in. */
export function AdminSignInPage() {
  const notice = signInNoticeMessage(useLocationState());
  const [searchParams] = useSearchParams();
  const invitedEmail = searchParams.get('email')?.trim() ?? '';
  const initial = useMemo<SignInValues>(() => ({ email: invitedEmail, password: '' }), [invitedEmail]);
  const signIn = useSignInForm({ initial, validate: validateSignIn, portalOf: () => ({ page: 'adminSignIn' }) });

  return (
    <AuthPageFrame
      title="Admin sign in"
      intro={
        <p>
          For university administrators and clinic staff. New to the clinic? Open the invitation your university emailed
          you to choose your password first.
        </p>
      }
    >
      <SignInFeedback
        notice={notice}
        signInInstead={signIn.signInInstead}
        insteadLabel="Go to the student sign-in page"
      />
      <FormFrame
        form={signIn.form}
        className={authFormStyles.form}
        label="Admin sign in"
        submit="Login"
        busyLabel="Signing in…"
        disabled={!signIn.canSubmit}
      >
        <TextField label="Email" type="email" autoComplete="email" required {...signIn.emailField} />
        <PasswordField label="Password" autoComplete="current-password" required {...signIn.passwordField} />
        <Link to={PATHS.forgotPassword} className={authFormStyles.forgot}>
          Forgot password?
        </Link>
      </FormFrame>
      <p className={authFormStyles.footnote}>
        Students sign in on the <Link to={PATHS.signIn}>student sign-in page</Link>.
      </p>
    </AuthPageFrame>
  );
}
