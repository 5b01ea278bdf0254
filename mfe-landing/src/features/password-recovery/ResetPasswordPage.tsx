import { useEffect, useMemo, useState } from 'react';
import {
  ErrorBanner,
  type FieldErrors,
  FormFrame,
  Link,
  LoadingState,
  MESSAGES,
  newPasswordError,
  NewPasswordField,
  PasswordField,
  PATHS,
  queryClient,
  readEmailLink,
  type SignInRedirectState,
  useApiQuery,
  useForm,
  useLocation,
  useNavigate,
} from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { LINK_REFUSED_MESSAGE } from './recoveryApi';
import { newPasswordMutation, recoverySessionQuery } from './recoveryQueries';

interface NewPasswordValues {
  readonly password: string;
  readonly confirmPassword: string;
}

const EMPTY: NewPasswordValues = { password: '', confirmPassword: '' };

const NO_LINK_MESSAGE = 'To set a new password, open the link in the email we sent you.';

function validate(values: NewPasswordValues): FieldErrors<NewPasswordValues> {
  const passwordError = newPasswordError(values.password);
  if (passwordError) return { password: passwordError };
  return values.confirmPassword === values.password ? {} : { confirmPassword: MESSAGES.passwordsDoNotMatch };
}

function AskForNewLink({ message }: { readonly message: string }) {
  return (
    <>
      <ErrorBanner message={message} />
      <p className={authFormStyles.footnote}>
        <Link to={PATHS.forgotPassword}>Ask for a new link</Link>
      </p>
    </>
  );
}

/**
 * Where the emailed recovery link lands, with the session in the URL fragment: starts that session, takes it out of
 * the address bar, then sets the new password and sends the person to sign in with it.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const [link] = useState(() => readEmailLink(hash, 'recovery'));
  const recoverySession = recoverySessionQuery(link.kind === 'session' ? link : null);
  const session = useApiQuery(recoverySession, { enabled: link.kind === 'session' });

  // The tokens must not stay in the address bar (history, screenshots) once the session holds them, or the link failed.
  const settled = link.kind !== 'session' || session.isSuccess || session.isError;
  useEffect(() => {
    if (settled && hash !== '') navigate(pathname, { replace: true });
  }, [settled, hash, pathname, navigate]);

  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate,
    mutation: newPasswordMutation,
    input: (values: NewPasswordValues) => ({ password: values.password }),
    onSuccess: (signInPage) => {
      queryClient.removeQueries({ queryKey: recoverySession.queryKey });
      const state: SignInRedirectState = { from: PATHS.resetPassword, notice: 'passwordReset' };
      navigate(signInPage, { replace: true, state });
    },
  });

  const content = () => {
    if (session.data !== undefined) {
      return (
        <FormFrame form={form} className={authFormStyles.form} label="Set a new password" submit="Set new password">
          {session.data !== '' && <p>Choose a new password for {session.data}.</p>}
          <NewPasswordField label="New password" required {...form.field('password')} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
        </FormFrame>
      );
    }
    if (link.kind === 'refused') return <AskForNewLink message={LINK_REFUSED_MESSAGE} />;
    if (link.kind === 'missing') return <AskForNewLink message={NO_LINK_MESSAGE} />;
    if (session.isError) return <AskForNewLink message={session.error.message} />;
    return <LoadingState label="Checking your link…" />;
  };

  return (
    <AuthPageFrame title="Set a new password" intro={<p>Setting a new password signs you out on every device.</p>}>
      {content()}
    </AuthPageFrame>
  );
}
