import { useMemo } from 'react';
import {
  Button,
  ErrorBanner,
  LOGO_HINT,
  MESSAGES,
  NEW_PASSWORD_MIN_LENGTH,
  PasswordField,
  TextField,
  type UniversityRegistrationValues,
  useApiMutation,
  useForm,
  validateUniversityRegistration,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { liveCheckedField } from './liveCheckedField';
import { registerUniversity } from './registrationApi';
import { useSignUpFinish } from './signUpFinish';

const EMPTY: UniversityRegistrationValues = { universityName: '', email: '', phone: '', password: '' };

/**
 * Registers a university. Its account, and the university itself, exist once the emailed link is opened; the logo is
 * added in Settings after that, as nothing can be stored before.
 */
export function UniversityRegistrationForm({ onConfirmEmail }: { readonly onConfirmEmail: (email: string) => void }) {
  const register = useApiMutation(registerUniversity, { errors: 'caller' });
  const finish = useSignUpFinish(onConfirmEmail);
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateUniversityRegistration,
    submit: async (values: UniversityRegistrationValues) => finish.settle(await register.mutateAsync(values)),
    onSuccess: finish.go,
  });
  const field = (name: keyof UniversityRegistrationValues) =>
    liveCheckedField(form, validateUniversityRegistration, name);

  return (
    <>
      {form.formError && <ErrorBanner message={form.formError} />}
      <form
        className={authFormStyles.form}
        onSubmit={(event) => void form.handleSubmit(event)}
        noValidate
        aria-label="Register your university"
      >
        <TextField label="University name" autoComplete="organization" {...field('universityName')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          minLength={NEW_PASSWORD_MIN_LENGTH}
          hint={MESSAGES.newPasswordHint}
          {...field('password')}
        />
        <p className={authFormStyles.footnote}>
          {LOGO_HINT} You add it in Settings once your email address is confirmed.
        </p>
        <Button type="submit" className={authFormStyles.submit} disabled={form.submitting}>
          {form.submitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </>
  );
}
