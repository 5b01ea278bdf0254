import { Button, ErrorBanner, PageHeader, QueryView, Section, studentJoinLink, TextField, useApiMutation, useForm, useUserProfile, validateEmail } from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { useUniversity } from '../../university/useUniversity';
import { studentColumns } from './memberColumns';
import { MemberTable } from './MemberTable';
import { inviteStudent } from './membersApi';
import { useMemberActions } from './useMemberActions';
import { useMemberList } from './useMemberList';
import styles from './members.module.css';

const NO_EMAIL = { email: '' };

/** `byEmail`: the database sends invitations for members of the admin role only (not a doctor made super admin). */
function InviteStudents({ byEmail }: { readonly byEmail: boolean }) {
  const university = useUniversity();
  const invite = useApiMutation(inviteStudent, { success: (_answer, invitation) => `Invitation sent to ${invitation.email.trim()}`, errors: 'caller' });
  const form = useForm({ initial: NO_EMAIL, validate: validateEmail, submit: (invitation) => invite.mutateAsync(invitation), resetOnSuccess: true });

  return (
    <Section title="Invite students">
      <QueryView query={university}>
        {(details) => <CopyLink label="Student join link" link={studentJoinLink(window.location.origin, details.join_code)} buttonLabel="Copy" />}
      </QueryView>
      {byEmail ? (
        <form className={styles.form} onSubmit={(event) => void form.handleSubmit(event)} noValidate aria-label="Invite students by email">
          <div className={styles.inline}>
            <TextField label="Student email" type="email" autoComplete="off" {...form.field('email')} />
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? 'Sending…' : 'Send join link'}
            </Button>
          </div>
          {form.formError && <ErrorBanner message={form.formError} />}
        </form>
      ) : (
        <p>Share the join link with students: only a university administrator can email it to them.</p>
      )}
    </Section>
  );
}

/** /student: the enrolled students (contact details only, never health data); Deactivate/Reactivate and Remove. */
export function StudentsPage() {
  const profile = useUserProfile();
  const member = profile.status === 'signedIn' ? profile.member : null;
  const list = useMemberList('students');
  const { actionsFor, dialog } = useMemberActions({ canPromote: false, myId: member?.id ?? null });
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
      <InviteStudents byEmail={member?.role === 'admin'} />
      {dialog}
    </>
  );
}
