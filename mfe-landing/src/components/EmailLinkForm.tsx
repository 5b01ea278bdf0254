import { useMemo } from 'react';
import { type ApiMutation, type EmailValues, FormFrame, TextField, useForm, validateEmail } from '@campuscare/shared';
import { authFormStyles } from './AuthPageFrame';

/**
 * One address and a button that emails a link to it (a new password, a new confirmation). The auth service answers
 * alike whatever the address, so the page says the same after any success: `onSent`.
 */
export function EmailLinkForm({
  name,
  submitLabel,
  mutation,
  onSent,
}: {
  readonly name: string;
  readonly submitLabel: string;
  /** What sends the link (the feature's declaration). */
  readonly mutation: ApiMutation<EmailValues, void>;
  readonly onSent: () => void;
}) {
  const initial = useMemo<EmailValues>(() => ({ email: '' }), []);
  const form = useForm({
    initial,
    validate: validateEmail,
    mutation,
    input: (values: EmailValues) => values,
    onSuccess: onSent,
  });
  return (
    <FormFrame form={form} className={authFormStyles.form} label={name} submit={submitLabel} busyLabel="Sending…">
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
    </FormFrame>
  );
}
