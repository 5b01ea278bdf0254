import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ErrorBanner, getSupabase, LoadingState, PageHeader, PATHS, ProgramsEmptyState, ProgramWizard, Section, useUserProfile } from '@campuscare/shared';
import { countMyPrograms } from './myProgramsApi';

type MyProgramsState = { readonly status: 'loading' } | { readonly status: 'ready'; readonly count: number } | { readonly status: 'error'; readonly message: string };

/** Creating a program: the spec's empty state and two-step dialog; a saved program is shown on /programm. */
export function NewProgramPage() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [mine, setMine] = useState<MyProgramsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const memberId = profile.status === 'signedIn' ? profile.member.id : null;

  useEffect(() => {
    if (!memberId) return undefined;
    let current = true;
    setMine({ status: 'loading' });
    getSupabase()
      .then((client) => countMyPrograms(client, memberId))
      .then(
        (count) => current && setMine({ status: 'ready', count }),
        (error: unknown) => current && setMine({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [memberId, attempt]);

  const open = () => setWizardOpen(true);
  return (
    <>
      <PageHeader title="New program" actions={<Link to={PATHS.doctorPrograms}>All programs</Link>} />
      <Section title="Your programs">
        {mine.status === 'loading' && <LoadingState label="Loading your programs…" />}
        {mine.status === 'error' && <ErrorBanner message={`Could not load your programs: ${mine.message}`} onRetry={() => setAttempt((count) => count + 1)} />}
        {mine.status === 'ready' &&
          (mine.count === 0 ? (
            <ProgramsEmptyState onCreate={open} />
          ) : (
            <div>
              <p>You have created {mine.count === 1 ? '1 program' : `${mine.count} programs`}.</p>
              <Button onClick={open}>Create a program</Button>
            </div>
          ))}
      </Section>
      <ProgramWizard open={wizardOpen} onClose={() => setWizardOpen(false)} onSaved={() => navigate(PATHS.doctorPrograms)} />
    </>
  );
}
