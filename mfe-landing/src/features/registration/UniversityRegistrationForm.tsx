import { useMemo } from 'react';
import {
  FormFrame,
  LOGO_HINT,
  NewPasswordField,
  TextField,
  runApiMutation,
  type UniversityRegistrationValues,
  useForm,
  validateUniversityRegistration,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { liveCheckedField } from './liveCheckedField';
import { registerUniversityMutation } from './registrationQueries';
import { useSignUpFinish } from './signUpFinish';

const EMPTY: UniversityRegistrationValues = { universityName: '', email: '', phone: '', password: '' };

/**
 * Registers a university. Its account, and the university itself, exist once the emailed link is opened; the logo is
 * added in Settings after that, as nothing can be stored before.
 */
export function UniversityRegistrationForm({ onConfirmEmail }: { readonly onConfirmEmail: (email: string) => void }) {
  const finish = useSignUpFinish(onConfirmEmail);
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateUniversityRegistration,
    submit: async (values: UniversityRegistrationValues) =>
      finish.settle(await runApiMutation(registerUniversityMutation, values)),
    onSuccess: finish.go,
  });
  const field = (name: keyof UniversityRegistrationValues) =>
    liveCheckedField(form, validateUniversityRegistration, name);

  return (
    <FormFrame
      form={form}
      className={authFormStyles.form}
      label="Register your university"
      submit="Create account"
      busyLabel="Creating account…"
    >
      <TextField label="University name" autoComplete="organization" {...field('universityName')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <NewPasswordField label="Password" {...field('password')} />
      <p className={authFormStyles.footnote}>
        {LOGO_HINT} You add it in Settings once your email address is confirmed.
      </p>
    </FormFrame>
  );
}
