import { useMemo } from 'react';
import {
  Button,
  ErrorBanner,
  getSupabase,
  HealthProfileFields,
  healthProfileFormValues,
  LoadingState,
  saveHealthProfile,
  Section,
  SelectField,
  TextField,
  useSavedForm,
  useUserProfile,
  validateHealthProfile,
  type HealthProfile,
  type HealthProfileValues,
  type Member,
  MemberPhotoPicker,
  notifySuccess,
  PasswordField,
  YEARS_OF_STUDY,
} from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';
import {
  changesEmail,
  emailConfirmationSentMessage,
  saveStudentProfile,
  studentProfileForm,
  validateStudentProfileForm,
  type StudentProfileForm,
} from './studentProfileApi';
import styles from './Settings.module.css';

export const SETTINGS_MESSAGES = {
  profileSaved: 'Profile saved',
  healthSaved: 'Health information saved',
} as const;

const YEAR_OPTIONS = [{ value: '', label: 'Choose a year' }, ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year }))];

type Refresh = () => Promise<void>;

export function PersonalDetailsForm({ member, onSaved }: { readonly member: Member; readonly onSaved: Refresh }) {
  const initial = useMemo(() => studentProfileForm(member), [member]);
  const { field, values, submit, saving, saveError } = useSavedForm<StudentProfileForm>({
    initial,
    validate: (form) => validateStudentProfileForm(member, form),
    save: async (form) => {
      const { pendingEmail } = await saveStudentProfile(await getSupabase(), member, form);
      if (pendingEmail !== null) notifySuccess(emailConfirmationSentMessage(pendingEmail));
      await onSaved();
    },
    successMessage: SETTINGS_MESSAGES.profileSaved,
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Personal details">
      <div className={styles.row}>
        <TextField label="First Name" autoComplete="given-name" maxLength={100} {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" maxLength={100} {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      {changesEmail(member, values.email) && (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          hint="Needed to change your email address: we then send a confirmation link to the new one"
          {...field('currentPassword')}
        />
      )}
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
  const initial = useMemo(() => healthProfileFormValues(healthProfile), [healthProfile]);
  const { values, setValues, errors, submit, saving, saveError } = useSavedForm<HealthProfileValues>({
    initial,
    validate: validateHealthProfile,
    save: async (changed) => {
      const refusal = await saveHealthProfile(await getSupabase(), member.id, changed);
      if (refusal) throw new Error(refusal);
      await onSaved();
    },
    successMessage: SETTINGS_MESSAGES.healthSaved,
  });

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
