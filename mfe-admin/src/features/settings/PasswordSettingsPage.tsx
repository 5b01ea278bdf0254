import { AccountPasswordPage } from '@campuscare/shared/account';

/** /passwordpage: change your own password. */
export function PasswordSettingsPage() {
  return <AccountPasswordPage />;
}
