import { useMemo, useState, type FormEvent } from 'react';
import { Button, ErrorBanner, type FieldErrors, isValidEmail, Link, MESSAGES, PATHS, TextField, useApiMutation, useForm } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { LINK_SENT_MESSAGE, requestPasswordReset } from './recoveryApi';

interface ForgotPasswordValues {
  readonly email: string;
}

function validate({ email }: ForgotPasswordValues): FieldErrors<ForgotPasswordValues> {
  if (email.trim() === '') return { email: MESSAGES.required };
  return isValidEmail(email) ? {} : { email: MESSAGES.invalidEmail };
}

/** Asks for the address and mails a recovery link, with one answer whether or not an account has the address. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const request = useApiMutation(requestPasswordReset, { errors: 'caller' });
  const initial = useMemo<ForgotPasswordValues>(() => ({ email: '' }), []);
  const form = useForm({
    initial,
    validate,
    submit: (values: ForgotPasswordValues) => request.mutateAsync(values),
    onSuccess: () => setSent(true),
  });

  return (
    <AuthPageFrame title="Forgot password" intro={<p>Enter the email address of your account. We will email you a link to set a new password.</p>}>
      {!sent ? (
        <form className={authFormStyles.form} onSubmit={(event: FormEvent) => void form.handleSubmit(event)} noValidate aria-label="Forgot password">
          {form.formError && <ErrorBanner message={form.formError} />}
          <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <Button type="submit" className={authFormStyles.submit} disabled={form.submitting}>
            {form.submitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      ) : (
        <>
          <p role="status" className={authFormStyles.notice}>
            {LINK_SENT_MESSAGE}
          </p>
          <Button type="button" variant="secondary" onClick={() => setSent(false)}>
            Use another address
          </Button>
        </>
      )}
      <p className={authFormStyles.footnote}>
        Remembered it? Sign in on the <Link to={PATHS.signIn}>student sign-in page</Link> or the <Link to={PATHS.adminSignIn}>staff sign-in page</Link>.
      </p>
    </AuthPageFrame>
  );
}
