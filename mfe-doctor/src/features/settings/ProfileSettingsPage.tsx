import { useMemo } from 'react';
import {
  Button,
  getSupabase,
  LoadingState,
  MemberPhotoPicker,
  Section,
  SelectField,
  STAFF_TITLES,
  TextField,
  useSavedForm,
  useUserProfile,
  type Member,
} from '@campuscare/shared';
import { SettingsHeader } from './SettingsTabs';
import { saveStaffProfile, staffProfileValues, validateStaffProfile, type StaffProfileValues } from './staffProfileApi';
import styles from './settings.module.css';

const TITLE_OPTIONS = STAFF_TITLES.map((title) => ({ value: title, label: title === '' ? '—' : title }));

function ProfileForm({ member, onSaved }: { readonly member: Member; readonly onSaved: () => Promise<void> }) {
  const initial = useMemo(() => staffProfileValues(member), [member]);
  const { field, submit, saving, saveError } = useSavedForm<StaffProfileValues>({
    initial,
    validate: validateStaffProfile,
    save: async (values) => {
      await saveStaffProfile(await getSupabase(), member, values);
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
