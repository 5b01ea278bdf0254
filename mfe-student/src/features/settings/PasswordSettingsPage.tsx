import { AccountPasswordPage } from '@campuscare/shared/account';

/** /studentpassword: the auth service verifies the current password; it is never prefilled or shown. */
export function PasswordSettingsPage() {
  return <AccountPasswordPage />;
}
