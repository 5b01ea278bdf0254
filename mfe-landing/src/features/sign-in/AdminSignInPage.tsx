import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, ErrorBanner, PasswordField, PATHS, signInNoticeMessage, TextField, validateSignIn } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { canSubmitSignIn, visibleSignInErrors } from './signInRules';
import { useSignIn } from './useSignIn';

/** Administrators and staff; invitation links carry `?email=` so the invited address is filled in. */
export function AdminSignInPage() {
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const notice = signInNoticeMessage(state);
  const [email, setEmail] = useState(() => searchParams.get('email')?.trim() ?? '');
  const [password, setPassword] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const { submitting, failure, submit } = useSignIn({ page: 'adminSignIn' });

  const values = { email, password };
  const errors = visibleSignInErrors(values, emailTouched);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEmailTouched(true);
    if (!canSubmitSignIn(values, errors) || validateSignIn(values).email) return;
    void submit(values);
  };

  return (
    <AuthPageFrame
      title="Admin sign in"
      intro={
        <p>
          For university administrators and clinic staff. Change your password after you log in. If you do not have a password, ask your Super Admin for one.
        </p>
      }
    >
      {notice && (
        <p role="status" className={authFormStyles.notice}>
          {notice}
        </p>
      )}
      {failure && <ErrorBanner message={failure.message} />}
      {failure?.signInInstead && (
        <p>
          <Link to={failure.signInInstead}>Go to the student sign-in page</Link>
        </p>
      )}
      <form className={authFormStyles.form} onSubmit={onSubmit} noValidate aria-label="Admin sign in">
        <TextField label="Email" type="email" autoComplete="email" value={email} error={errors.email} required onChange={(event) => setEmail(event.target.value)} onBlur={() => setEmailTouched(true)} />
        <PasswordField label="Password" autoComplete="current-password" value={password} error={errors.password} required onChange={(event) => setPassword(event.target.value)} />
        <Button type="submit" className={authFormStyles.submit} disabled={submitting || !canSubmitSignIn(values, errors)}>
          {submitting ? 'Signing in…' : 'Login'}
        </Button>
      </form>
      <p className={authFormStyles.footnote}>
        Students sign in on the <Link to={PATHS.signIn}>student sign-in page</Link>.
      </p>
    </AuthPageFrame>
  );
}
