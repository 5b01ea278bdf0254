import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  ErrorBanner,
  getSupabase,
  hasErrors,
  MESSAGES,
  NEW_PASSWORD_MIN_LENGTH,
  notifyError,
  notifySuccess,
  PasswordField,
  PATHS,
  TextField,
  useUserProfile,
  validateUniversityRegistration,
  type FieldErrors,
  type UniversityRegistrationValues,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { LogoField } from './LogoField';
import { registerUniversity } from './registrationApi';

const EMPTY: UniversityRegistrationValues = { universityName: '', email: '', phone: '', password: '' };

export function UniversityRegistrationForm() {
  const navigate = useNavigate();
  const { refresh } = useUserProfile();
  const [values, setValues] = useState(EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<UniversityRegistrationValues>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof UniversityRegistrationValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (hasErrors(errors)) setErrors(validateUniversityRegistration(next));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateUniversityRegistration(values);
    setErrors(problems);
    if (hasErrors(problems)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await registerUniversity(await getSupabase(), values, logo);
      if (!result.ok) {
        setFailure(result.message);
        setSubmitting(false);
        return;
      }
      if (result.logoError) notifyError(`Your account is ready, but the logo was not saved: ${result.logoError}. You can add it later in Settings.`);
      notifySuccess(`${values.universityName.trim()} is registered`);
      await refresh();
      navigate(PATHS.adminDashboard, { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not create the account. Please try again.');
      setSubmitting(false);
    }
  };

  return (
    <>
      {failure && <ErrorBanner message={failure} />}
      <form className={authFormStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Register your university">
        <TextField label="University name" autoComplete="organization" value={values.universityName} error={errors.universityName} required disabled={submitting} onChange={(event) => set('universityName', event.target.value)} />
        <TextField label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} required disabled={submitting} onChange={(event) => set('email', event.target.value)} />
        <TextField label="Phone" type="tel" autoComplete="tel" value={values.phone} error={errors.phone} required disabled={submitting} onChange={(event) => set('phone', event.target.value)} />
        <PasswordField label="Password" autoComplete="new-password" minLength={NEW_PASSWORD_MIN_LENGTH} hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters. ${MESSAGES.passwordRule}`} value={values.password} error={errors.password} required disabled={submitting} onChange={(event) => set('password', event.target.value)} />
        <LogoField logo={logo} onChange={setLogo} disabled={submitting} />
        <Button type="submit" className={authFormStyles.submit} disabled={submitting}>
          {submitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </>
  );
}
