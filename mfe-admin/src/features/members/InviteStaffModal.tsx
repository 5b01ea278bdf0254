import {
  Button,
  ErrorBanner,
  Modal,
  PATHS,
  SelectField,
  staffSignInLink,
  TextField,
  useApiMutation,
  useForm,
  validateEmail,
} from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { inviteStaff, type StaffInvitation } from './membersApi';
import styles from './members.module.css';

const ROLE_OPTIONS = [
  { value: 'doctor', label: 'Doctor' },
  { value: 'admin', label: 'Admin' },
];

const NO_INVITATION: StaffInvitation = { email: '', role: 'doctor' };

/**
 * "Invite Members": emails a one-time link with which the invited person chooses their password and joins as staff.
 * That link is the proof that the address is theirs, so only their mailbox gets it; Copy Link copies the staff
 * sign-in page, where they sign in once they have joined.
 */
export function InviteStaffModal({ onClose }: { readonly onClose: () => void }) {
  const invite = useApiMutation(inviteStaff, {
    success: (_answer, invitation) => `Invitation sent to ${invitation.email.trim()}`,
    errors: 'caller',
  });
  const form = useForm({
    initial: NO_INVITATION,
    validate: validateEmail,
    submit: (invitation) => invite.mutateAsync(invitation),
    resetOnSuccess: true,
  });

  const typedEmail = form.values.email.trim();
  const signInPage =
    typedEmail === ''
      ? new URL(PATHS.adminSignIn, window.location.origin).toString()
      : staffSignInLink(window.location.origin, typedEmail);
  return (
    <Modal title="Invite Members" open onClose={onClose}>
      <p className={styles.notice}>
        We email them a link to choose their password. It works once, and only for the address you enter: they join your
        staff when they use it.
      </p>
      <form className={styles.form} onSubmit={(event) => void form.handleSubmit(event)} noValidate>
        <TextField label="Email address" type="email" autoComplete="off" {...form.field('email')} />
        <SelectField label="Role" options={ROLE_OPTIONS} {...form.field('role')} />
        {form.formError && <ErrorBanner message={form.formError} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
      <CopyLink label="Staff sign-in page" link={signInPage} />
    </Modal>
  );
}
