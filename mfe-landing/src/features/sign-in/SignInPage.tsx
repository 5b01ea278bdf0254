import { useMemo } from 'react';
import {
  ErrorBanner,
  type FieldErrors,
  FormFrame,
  Link,
  MESSAGES,
  PasswordField,
  PATHS,
  SelectField,
  signInNoticeMessage,
  type SignInValues,
  TextField,
  useLocationState,
  validateSignIn,
} from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { SignInFeedback } from './SignInFeedback';
import { useSignInForm } from './useSignIn';

type SignInRole = 'doctor' | 'student';

interface SignInFormValues extends SignInValues {
  readonly role: string;
}

const ROLE_OPTIONS = [
  { value: '', label: 'Choose your role' },
  { value: 'student', label: 'Student' },
  { value: 'doctor', label: 'Doctor' },
];

const EMPTY: SignInFormValues = { email: '', password: '', role: '' };

function isSignInRole(value: string): value is SignInRole {
  return value === 'doctor' || value === 'student';
}

function validate(values: SignInFormValues): FieldErrors<SignInFormValues> {
  const errors: FieldErrors<SignInFormValues> = validateSignIn(values);
  return isSignInRole(values.role) ? errors : { ...errors, role: MESSAGES.fillAllRequired };
}

export function SignInPage() {
  const notice = signInNoticeMessage(useLocationState());
  const initial = useMemo(() => EMPTY, []);
  const signIn = useSignInForm({
    initial,
    validate,
    portalOf: (values) => ({ page: 'signIn', role: isSignInRole(values.role) ? values.role : 'student' }),
  });
  const { form } = signIn;
  const role = form.field('role');

  return (
    <AuthPageFrame
      title="Sign in"
      intro={<p>Doctors and students sign in here with their email, role and password.</p>}
    >
      {/* A missing role is said above the form, in the spec's words. */}
      {form.errors.role && <ErrorBanner message={form.errors.role} />}
      <SignInFeedback
        notice={notice}
        signInInstead={signIn.signInInstead}
        insteadLabel="Go to the staff sign-in page"
      />
      <FormFrame
        form={form}
        className={authFormStyles.form}
        label="Sign in"
        submit="Sign In"
        busyLabel="Signing in…"
        disabled={!signIn.canSubmit}
      >
        <TextField label="Email" type="email" autoComplete="email" required {...signIn.emailField} />
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          required
          name={role.name}
          value={role.value}
          onChange={role.onChange}
        />
        <PasswordField label="Password" autoComplete="current-password" required {...signIn.passwordField} />
        <Link to={PATHS.forgotPassword} className={authFormStyles.forgot}>
          Forgot password?
        </Link>
      </FormFrame>
      <p className={authFormStyles.footnote}>
        University administrators and staff sign in on the <Link to={PATHS.adminSignIn}>staff sign-in page</Link>. New
        university? <Link to={PATHS.register}>Create account</Link>
      </p>
    </AuthPageFrame>
  );
}
