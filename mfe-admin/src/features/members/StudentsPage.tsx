import {
  FormFrame,
  PageHeader,
  QueryView,
  Section,
  studentJoinLink,
  TextField,
  useForm,
  useUserProfile,
  validateEmail,
} from '@campuscare/shared';
import { CopyLink } from '../../components/CopyLink';
import { ExportButton } from '../../components/exportCsv';
import { useUniversity } from '../../university/useUniversity';
import { RosterImport } from './import/RosterImport';
import { inviteStudentMutation } from './membersQueries';
import { StudentDirectory } from './StudentDirectory';
import styles from './members.module.css';

const NO_EMAIL = { email: '' };

/** `byEmail`: the database sends invitations for members of the admin role only (not a doctor made super admin). */
function InviteStudents({ byEmail }: { readonly byEmail: boolean }) {
  const university = useUniversity();
  const form = useForm({
    initial: NO_EMAIL,
    validate: validateEmail,
    mutation: inviteStudentMutation,
    input: (invitation: typeof NO_EMAIL) => invitation,
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
        <FormFrame
          form={form}
          className={styles.form}
          label="Invite students by email"
          submit="Send join link"
          busyLabel="Sending…"
        >
          <TextField label="Student email" type="email" autoComplete="off" {...form.field('email')} />
        </FormFrame>
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
