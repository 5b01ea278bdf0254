import { AccountPasswordPage } from '@campuscare/shared';

/** /studentpassword: the auth service verifies the current password; it is never prefilled or shown. */
export function PasswordSettingsPage() {
  return <AccountPasswordPage />;
}
