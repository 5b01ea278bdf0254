import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  ErrorBanner,
  getSupabase,
  hasErrors,
  HealthProfileFields,
  healthProfileFormValues,
  LoadingState,
  notifySuccess,
  saveHealthProfile,
  Section,
  SelectField,
  TextField,
  useUserProfile,
  validateHealthProfile,
  type FieldErrors,
  type HealthProfile,
  type HealthProfileValues,
  type Member,
  MemberPhotoPicker,
  YEARS_OF_STUDY,
} from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';
import { saveStudentProfile, studentProfileValues, validateStudentProfile, type StudentProfileValues } from './studentProfileApi';
import styles from './Settings.module.css';

export const SETTINGS_MESSAGES = {
  profileSaved: 'Profile saved',
  healthSaved: 'Health information saved',
} as const;

const YEAR_OPTIONS = [{ value: '', label: 'Choose a year' }, ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year }))];

type Refresh = () => Promise<void>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function PersonalDetailsForm({ member, onSaved }: { readonly member: Member; readonly onSaved: Refresh }) {
  const [values, setValues] = useState<StudentProfileValues>(() => studentProfileValues(member));
  const [errors, setErrors] = useState<FieldErrors<StudentProfileValues>>({});
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => setValues(studentProfileValues(member)), [member]);

  const field = (name: keyof StudentProfileValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { readonly target: { readonly value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fieldErrors = validateStudentProfile(values);
    setErrors(fieldErrors);
    setSaveError(undefined);
    if (hasErrors(fieldErrors)) return;
    setSaving(true);
    try {
      await saveStudentProfile(await getSupabase(), member, values);
      await onSaved();
      notifySuccess(SETTINGS_MESSAGES.profileSaved);
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Personal details">
      <div className={styles.row}>
        <TextField label="First Name" autoComplete="given-name" maxLength={100} {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" maxLength={100} {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Matric number" value={member.reg_number ?? ''} readOnly hint="Your registration number: the university's office changes it if it is wrong" />
      <div className={styles.row}>
        <TextField label="Department" maxLength={100} {...field('department')} />
        <SelectField label="Year of study" options={YEAR_OPTIONS} {...field('yearOfStudy')} />
      </div>
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      {saveError && <ErrorBanner message={saveError} />}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/** The questionnaire's answers, edited with the same fields and rules as /questions. */
function HealthInformationForm({ member, healthProfile, onSaved }: { readonly member: Member; readonly healthProfile: HealthProfile | null; readonly onSaved: Refresh }) {
  const [values, setValues] = useState<HealthProfileValues>(() => healthProfileFormValues(healthProfile));
  const [errors, setErrors] = useState<FieldErrors<HealthProfileValues>>({});
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => setValues(healthProfileFormValues(healthProfile)), [healthProfile]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fieldErrors = validateHealthProfile(values);
    setErrors(fieldErrors);
    setSaveError(undefined);
    if (hasErrors(fieldErrors)) return;
    setSaving(true);
    try {
      const refusal = await saveHealthProfile(await getSupabase(), member.id, values);
      if (refusal) {
        setSaveError(refusal);
        return;
      }
      await onSaved();
      notifySuccess(SETTINGS_MESSAGES.healthSaved);
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Health information">
      <HealthProfileFields values={values} errors={errors} onChange={setValues} disabled={saving} />
      {saveError && <ErrorBanner message={saveError} />}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save health information'}
        </Button>
      </div>
    </form>
  );
}

/** /studentprofile: photo, personal details and health information, each saved on its own. */
export function ProfileSettingsPage() {
  const profile = useUserProfile();
  return (
    <>
      <SettingsHeader />
      {profile.status !== 'signedIn' ? (
        <LoadingState label="Loading your profile…" />
      ) : (
        <>
          <Section title="Profile photo">
            <MemberPhotoPicker member={profile.member} onChanged={profile.refresh} />
          </Section>
          <Section title="Personal details">
            <PersonalDetailsForm member={profile.member} onSaved={profile.refresh} />
          </Section>
          <Section title="Health information">
            <HealthInformationForm member={profile.member} healthProfile={profile.healthProfile} onSaved={profile.refresh} />
          </Section>
        </>
      )}
    </>
  );
}
