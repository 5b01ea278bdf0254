import { useState, type FormEvent } from 'react';
import { Button, ErrorBanner, getSupabase, MESSAGES, newPasswordError, notifySuccess, PasswordChangeForm, PasswordField, Section, useUserProfile, type CampusCareClient } from '@campuscare/shared';
import { useUniversity } from '../../university/useUniversity';
import { SettingsHeader } from './SettingsTabs';
import styles from './settings.module.css';

export async function setDefaultStaffPassword(client: CampusCareClient, password: string): Promise<void> {
  const { error } = await client.rpc('set_default_staff_password', { password });
  if (error) throw new Error(error.message);
}

function DefaultPasswordSection() {
  const { state, reload } = useUniversity();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const setAt = state.status === 'ready' ? state.university.default_staff_password_set_at : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = { password: newPasswordError(password), confirm: confirm === password ? undefined : MESSAGES.passwordsDoNotMatch };
    setErrors(fieldErrors);
    if (fieldErrors.password || fieldErrors.confirm) return;
    setSaving(true);
    setError(null);
    try {
      await setDefaultStaffPassword(await getSupabase(), password);
      notifySuccess('Default staff password saved');
      setPassword('');
      setConfirm('');
      reload();
    } catch (saveError) {
      setError(saveError instanceof Error ? saveError.message : String(saveError));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title="Default password">
      <p className={styles.hint}>
        The password invited staff members use to sign in for the first time; they must change it then. It is stored only as a hash and never appears in
        any email.
      </p>
      <p className={styles.hint} aria-live="polite">
        {state.status === 'ready' && (setAt ? `A default password is set (last changed ${new Date(setAt).toLocaleString()}).` : 'No default password is set yet: staff cannot be invited until one is.')}
      </p>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate aria-label="Default staff password">
        <PasswordField label="Default staff password" autoComplete="new-password" value={password} error={errors.password} hint={MESSAGES.passwordRule} onChange={(event) => setPassword(event.target.value)} />
        <PasswordField label="Confirm default staff password" autoComplete="new-password" value={confirm} error={errors.confirm} onChange={(event) => setConfirm(event.target.value)} />
        {error && <ErrorBanner message={error} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** /passwordpage: change your own password; super admins also set the default staff password. */
export function PasswordSettingsPage() {
  const profile = useUserProfile();
  const isSuperAdmin = profile.status === 'signedIn' && profile.member.is_super_admin;
  return (
    <>
      <SettingsHeader />
      <Section title="Change password">
        <PasswordChangeForm />
      </Section>
      {isSuperAdmin && <DefaultPasswordSection />}
    </>
  );
}
