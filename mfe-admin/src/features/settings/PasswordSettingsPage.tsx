import { useMemo } from 'react';
import { type CampusCareClient, type FieldErrors, MESSAGES, newPasswordError, PasswordField, queryKeys, Section, unwrap, useApiMutation, useForm, useUserProfile } from '@campuscare/shared';
import { AccountPasswordPage, FormFooter } from '@campuscare/shared/account';
import { useUniversity } from '../../university/useUniversity';
import styles from './settings.module.css';

interface DefaultPasswordValues {
  readonly password: string;
  readonly confirm: string;
}

const EMPTY: DefaultPasswordValues = { password: '', confirm: '' };

export async function setDefaultStaffPassword(client: CampusCareClient, password: string): Promise<void> {
  unwrap(await client.rpc('set_default_staff_password', { password }));
}

function validateDefaultPassword(values: DefaultPasswordValues): FieldErrors<DefaultPasswordValues> {
  const errors: FieldErrors<DefaultPasswordValues> = {};
  const password = newPasswordError(values.password);
  if (password) errors.password = password;
  if (values.confirm !== values.password) errors.confirm = MESSAGES.passwordsDoNotMatch;
  return errors;
}

function DefaultPasswordSection() {
  const university = useUniversity();
  const save = useApiMutation(setDefaultStaffPassword, { invalidates: [queryKeys.university], errors: 'caller' });
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateDefaultPassword,
    submit: (values: DefaultPasswordValues) => save.mutateAsync(values.password),
    successMessage: 'Default staff password saved',
    resetOnSuccess: true,
  });
  const setAt = university.data?.default_staff_password_set_at ?? null;

  return (
    <Section title="Default password">
      <p className={styles.hint}>
        The password invited staff members use to sign in for the first time; they must change it then. It is stored only as a hash and never appears in
        any email.
      </p>
      <p className={styles.hint} aria-live="polite">
        {university.data &&
          (setAt ? `A default password is set (last changed ${new Date(setAt).toLocaleString()}).` : 'No default password is set yet: staff cannot be invited until one is.')}
      </p>
      <form className={styles.form} onSubmit={(event) => void form.handleSubmit(event)} noValidate aria-label="Default staff password">
        <PasswordField label="Default staff password" autoComplete="new-password" hint={MESSAGES.newPasswordHint} {...form.field('password')} />
        <PasswordField label="Confirm default staff password" autoComplete="new-password" {...form.field('confirm')} />
        <FormFooter formError={form.formError} submitting={form.submitting} label="Save Changes" />
      </form>
    </Section>
  );
}

/** /passwordpage: change your own password; super admins also set the default staff password. */
export function PasswordSettingsPage() {
  const profile = useUserProfile();
  const isSuperAdmin = profile.status === 'signedIn' && profile.member.is_super_admin;
  return <AccountPasswordPage>{isSuperAdmin && <DefaultPasswordSection />}</AccountPasswordPage>;
}
