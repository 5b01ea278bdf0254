import { useState } from 'react';
import { type Program, queryKeys, type RowAction, useApiMutation } from '@campuscare/shared';
import { deleteProgram, ProgramWizard } from '@campuscare/shared/programs';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type Editing = { readonly kind: 'wizard'; readonly program: Program | null } | { readonly kind: 'delete'; readonly program: Program } | null;

/** Create, edit and delete for the admin's program pages; every list of programs reloads after a change. */
export function useProgramEditing() {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const remove = useApiMutation((client, id: string) => deleteProgram(client, id), {
    invalidates: [queryKeys.programs, queryKeys.dashboard],
    success: 'Program deleted',
    errors: 'caller',
  });

  const actionsFor = (program: Program): readonly RowAction[] => [
    { label: 'Edit', onSelect: () => setEditing({ kind: 'wizard', program }) },
    { label: 'Delete', onSelect: () => setEditing({ kind: 'delete', program }) },
  ];

  const dialogs = (
    <>
      <ProgramWizard open={editing?.kind === 'wizard'} program={editing?.kind === 'wizard' ? editing.program : null} onClose={close} onSaved={close} />
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
