import { useState } from 'react';
import { deleteProgram, getSupabase, notifySuccess, ProgramWizard, type Program, type RowAction } from '@campuscare/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type Editing = { readonly kind: 'wizard'; readonly program: Program | null } | { readonly kind: 'delete'; readonly program: Program } | null;

/** Create, edit and delete for the admin's program pages; `onChange` reloads the list after each. */
export function useProgramEditing(onChange: () => void) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const actionsFor = (program: Program): readonly RowAction[] => [
    { label: 'Edit', onSelect: () => setEditing({ kind: 'wizard', program }) },
    { label: 'Delete', onSelect: () => setEditing({ kind: 'delete', program }) },
  ];

  const dialogs = (
    <>
      <ProgramWizard open={editing?.kind === 'wizard'} program={editing?.kind === 'wizard' ? editing.program : null} onClose={close} onSaved={onChange} />
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete program"
          message={`Delete "${editing.program.title}"? Students will no longer see it.`}
          confirmLabel="Delete program"
          danger
          onClose={close}
          onConfirm={async () => {
            await deleteProgram(await getSupabase(), editing.program.id);
            notifySuccess('Program deleted');
            onChange();
          }}
        />
      )}
    </>
  );

  return { create: () => setEditing({ kind: 'wizard', program: null }), actionsFor, dialogs };
}
