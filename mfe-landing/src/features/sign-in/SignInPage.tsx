import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, ErrorBanner, MESSAGES, PasswordField, PATHS, SelectField, signInNoticeMessage, TextField, validateSignIn } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { canSubmitSignIn, visibleSignInErrors } from './signInRules';
import { useSignIn } from './useSignIn';

type SignInRole = 'doctor' | 'student';

const ROLE_OPTIONS = [
  { value: '', label: 'Choose your role' },
  { value: 'student', label: 'Student' },
  { value: 'doctor', label: 'Doctor' },
];

function isSignInRole(value: string): value is SignInRole {
  return value === 'doctor' || value === 'student';
}

export function SignInPage() {
  const { state } = useLocation();
  const notice = signInNoticeMessage(state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const { submitting, failure, submit } = useSignIn(isSignInRole(role) ? { page: 'signIn', role } : null);

  const values = { email, password };
  const errors = visibleSignInErrors(values, emailTouched);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '' || !isSignInRole(role)) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    setEmailTouched(true);
    if (!canSubmitSignIn(values, errors) || validateSignIn(values).email) return;
    void submit(values);
  };

  return (
    <AuthPageFrame title="Sign in" intro={<p>Doctors and students sign in here with their email, role and password.</p>}>
      {notice && (
        <p role="status" className={authFormStyles.notice}>
          {notice}
        </p>
      )}
      {incomplete && <ErrorBanner message={MESSAGES.fillAllRequired} />}
      {failure && <ErrorBanner message={failure.message} />}
      {failure?.signInInstead && (
        <p>
          <Link to={failure.signInInstead}>Go to the staff sign-in page</Link>
        </p>
      )}
      <form className={authFormStyles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <TextField label="Email" type="email" autoComplete="email" value={email} error={errors.email} required onChange={(event) => setEmail(event.target.value)} onBlur={() => setEmailTouched(true)} />
        <SelectField label="Role" options={ROLE_OPTIONS} value={role} required onChange={(event) => setRole(event.target.value)} />
        <PasswordField label="Password" autoComplete="current-password" value={password} error={errors.password} required onChange={(event) => setPassword(event.target.value)} />
        <Button type="submit" className={authFormStyles.submit} disabled={submitting || !canSubmitSignIn(values, errors)}>
          {submitting ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <p className={authFormStyles.footnote}>
        University administrators and staff sign in on the <Link to={PATHS.adminSignIn}>staff sign-in page</Link>. New university?{' '}
        <Link to={PATHS.register}>Create account</Link>
      </p>
    </AuthPageFrame>
  );
}
