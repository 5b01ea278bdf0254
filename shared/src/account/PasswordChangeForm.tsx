import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUserProfile } from '../profile/UserProfileProvider';
import { dashboardPathFor, isRole } from '../routes/contract';
import { getSupabase } from '../supabase/client';
import { notifySuccess } from '../toast/toast';
import { Button } from '../ui/Button';
import { PasswordField } from '../ui/FormFields';
import { hasErrors, MESSAGES, validatePasswordChange, type FieldErrors, type PasswordChangeValues } from '../validation/schemas';
import { changePassword, PASSWORD_CHANGED_MESSAGE, SAME_PASSWORD_MESSAGE } from './passwordApi';
import styles from './account.module.css';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const FORCED_CHANGE_NOTICE = 'Choose a new password before you continue: your account still uses the password it was created with.';

/**
 * Current / New / Confirm New password, with Save Changes. The auth service verifies the current password.
 * On success the profile is re-read (a trigger clears `must_change_password`), and someone who was sent here
 * to replace their first password continues to their dashboard.
 */
export function PasswordChangeForm() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PasswordChangeValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [replacedForcedPassword, setReplacedForcedPassword] = useState(false);
  const mustChange = profile.status === 'signedIn' && profile.member.must_change_password;
  const dashboard = profile.status === 'signedIn' && isRole(profile.member.role) ? dashboardPathFor(profile.member.role) : null;

  // Leave only once the re-read profile no longer demands a change, or the route guard would send the user back.
  useEffect(() => {
    if (replacedForcedPassword && !mustChange && dashboard) navigate(dashboard);
  }, [replacedForcedPassword, mustChange, dashboard, navigate]);

  const update = (field: keyof PasswordChangeValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fieldErrors = validatePasswordChange(values);
    if (!fieldErrors.newPassword && values.currentPassword !== '' && values.newPassword === values.currentPassword) {
      fieldErrors.newPassword = SAME_PASSWORD_MESSAGE;
    }
    setErrors(fieldErrors);
    if (hasErrors(fieldErrors)) return;

    setSaving(true);
    setFormError(null);
    try {
      const client = await getSupabase();
      const result = await changePassword(client, { currentPassword: values.currentPassword, newPassword: values.newPassword });
      if (result.error) {
        setFormError(result.error);
        return;
      }
      setValues(EMPTY);
      notifySuccess(PASSWORD_CHANGED_MESSAGE);
      setReplacedForcedPassword(mustChange);
      await profile.refresh();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      {mustChange && <p className={styles.notice}>{FORCED_CHANGE_NOTICE}</p>}
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(event) => update('currentPassword')(event.target.value)}
        error={errors.currentPassword}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint={MESSAGES.passwordRule}
        value={values.newPassword}
        onChange={(event) => update('newPassword')(event.target.value)}
        error={errors.newPassword}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => update('confirmPassword')(event.target.value)}
        error={errors.confirmPassword}
      />
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
