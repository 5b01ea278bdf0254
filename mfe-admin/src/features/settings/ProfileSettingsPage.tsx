import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  ErrorBanner,
  getSupabase,
  imageObjectPath,
  isValidEmail,
  LoadingState,
  MESSAGES,
  notifySuccess,
  PhotoPicker,
  Section,
  TextField,
  UNIVERSITY_LOGOS_BUCKET,
  universityLogoUrl,
  useSavedForm,
  type FieldErrors,
  type University,
} from '@campuscare/shared';
import { updateUniversity } from '../../university/universityApi';
import { useUniversity } from '../../university/useUniversity';
import { SettingsHeader } from './SettingsTabs';
import styles from './settings.module.css';

interface DetailsValues {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

export function validateUniversityDetails(values: DetailsValues): FieldErrors<DetailsValues> {
  const errors: FieldErrors<DetailsValues> = {};
  if (values.name.trim().length < 2) errors.name = 'Enter the university name';
  if (!isValidEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  if (values.phone.trim() !== '' && !/^\+?[0-9][0-9 ()./-]{3,24}$/.test(values.phone.trim())) errors.phone = MESSAGES.invalidPhone;
  return errors;
}

function useLogoUrl(logoPath: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void getSupabase().then((client) => current && setUrl(universityLogoUrl(client, logoPath)));
    return () => {
      current = false;
    };
  }, [logoPath]);
  return url;
}

function UniversityProfile({ university, onSaved }: { readonly university: University; readonly onSaved: () => void }) {
  const initial = useMemo<DetailsValues>(() => ({ name: university.name, email: university.email, phone: university.phone ?? '' }), [university]);
  const { field, submit, saving, saveError } = useSavedForm<DetailsValues>({
    initial,
    validate: validateUniversityDetails,
    save: async (values) => {
      await updateUniversity(await getSupabase(), university.id, { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() === '' ? null : values.phone.trim() });
      onSaved();
    },
    successMessage: 'University details saved',
  });
  const logoUrl = useLogoUrl(university.logo_path);

  const saveLogo = async (path: string) => {
    await updateUniversity(await getSupabase(), university.id, { logo_path: path });
    notifySuccess('Logo updated');
    onSaved();
  };

  return (
    <>
      <Section title="Profile photo">
        <PhotoPicker
          label="University logo"
          bucket={UNIVERSITY_LOGOS_BUCKET}
          currentUrl={logoUrl}
          pathFor={(file) => imageObjectPath(university.id, `logo-${Date.now()}`, file)}
          onUploaded={saveLogo}
        />
      </Section>
      <Section title="University details">
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField label="University Name" maxLength={200} {...field('name')} />
          <TextField label="Email" type="email" {...field('email')} />
          <TextField label="Phone" type="tel" {...field('phone')} />
          {saveError && <ErrorBanner message={saveError} />}
          <div className={styles.buttons}>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </Section>
    </>
  );
}

/** /profilepage: the university's logo and details, prefilled from the database. */
export function ProfileSettingsPage() {
  const { state, reload } = useUniversity();
  return (
    <>
      <SettingsHeader />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorBanner message={`Could not load the university: ${state.message}`} onRetry={reload} />}
      {state.status === 'ready' && <UniversityProfile key={state.university.id} university={state.university} onSaved={reload} />}
    </>
  );
}
