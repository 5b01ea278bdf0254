import { useState } from 'react';
import {
  Button,
  Link,
  PageHeader,
  PATHS,
  QueryView,
  Section,
  useApiQuery,
  useNavigate,
  useUserProfile,
} from '@campuscare/shared';
import { ProgramsEmptyState, ProgramWizard } from '@campuscare/shared/programs';
import { myProgramCountQuery } from './myProgramsQueries';

/** Creating a program: the spec's empty state and two-step dialog; a saved program is shown on /programm. */
export function NewProgramPage() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const [wizardOpen, setWizardOpen] = useState(false);
  const memberId = profile.status === 'signedIn' ? profile.member.id : '';
  const mine = useApiQuery(myProgramCountQuery(memberId), { enabled: memberId !== '' });

  const open = () => setWizardOpen(true);
  return (
    <>
      <PageHeader title="New program" actions={<Link to={PATHS.doctorPrograms}>All programs</Link>} />
      <Section title="Your programs">
        <QueryView
          query={mine}
          loadingLabel="Loading your programs…"
          isEmpty={(count) => count === 0}
          empty={<ProgramsEmptyState onCreate={open} />}
        >
          {(count) => (
            <div>
              <p>You have created {count === 1 ? '1 program' : `${count} programs`}.</p>
              <Button onClick={open}>Create a program</Button>
            </div>
          )}
        </QueryView>
      </Section>
      <ProgramWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        onSaved={() => navigate(PATHS.doctorPrograms)}
      />
    </>
  );
}
