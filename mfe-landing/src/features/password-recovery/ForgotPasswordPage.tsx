import { useState } from 'react';
import { Button, Link, PATHS } from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { EmailLinkForm } from '../../components/EmailLinkForm';
import { LINK_SENT_MESSAGE } from './recoveryApi';
import { passwordResetRequestMutation } from './recoveryQueries';

/** Asks for the address and mails a recovery link, with one answer whether or not an account has the address. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);

  return (
    <AuthPageFrame
      title="Forgot password"
      intro={<p>Enter the email address of your account. We will email you a link to set a new password.</p>}
    >
      {!sent ? (
        <EmailLinkForm
          name="Forgot password"
          submitLabel="Send reset link"
          mutation={passwordResetRequestMutation}
          onSent={() => setSent(true)}
        />
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
        Remembered it? Sign in on the <Link to={PATHS.signIn}>student sign-in page</Link> or the{' '}
        <Link to={PATHS.adminSignIn}>staff sign-in page</Link>.
      </p>
    </AuthPageFrame>
  );
}
