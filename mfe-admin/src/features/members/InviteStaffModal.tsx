import {
  FormFrame,
  Modal,
  PATHS,
  SelectField,
  staffSignInLink,
  TextField,
  useForm,
  validateEmail,
} from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import type { StaffInvitation } from './membersApi';
import { inviteStaffMutation } from './membersQueries';
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
  const form = useForm({
    initial: NO_INVITATION,
    validate: validateEmail,
    mutation: inviteStaffMutation,
    input: (invitation: StaffInvitation) => invitation,
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
      <FormFrame
        form={form}
        className={styles.form}
        label="Invite a staff member"
        submit="Send"
        busyLabel="Sending…"
        cancel={{ label: 'Cancel', onClick: onClose }}
      >
        <TextField label="Email address" type="email" autoComplete="off" {...form.field('email')} />
        <SelectField label="Role" options={ROLE_OPTIONS} {...form.field('role')} />
      </FormFrame>
      <CopyLink label="Staff sign-in page" link={signInPage} />
    </Modal>
  );
}
