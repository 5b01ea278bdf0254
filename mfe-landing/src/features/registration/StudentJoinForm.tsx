import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  ErrorBanner,
  getSupabase,
  hasErrors,
  MESSAGES,
  NEW_PASSWORD_MIN_LENGTH,
  notifySuccess,
  PasswordField,
  PATHS,
  SelectField,
  TextField,
  useUserProfile,
  validateStudentRegistration,
  YEARS_OF_STUDY,
  type FieldErrors,
  type StudentRegistrationValues,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { joinUniversity, type JoinableUniversity } from './registrationApi';
import styles from './registration.module.css';

const EMPTY: StudentRegistrationValues = { firstName: '', lastName: '', email: '', phone: '', regNumber: '', department: '', yearOfStudy: '', password: '' };

/** Years of study the database accepts (members.year_of_study between 1 and 8). */
const YEAR_OPTIONS = [{ value: '', label: 'Choose your year' }, ...YEARS_OF_STUDY.map((year) => ({ value: year, label: `Year ${year}` }))];

export function StudentJoinForm({ joinCode, university }: { readonly joinCode: string; readonly university: JoinableUniversity }) {
  const navigate = useNavigate();
  const { refresh } = useUserProfile();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<StudentRegistrationValues>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof StudentRegistrationValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (hasErrors(errors)) setErrors(validateStudentRegistration(next));
  };

  const field = (name: keyof StudentRegistrationValues) => ({
    value: values[name],
    error: errors[name],
    required: true,
    disabled: submitting,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateStudentRegistration(values);
    setErrors(problems);
    if (hasErrors(problems)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await joinUniversity(await getSupabase(), joinCode, values);
      if (!result.ok) {
        setFailure(result.message);
        setSubmitting(false);
        return;
      }
      notifySuccess(`Welcome to ${university.name}`);
      await refresh();
      navigate(PATHS.questionnaire, { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not create your account. Please try again.');
      setSubmitting(false);
    }
  };

  return (
    <>
      <p className={styles.university}>
        {university.logoUrl && <img src={university.logoUrl} alt="" className={styles.universityLogo} />}
        <span>You are joining {university.name}</span>
      </p>
      {failure && <ErrorBanner message={failure} />}
      <form className={authFormStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Join your university">
        <div className={styles.nameRow}>
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="Registration number" hint="As on your student ID, e.g. NFU/2024/001" {...field('regNumber')} />
        <TextField label="Department" {...field('department')} />
        <SelectField label="Year of study" options={YEAR_OPTIONS} {...field('yearOfStudy')} />
        <PasswordField label="Password" autoComplete="new-password" minLength={NEW_PASSWORD_MIN_LENGTH} hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters. ${MESSAGES.passwordRule}`} {...field('password')} />
        <Button type="submit" className={authFormStyles.submit} disabled={submitting}>
          {submitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </>
  );
}
