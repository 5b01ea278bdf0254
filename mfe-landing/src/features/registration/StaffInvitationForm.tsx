import { useMemo } from 'react';
import {
  ErrorBanner,
  FormFrame,
  NewPasswordField,
  QueryView,
  runApiMutation,
  type StaffAcceptanceValues,
  TextField,
  useApiQuery,
  useForm,
  validateStaffAcceptance,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { liveCheckedField } from './liveCheckedField';
import { INVITATION_REFUSED_MESSAGE, type StaffInvitation } from './registrationApi';
import { acceptInvitationMutation, staffInvitationQuery } from './registrationQueries';
import { useSignUpFinish } from './signUpFinish';
import styles from './registration.module.css';

const EMPTY: StaffAcceptanceValues = { firstName: '', lastName: '', password: '' };
const ROLE_NAMES = { doctor: 'a doctor', admin: 'an administrator' } as const;

function AcceptInvitation({ token, invitation }: { readonly token: string; readonly invitation: StaffInvitation }) {
  const { settle, go } = useSignUpFinish();
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateStaffAcceptance,
    submit: async (values: StaffAcceptanceValues) =>
      settle({
        kind: 'signedIn',
        destination: await runApiMutation(acceptInvitationMutation(invitation.universityName), {
          token,
          email: invitation.email,
          values,
        }),
      }),
    onSuccess: go,
  });
  const field = (name: keyof StaffAcceptanceValues) => liveCheckedField(form, validateStaffAcceptance, name);

  return (
    <>
      <p className={styles.university}>
        {invitation.universityName} invites {invitation.email} to join as {ROLE_NAMES[invitation.role]}.
      </p>
      <FormFrame
        form={form}
        className={authFormStyles.form}
        label="Accept the invitation"
        submit="Join"
        busyLabel="Joining…"
      >
        <div className={styles.nameRow}>
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <NewPasswordField label="Password" {...field('password')} />
      </FormFrame>
    </>
  );
}

/**
 * `/register?invitation=<token>`, the link of a staff invitation email: the invited person chooses their name and
 * password, and the account is created then, its address proven by the link.
 */
export function StaffInvitationForm({ token }: { readonly token: string }) {
  const invitation = useApiQuery(staffInvitationQuery(token));
  return (
    <QueryView
      query={invitation}
      loadingLabel="Opening your invitation…"
      isEmpty={(found) => found === null}
      empty={<ErrorBanner message={INVITATION_REFUSED_MESSAGE} />}
    >
      {(found) => found && <AcceptInvitation token={token} invitation={found} />}
    </QueryView>
  );
}
