import { useMemo } from 'react';
import {
  Button,
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
        refusal={signIn.form.formError}
        signInInstead={signIn.signInInstead}
        insteadLabel="Go to the student sign-in page"
      />
      <form
        ref={signIn.form.formRef}
        className={authFormStyles.form}
        onSubmit={signIn.onSubmit}
        noValidate
        aria-label="Admin sign in"
      >
        <TextField label="Email" type="email" autoComplete="email" required {...signIn.emailField} />
        <PasswordField label="Password" autoComplete="current-password" required {...signIn.passwordField} />
        <Link to={PATHS.forgotPassword} className={authFormStyles.forgot}>
          Forgot password?
        </Link>
        <Button type="submit" className={authFormStyles.submit} disabled={!signIn.canSubmit}>
          {signIn.form.submitting ? 'Signing in…' : 'Login'}
        </Button>
      </form>
      <p className={authFormStyles.footnote}>
        Students sign in on the <Link to={PATHS.signIn}>student sign-in page</Link>.
      </p>
    </AuthPageFrame>
  );
}
