import { type FormEvent, useMemo } from 'react';
import {
  Button,
  type CampusCareClient,
  type EmailValues,
  ErrorBanner,
  TextField,
  useApiMutation,
  useForm,
  validateEmail,
} from '@campuscare/shared';
import { authFormStyles } from './AuthPageFrame';

/**
 * One address and a button that emails a link to it (a new password, a new confirmation). The auth service answers
 * alike whatever the address, so the page says the same after any success: `onSent`.
 */
export function EmailLinkForm({
  name,
  submitLabel,
  send,
  onSent,
}: {
  readonly name: string;
  readonly submitLabel: string;
  readonly send: (client: CampusCareClient, values: EmailValues) => Promise<void>;
  readonly onSent: () => void;
}) {
  const request = useApiMutation(send, { errors: 'caller' });
  const initial = useMemo<EmailValues>(() => ({ email: '' }), []);
  const form = useForm({
    initial,
    validate: validateEmail,
    submit: (values: EmailValues) => request.mutateAsync(values),
    onSuccess: onSent,
  });
  return (
    <form
      className={authFormStyles.form}
      onSubmit={(event: FormEvent) => void form.handleSubmit(event)}
      noValidate
      aria-label={name}
    >
      {form.formError && <ErrorBanner message={form.formError} />}
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <Button type="submit" className={authFormStyles.submit} disabled={form.submitting}>
        {form.submitting ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
