import { AccountPasswordPage } from '@campuscare/shared/account';

/** /adminpassword: the auth service verifies the current password; it is never prefilled or shown. */
export function PasswordSettingsPage() {
  return <AccountPasswordPage />;
}
