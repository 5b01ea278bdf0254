import { useState } from 'react';
import { ConfirmDialog, type Program, type RowAction, useApiMutation, useUserProfile } from '@campuscare/shared';
import { mayChangeProgram } from './programsApi';
import { deleteProgramMutation } from './programsQueries';
import { ProgramWizard } from './ProgramWizard';

type Editing =
  | { readonly kind: 'wizard'; readonly program: Program | null }
  | { readonly kind: 'delete'; readonly program: Program }
  | null;

/**
 * Create, edit and delete on a page of programs: Edit and Delete on each program the signed-in member may change
 * (an admin any of the university's, a doctor their own); every list of programs reloads after a change.
 */
export function useProgramEditing() {
  const profile = useUserProfile();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const remove = useApiMutation(deleteProgramMutation, { errors: 'caller' });

  const actionsFor = (program: Program): readonly RowAction[] =>
    profile.status === 'signedIn' && mayChangeProgram(profile.member, program)
      ? [
          { label: 'Edit', onSelect: () => setEditing({ kind: 'wizard', program }) },
          { label: 'Delete', onSelect: () => setEditing({ kind: 'delete', program }) },
        ]
      : [];

  const dialogs = (
    <>
      <ProgramWizard
        open={editing?.kind === 'wizard'}
        program={editing?.kind === 'wizard' ? editing.program : null}
        onClose={close}
        onSaved={close}
      />
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete program"
          message={`Delete "${editing.program.title}"? Students will no longer see it.`}
          confirmLabel="Delete program"
          danger
          onClose={close}
          onConfirm={() => remove.mutateAsync(editing.program.id)}
        />
      )}
    </>
  );

  return { create: () => setEditing({ kind: 'wizard', program: null }), actionsFor, dialogs };
}
