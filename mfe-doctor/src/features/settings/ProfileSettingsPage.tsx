import { useMemo } from 'react';
import {
  Button,
  getSupabase,
  LoadingState,
  MemberPhotoPicker,
  notifySuccess,
  PasswordField,
  Section,
  SelectField,
  STAFF_TITLES,
  TextField,
  useSavedForm,
  useUserProfile,
  type Member,
} from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';
import {
  changesEmail,
  emailConfirmationSentMessage,
  saveStaffProfile,
  staffProfileForm,
  validateStaffProfileForm,
  type StaffProfileForm,
} from './staffProfileApi';
import styles from './settings.module.css';

const TITLE_OPTIONS = STAFF_TITLES.map((title) => ({ value: title, label: title === '' ? '—' : title }));

export function ProfileForm({ member, onSaved }: { readonly member: Member; readonly onSaved: () => Promise<void> }) {
  const initial = useMemo(() => staffProfileForm(member), [member]);
  const { field, values, submit, saving, saveError } = useSavedForm<StaffProfileForm>({
    initial,
    validate: (form) => validateStaffProfileForm(member, form),
    save: async (form) => {
      const { pendingEmail } = await saveStaffProfile(await getSupabase(), member, form);
      if (pendingEmail !== null) notifySuccess(emailConfirmationSentMessage(pendingEmail));
      await onSaved();
    },
    successMessage: 'Profile saved',
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Personal details">
      <SelectField label="Title" options={TITLE_OPTIONS} {...field('title')} />
      <div className={styles.row}>
        <TextField label="First Name" autoComplete="given-name" maxLength={100} {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" maxLength={100} {...field('lastName')} />
      </div>
      <TextField label="Staff ID" maxLength={50} {...field('staffId')} />
      <TextField label="Email Address" type="email" autoComplete="email" {...field('email')} />
      {changesEmail(member, values.email) && (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          hint="Needed to change your email address: we then send a confirmation link to the new one"
          {...field('currentPassword')}
        />
      )}
      <TextField label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
      {saveError && (
        <p role="alert" className={styles.error}>
          {saveError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

export function ProfileSettingsPage() {
  const profile = useUserProfile();
  return (
    <>
      <SettingsHeader />
      {profile.status !== 'signedIn' ? (
        <LoadingState label="Loading your profile…" />
      ) : (
        <>
          <Section title="Photo">
            <MemberPhotoPicker member={profile.member} onChanged={profile.refresh} />
          </Section>
          <Section title="Personal details">
            <ProfileForm member={profile.member} onSaved={profile.refresh} />
          </Section>
        </>
      )}
    </>
  );
}
