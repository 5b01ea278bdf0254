import { Button, ErrorBanner, Link, LoadingState, Modal, PATHS, QueryErrorBanner, queryKeys, SelectField, staffSignInLink, TextField, useApiMutation, useForm, validateInvitation } from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { useUniversity } from '../../university/useUniversity';
import { inviteStaff, type StaffInvitation } from './membersApi';
import styles from './members.module.css';

const ROLE_OPTIONS = [
  { value: 'doctor', label: 'Doctor' },
  { value: 'admin', label: 'Admin' },
];

const NO_INVITATION: StaffInvitation = { email: '', role: 'doctor' };

/**
 * "Invite Members": creates the staff account with the university's default staff password and emails the sign-in
 * link. Refused (and said so, with where to fix it) until a default staff password is set.
 */
export function InviteStaffModal({ onClose }: { readonly onClose: () => void }) {
  const university = useUniversity();
  // The new account is on the staff list (as invited) and in the dashboard's staff number.
  const invite = useApiMutation(inviteStaff, {
    invalidates: [queryKeys.members, queryKeys.dashboard],
    success: (_link, invitation) => `Invitation sent to ${invitation.email.trim()}`,
    errors: 'caller',
  });
  const form = useForm({
    initial: NO_INVITATION,
    validate: validateInvitation,
    submit: (invitation) => invite.mutateAsync(invitation),
    resetOnSuccess: true,
  });
  const passwordMissing = university.data?.default_staff_password_set_at === null;

  const typedEmail = form.values.email.trim();
  const link = invite.data ?? (typedEmail === '' ? new URL(PATHS.adminSignIn, window.location.origin).toString() : staffSignInLink(window.location.origin, typedEmail));
  return (
    <Modal title="Invite Members" open onClose={onClose}>
      {university.isPending && <LoadingState />}
      <QueryErrorBanner query={university} />
      {passwordMissing && (
        <div role="alert" className={styles.notice}>
          Set a default staff password first: invited staff sign in with it. Go to <Link to={PATHS.adminPassword}>Settings → Password</Link>.
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void form.handleSubmit(event)} noValidate>
        <TextField label="Email address" type="email" autoComplete="off" {...form.field('email')} />
        <SelectField label="Role" options={ROLE_OPTIONS} {...form.field('role')} />
        {form.formError && <ErrorBanner message={form.formError} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={form.submitting || passwordMissing}>
            {form.submitting ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
      <CopyLink label={invite.data ? 'Sign-in link of the invitation' : 'Staff sign-in link'} link={link} />
    </Modal>
  );
}
