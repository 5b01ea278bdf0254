import type { ReactNode } from 'react';
import {
  type CampusCareClient,
  type HealthProfile,
  LoadingState,
  type Member,
  notifySuccess,
  PasswordField,
  queryKeys,
  Section,
  type TextFieldProps,
  useApiMutation,
  useUserProfile,
} from '@campuscare/shared';
import { MemberPhotoPicker } from './MemberPhotoPicker';
import { emailConfirmationSentMessage, type OwnProfileSaved } from './ownProfileApi';
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

/**
 * Saves the member's own profile: the profile and member lists are re-read, and a change of email address is
 * announced (it takes effect once the confirmation link is opened). Refusals are left to the form.
 */
export function useOwnProfileSave<Values>(
  save: (client: CampusCareClient, values: Values) => Promise<OwnProfileSaved>,
) {
  return useApiMutation(save, {
    invalidates: [queryKeys.profile, queryKeys.members],
    errors: 'caller',
    onSuccess: ({ pendingEmail }) => {
      if (pendingEmail !== null) notifySuccess(emailConfirmationSentMessage(pendingEmail));
    },
  });
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
