import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, ErrorBanner, getSupabase, LoadingState, Modal, notifySuccess, PATHS, SelectField, staffSignInLink, TextField, validateInvitation } from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { useUniversity } from '../../university/useUniversity';
import { inviteStaff, type StaffRole } from './membersApi';
import styles from './members.module.css';

const ROLE_OPTIONS = [
  { value: 'doctor', label: 'Doctor' },
  { value: 'admin', label: 'Admin' },
];

/**
 * "Invite Members": creates the staff account with the university's default staff password and emails the sign-in
 * link. Refused (and said so, with where to fix it) until a default staff password is set.
 */
export function InviteStaffModal({ onClose, onInvited }: { readonly onClose: () => void; readonly onInvited: () => void }) {
  const { state } = useUniversity();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('doctor');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentLink, setSentLink] = useState<string | null>(null);
  const passwordMissing = state.status === 'ready' && state.university.default_staff_password_set_at === null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateInvitation({ email });
    setEmailError(errors.email);
    if (errors.email) return;
    setSending(true);
    setError(null);
    try {
      const link = await inviteStaff(await getSupabase(), email, role);
      setSentLink(link);
      notifySuccess(`Invitation sent to ${email.trim()}`);
      setEmail('');
      onInvited();
    } catch (inviteError) {
      setError(inviteError instanceof Error ? inviteError.message : String(inviteError));
    } finally {
      setSending(false);
    }
  };

  const typedEmail = email.trim();
  const link = sentLink ?? (typedEmail === '' ? new URL(PATHS.adminSignIn, window.location.origin).toString() : staffSignInLink(window.location.origin, typedEmail));
  return (
    <Modal title="Invite Members" open onClose={onClose}>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorBanner message={state.message} />}
      {passwordMissing && (
        <div role="alert" className={styles.notice}>
          Set a default staff password first: invited staff sign in with it. Go to <Link to={PATHS.adminPassword}>Settings → Password</Link>.
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void send(event)} noValidate>
        <TextField label="Email address" type="email" autoComplete="off" value={email} error={emailError} onChange={(event) => setEmail(event.target.value)} />
        <SelectField label="Role" value={role} options={ROLE_OPTIONS} onChange={(event) => setRole(event.target.value as StaffRole)} />
        {error && <ErrorBanner message={error} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={sending || passwordMissing}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
      <CopyLink label={sentLink ? 'Sign-in link of the invitation' : 'Staff sign-in link'} link={link} />
    </Modal>
  );
}
