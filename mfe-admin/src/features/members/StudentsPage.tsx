import {
  Button,
  ErrorBanner,
  PageHeader,
  QueryView,
  Section,
  studentJoinLink,
  TextField,
  useApiMutation,
  useForm,
  useUserProfile,
  validateEmail,
} from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { ExportButton } from '../../components/exportCsv';
import { useUniversity } from '../../university/useUniversity';
import { RosterImport } from './import/RosterImport';
import { inviteStudent } from './membersApi';
import { StudentDirectory } from './StudentDirectory';
import styles from './members.module.css';

const NO_EMAIL = { email: '' };

/** `byEmail`: the database sends invitations for members of the admin role only (not a doctor made super admin). */
function InviteStudents({ byEmail }: { readonly byEmail: boolean }) {
  const university = useUniversity();
  const invite = useApiMutation(inviteStudent, {
    success: (_answer, invitation) => `Invitation sent to ${invitation.email.trim()}`,
    errors: 'caller',
  });
  const form = useForm({
    initial: NO_EMAIL,
    validate: validateEmail,
    submit: (invitation) => invite.mutateAsync(invitation),
    resetOnSuccess: true,
  });

  return (
    <Section title="Invite students">
      <QueryView query={university}>
        {(details) => (
          <CopyLink
            label="Student join link"
            link={studentJoinLink(window.location.origin, details.join_code)}
            buttonLabel="Copy"
          />
        )}
      </QueryView>
      {byEmail ? (
        <form
          className={styles.form}
          onSubmit={(event) => void form.handleSubmit(event)}
          noValidate
          aria-label="Invite students by email"
        >
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

/**
 * /student: the students (contact details only, never health data) and those invited who have not joined; per row
 * Deactivate/Reactivate and Remove, for many at once deactivation and the invitation again; importing the roster from
 * a spreadsheet, and the list as CSV.
 */
export function StudentsPage() {
  const profile = useUserProfile();
  const member = profile.status === 'signedIn' ? profile.member : null;
  const isAdmin = member?.role === 'admin';
  return (
    <>
      <PageHeader title="Students" actions={<ExportButton request={{ report: 'students' }} />} />
      <Section title="Students">
        <StudentDirectory
          myId={member?.id ?? null}
          canDeactivate={member?.is_super_admin ?? false}
          canInvite={isAdmin}
        />
      </Section>
      <Section title="Import students">
        {isAdmin ? <RosterImport kind="students" /> : <p>Only a university administrator can import students.</p>}
      </Section>
      <InviteStudents byEmail={isAdmin} />
    </>
  );
}
