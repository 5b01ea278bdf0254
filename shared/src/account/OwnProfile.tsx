import type { ReactNode } from 'react';
import {
  type HealthProfile,
  LoadingState,
  type Member,
  PasswordField,
  Section,
  type TextFieldProps,
  useUserProfile,
} from '@campuscare/shared';
import { MemberPhotoPicker } from './MemberPhotoPicker';
import { PasswordChangeForm } from './PasswordChangeForm';
import { SettingsHeader } from './SettingsTabs';

interface SignedInMember {
  readonly member: Member;
  readonly healthProfile: HealthProfile | null;
}

/** Settings › Profile of a doctor or student: the tabs, their photo, then the role's own sections. */
export function OwnProfilePage({
  photoTitle,
  children,
}: {
  readonly photoTitle: string;
  readonly children: (signedIn: SignedInMember) => ReactNode;
}) {
  const profile = useUserProfile();
  return (
    <>
      <SettingsHeader />
      {profile.status !== 'signedIn' ? (
        <LoadingState label="Loading your profile…" />
      ) : (
        <>
          <Section title={photoTitle}>
            <MemberPhotoPicker member={profile.member} />
          </Section>
          {children({ member: profile.member, healthProfile: profile.healthProfile })}
        </>
      )}
    </>
  );
}

/** The current password a change of email address is confirmed with, asked only while the email differs. */
export function EmailChangePasswordField({
  shown,
  ...field
}: { readonly shown: boolean } & Omit<TextFieldProps, 'label' | 'type'>) {
  if (!shown) return null;
  return (
    <PasswordField
      label="Current Password"
      autoComplete="current-password"
      hint="Needed to change your email address: we then send a confirmation link to the new one"
      {...field}
    />
  );
}

/** Settings › Password: the tabs and the change-password form. */
export function AccountPasswordPage() {
  return (
    <>
      <SettingsHeader />
      <Section title="Change password">
        <PasswordChangeForm />
      </Section>
    </>
  );
}
