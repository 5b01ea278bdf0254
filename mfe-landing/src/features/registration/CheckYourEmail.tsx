import { useEffect, useState } from 'react';
import { Button, useApiMutation } from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { resendConfirmationMutation } from './registrationQueries';
import styles from './registration.module.css';

/** The auth service mails a sign-up at most one link a minute; asking sooner would only be ignored. */
export const RESEND_INTERVAL_MS = 60_000;

/**
 * After a sign-up: nothing exists until the address is confirmed, so the one way on is the emailed link. Offers a
 * new link once a minute has passed since the last.
 */
export function CheckYourEmail({ email, onStartOver }: { readonly email: string; readonly onStartOver: () => void }) {
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(sentAt);
  const resend = useApiMutation(resendConfirmationMutation, {
    onSuccess: () => {
      const at = Date.now();
      setSentAt(at);
      setNow(at);
    },
  });
  const canResend = now >= sentAt + RESEND_INTERVAL_MS;

  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), sentAt + RESEND_INTERVAL_MS - Date.now());
    return () => clearTimeout(timer);
  }, [sentAt]);

  return (
    <section className={styles.checkEmail} aria-labelledby="check-email-heading">
      <h2 id="check-email-heading" className={styles.checkEmailTitle}>
        Check your email
      </h2>
      <p role="status" className={authFormStyles.notice}>
        We sent a link to {email}. Open it to confirm that the address is yours: it signs you in, and works once, within
        one hour.
      </p>
      <p className={authFormStyles.footnote}>
        No email? Check your spam folder.{' '}
        {canResend ? 'You can ask for a new link.' : 'You can ask for a new link a minute after the last one.'}
      </p>
      <Button
        type="button"
        variant="secondary"
        disabled={!canResend || resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
      <Button type="button" variant="secondary" onClick={onStartOver}>
        Use another address
      </Button>
    </section>
  );
}
