import { useMemo } from 'react';
import { Button, ErrorBanner, MESSAGES, NEW_PASSWORD_MIN_LENGTH, notifyError, notifySuccess, PasswordField, PATHS, TextField, type UniversityRegistrationValues, useApiMutation, useForm, useNavigate, useUserProfile, validateUniversityRegistration } from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { liveCheckedField } from './liveCheckedField';
import { LogoField } from './LogoField';
import { registerUniversity } from './registrationApi';

interface RegistrationFormValues extends UniversityRegistrationValues {
  readonly logo: File | null;
}

const EMPTY: RegistrationFormValues = { universityName: '', email: '', phone: '', password: '', logo: null };

const validate = (values: RegistrationFormValues) => validateUniversityRegistration(values);

export function UniversityRegistrationForm() {
  const navigate = useNavigate();
  const { refresh } = useUserProfile();
  const register = useApiMutation(registerUniversity, { errors: 'caller' });
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate,
    submit: async ({ logo, ...values }: RegistrationFormValues) => {
      const registered = await register.mutateAsync({ values, logo });
      // The dashboard's guard must see the new session, not the signed-out state this page started with.
      await refresh();
      return registered;
    },
    onSuccess: ({ logoError }, values) => {
      if (logoError) notifyError(`Your account is ready, but the logo was not saved. ${logoError} You can add it later in Settings.`);
      notifySuccess(`${values.universityName.trim()} is registered`);
      navigate(PATHS.adminDashboard, { replace: true });
    },
  });

  return (
    <>
      {form.formError && <ErrorBanner message={form.formError} />}
      <form className={authFormStyles.form} onSubmit={(event) => void form.handleSubmit(event)} noValidate aria-label="Register your university">
        <TextField label="University name" autoComplete="organization" required disabled={form.submitting} {...liveCheckedField(form, validate, 'universityName')} />
        <TextField label="Email" type="email" autoComplete="email" required disabled={form.submitting} {...liveCheckedField(form, validate, 'email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" required disabled={form.submitting} {...liveCheckedField(form, validate, 'phone')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          minLength={NEW_PASSWORD_MIN_LENGTH}
          hint={MESSAGES.newPasswordHint}
          required
          disabled={form.submitting}
          {...liveCheckedField(form, validate, 'password')}
        />
        <LogoField logo={form.values.logo} onChange={(logo) => form.setValue('logo', logo)} disabled={form.submitting} />
        <Button type="submit" className={authFormStyles.submit} disabled={form.submitting}>
          {form.submitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </>
  );
}
