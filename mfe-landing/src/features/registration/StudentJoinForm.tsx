import { useMemo } from 'react';
import {
  FormFrame,
  NewPasswordField,
  runApiMutation,
  SelectField,
  type StudentRegistrationValues,
  TextField,
  useForm,
  validateStudentRegistration,
  YEARS_OF_STUDY,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { liveCheckedField } from './liveCheckedField';
import type { JoinableUniversity } from './registrationApi';
import { joinUniversityMutation } from './registrationQueries';
import { useSignUpFinish } from './signUpFinish';
import styles from './registration.module.css';

const EMPTY: StudentRegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  regNumber: '',
  department: '',
  yearOfStudy: '',
  password: '',
};

/** Years of study the database accepts (members.year_of_study between 1 and 8). */
const YEAR_OPTIONS = [
  { value: '', label: 'Choose your year' },
  ...YEARS_OF_STUDY.map((year) => ({ value: year, label: `Year ${year}` })),
];

/**
 * A student joins their university. The join code proves nothing about the person, so the account exists once the
 * emailed link confirms the address; the link signs them in and opens the health questionnaire.
 */
export function StudentJoinForm({
  joinCode,
  university,
  onConfirmEmail,
}: {
  readonly joinCode: string;
  readonly university: JoinableUniversity;
  readonly onConfirmEmail: (email: string) => void;
}) {
  const finish = useSignUpFinish(onConfirmEmail);
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateStudentRegistration,
    submit: async (values: StudentRegistrationValues) =>
      finish.settle(await runApiMutation(joinUniversityMutation, { joinCode, values })),
    onSuccess: finish.go,
  });
  const field = (name: keyof StudentRegistrationValues) => liveCheckedField(form, validateStudentRegistration, name);

  return (
    <>
      <p className={styles.university}>
        {university.logoUrl && <img src={university.logoUrl} alt="" className={styles.universityLogo} />}
        <span>You are joining {university.name}</span>
      </p>
      <FormFrame
        form={form}
        className={authFormStyles.form}
        label="Join your university"
        submit="Create account"
        busyLabel="Creating account…"
      >
        <div className={styles.nameRow}>
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField
          label="Registration number"
          hint="As on your student ID, e.g. NFU/2024/001"
          {...field('regNumber')}
        />
        <TextField label="Department" {...field('department')} />
        <SelectField label="Year of study" options={YEAR_OPTIONS} {...field('yearOfStudy')} />
        <NewPasswordField label="Password" {...field('password')} />
      </FormFrame>
    </>
  );
}
