import { useEffect, useState } from 'react';
import {
  dashboardPathFor,
  type FieldErrors,
  FormFrame,
  isRole,
  type PasswordChangeValues,
  NewPasswordField,
  PasswordField,
  useForm,
  useNavigate,
  useUserProfile,
  validatePasswordChange,
} from '@campuscare/shared';
import { SAME_PASSWORD_MESSAGE } from './passwordApi';
import { changePasswordMutation } from './passwordQueries';
import styles from './account.module.css';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FORCED_CHANGE_NOTICE =
  'Choose a new password before you continue: your university has asked you to replace the one you have.';

/** The shared rules, plus one the auth service would refuse anyway: the new password must differ from the current one. */
function validate(values: PasswordChangeValues): FieldErrors<PasswordChangeValues> {
  const errors = validatePasswordChange(values);
  if (!errors.newPassword && values.currentPassword !== '' && values.newPassword === values.currentPassword) {
    return { ...errors, newPassword: SAME_PASSWORD_MESSAGE };
  }
  return errors;
}

/**
 * Current / New / Confirm New password, with Save Changes. The auth service verifies the current password.
 * On success the profile is re-read (a trigger clears `must_change_password`), and someone who was sent here
 * to replace their first password continues to their dashboard.
 */
export function PasswordChangeForm() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const [replacedForcedPassword, setReplacedForcedPassword] = useState(false);
  const mustChange = profile.status === 'signedIn' && profile.member.must_change_password;
  const dashboard =
    profile.status === 'signedIn' && isRole(profile.member.role) ? dashboardPathFor(profile.member.role) : null;
  const form = useForm({
    initial: EMPTY,
    validate,
    mutation: changePasswordMutation,
    input: (values: PasswordChangeValues) => values,
    resetOnSuccess: true,
    onSuccess: () => {
      setReplacedForcedPassword(mustChange);
      // A trigger cleared `must_change_password`: the guard must see that before the dashboard opens.
      void profile.refresh();
    },
  });

  // Leave only once the re-read profile no longer demands a change, or the route guard would send the user back.
  useEffect(() => {
    if (replacedForcedPassword && !mustChange && dashboard) navigate(dashboard);
  }, [replacedForcedPassword, mustChange, dashboard, navigate]);

  return (
    <FormFrame form={form} className={styles.form} label="Change password" submit="Save Changes">
      {mustChange && <p className={styles.notice}>{FORCED_CHANGE_NOTICE}</p>}
      <PasswordField label="Current Password" autoComplete="current-password" {...form.field('currentPassword')} />
      <NewPasswordField label="New Password" {...form.field('newPassword')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.field('confirmPassword')} />
    </FormFrame>
  );
}
