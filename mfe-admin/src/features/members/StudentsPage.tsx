import { useState, type FormEvent } from 'react';
import { Button, ErrorBanner, getSupabase, LoadingState, notifySuccess, PageHeader, Section, studentJoinLink, TextField, validateInvitation } from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { useUniversity } from '../../university/useUniversity';
import { studentColumns } from './memberColumns';
import { MemberTable } from './MemberTable';
import { inviteStudent } from './membersApi';
import { useMemberActions } from './useMemberActions';
import { useMemberList } from './useMemberList';
import styles from './members.module.css';

function InviteStudents() {
  const { state, reload } = useUniversity();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateInvitation({ email });
    setEmailError(errors.email);
    if (errors.email) return;
    setSending(true);
    setError(null);
    try {
      await inviteStudent(await getSupabase(), email);
      notifySuccess(`Join link sent to ${email.trim()}`);
      setEmail('');
    } catch (inviteError) {
      setError(inviteError instanceof Error ? inviteError.message : String(inviteError));
    } finally {
      setSending(false);
    }
  };

  return (
    <Section title="Invite students">
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorBanner message={`Could not load the join link: ${state.message}`} onRetry={reload} />}
      {state.status === 'ready' && <CopyLink label="Student join link" link={studentJoinLink(window.location.origin, state.university.join_code)} buttonLabel="Copy" />}
      <form className={styles.form} onSubmit={(event) => void send(event)} noValidate aria-label="Invite students by email">
        <div className={styles.inline}>
          <TextField label="Student email" type="email" autoComplete="off" value={email} error={emailError} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send join link'}
          </Button>
        </div>
        {error && <ErrorBanner message={error} />}
      </form>
    </Section>
  );
}

/** /student: the enrolled students (contact details only, never health data); Deactivate/Reactivate and Remove. */
export function StudentsPage() {
  const list = useMemberList('students');
  const { actionsFor, dialog } = useMemberActions(list.reload, { canPromote: false });
  return (
    <>
      <PageHeader title="Students" />
      <Section title="Enrolled students">
        <MemberTable
          caption="Students"
          searchLabel="Search students"
          searchPlaceholder="Name, email or registration number"
          emptyMessage="No students have joined yet: share the join link below"
          columns={studentColumns(actionsFor)}
          list={list}
        />
      </Section>
      <InviteStudents />
      {dialog}
    </>
  );
}
