import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  ErrorBanner,
  getSupabase,
  hasErrors,
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
  const [values, setValues] = useState<DetailsValues>({ name: university.name, email: university.email, phone: university.phone ?? '' });
  const [errors, setErrors] = useState<FieldErrors<DetailsValues>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const logoUrl = useLogoUrl(university.logo_path);

  const set = (field: keyof DetailsValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = validateUniversityDetails(values);
    setErrors(fieldErrors);
    if (hasErrors(fieldErrors)) return;
    setSaving(true);
    setError(null);
    try {
      await updateUniversity(await getSupabase(), university.id, { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() === '' ? null : values.phone.trim() });
      notifySuccess('University details saved');
      onSaved();
    } catch (saveError) {
      setError(saveError instanceof Error ? saveError.message : String(saveError));
    } finally {
      setSaving(false);
    }
  };

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
        <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
          <TextField label="University Name" value={values.name} error={errors.name} maxLength={200} onChange={set('name')} />
          <TextField label="Email" type="email" value={values.email} error={errors.email} onChange={set('email')} />
          <TextField label="Phone" type="tel" value={values.phone} error={errors.phone} onChange={set('phone')} />
          {error && <ErrorBanner message={error} />}
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
