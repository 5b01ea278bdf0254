import { useMemo } from 'react';
import {
  Button,
  ErrorBanner,
  MESSAGES,
  NEW_PASSWORD_MIN_LENGTH,
  PasswordField,
  QueryView,
  queryKeys,
  type StaffAcceptanceValues,
  TextField,
  useApiMutation,
  useApiQuery,
  useForm,
  validateStaffAcceptance,
} from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import { liveCheckedField } from './liveCheckedField';
import {
  acceptStaffInvitation,
  findStaffInvitation,
  INVITATION_REFUSED_MESSAGE,
  type StaffInvitation,
} from './registrationApi';
import { useSignUpFinish } from './signUpFinish';
import styles from './registration.module.css';

const EMPTY: StaffAcceptanceValues = { firstName: '', lastName: '', password: '' };
const ROLE_NAMES = { doctor: 'a doctor', admin: 'an administrator' } as const;

function AcceptInvitation({ token, invitation }: { readonly token: string; readonly invitation: StaffInvitation }) {
  const accept = useApiMutation(acceptStaffInvitation, {
    errors: 'caller',
    success: `Welcome to ${invitation.universityName}`,
  });
  const { settle, go } = useSignUpFinish();
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateStaffAcceptance,
    submit: async (values: StaffAcceptanceValues) =>
      settle({ kind: 'signedIn', destination: await accept.mutateAsync({ token, email: invitation.email, values }) }),
    onSuccess: go,
  });
  const field = (name: keyof StaffAcceptanceValues) => liveCheckedField(form, validateStaffAcceptance, name);

  return (
    <>
      <p className={styles.university}>
        {invitation.universityName} invites {invitation.email} to join as {ROLE_NAMES[invitation.role]}.
      </p>
      {form.formError && <ErrorBanner message={form.formError} />}
      <form
        className={authFormStyles.form}
        onSubmit={(event) => void form.handleSubmit(event)}
        noValidate
        aria-label="Accept the invitation"
      >
        <div className={styles.nameRow}>
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          minLength={NEW_PASSWORD_MIN_LENGTH}
          hint={MESSAGES.newPasswordHint}
          {...field('password')}
        />
        <Button type="submit" className={authFormStyles.submit} disabled={form.submitting}>
          {form.submitting ? 'Joining…' : 'Join'}
        </Button>
      </form>
    </>
  );
}

/**
 * `/register?invitation=<token>`, the link of a staff invitation email: the invited person chooses their name and
 * password, and the account is created then, its address proven by the link.
 */
export function StaffInvitationForm({ token }: { readonly token: string }) {
  const invitation = useApiQuery([...queryKeys.registration, 'invitation', token], (client) =>
    findStaffInvitation(client, token),
  );
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
