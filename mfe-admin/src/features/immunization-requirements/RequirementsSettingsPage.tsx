import { useState } from 'react';
import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  QueryView,
  type RowAction,
  RowActionMenu,
  Section,
  useApiMutation,
  useApiQuery,
  useUserProfile,
} from '@campuscare/shared';
import { SettingsHeader } from '@campuscare/shared/account';
import { useVaccines, type Vaccine } from '@campuscare/shared/clinical';
import { RequirementDialog } from './RequirementDialog';
import type { Requirement } from './requirementsApi';
import { deleteRequirementMutation, requirementsQuery } from './requirementsQueries';
import { appliesToText, dosesText, dueText, exemptionsText, vaccinesText } from './requirementForm';
import styles from './requirements.module.css';

type Editing =
  | { readonly kind: 'new' }
  | { readonly kind: 'edit'; readonly requirement: Requirement }
  | { readonly kind: 'delete'; readonly requirement: Requirement };

function columns(
  vaccines: readonly Vaccine[] | undefined,
  actionsFor: ((requirement: Requirement) => readonly RowAction[]) | null,
): readonly Column<Requirement>[] {
  return [
    { key: 'name', header: 'Requirement', render: (requirement) => requirement.name },
    { key: 'vaccines', header: 'Vaccines', render: (requirement) => vaccinesText(requirement, vaccines) },
    { key: 'doses', header: 'Doses', render: (requirement) => dosesText(requirement) },
    { key: 'due', header: 'Due', render: (requirement) => dueText(requirement) },
    { key: 'applies', header: 'Applies to', render: (requirement) => appliesToText(requirement) },
    { key: 'exemptions', header: 'Exemptions accepted', render: (requirement) => exemptionsText(requirement) },
    ...(actionsFor
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (requirement: Requirement) => (
              <RowActionMenu label={`Actions for ${requirement.name}`} actions={actionsFor(requirement)} />
            ),
          },
        ]
      : []),
  ];
}

/**
 * /immunization-requirements: the immunizations the university asks of its students, which the database judges each
 * student against. Super admins add, edit and delete them; other admins read them.
 */
export function RequirementsSettingsPage() {
  const profile = useUserProfile();
  const canEdit = profile.status === 'signedIn' && profile.member.is_super_admin;
  const requirements = useApiQuery(requirementsQuery());
  const vaccines = useVaccines();
  const [editing, setEditing] = useState<Editing | null>(null);
  const remove = useApiMutation(deleteRequirementMutation, { errors: 'caller' });
  const close = () => setEditing(null);
  const actionsFor = canEdit
    ? (requirement: Requirement): readonly RowAction[] => [
        { label: 'Edit', onSelect: () => setEditing({ kind: 'edit', requirement }) },
        { label: 'Delete', onSelect: () => setEditing({ kind: 'delete', requirement }) },
      ]
    : null;

  return (
    <>
      <SettingsHeader />
      <Section
        title="Immunization requirements"
        actions={
          canEdit && (
            <Button disabled={!vaccines.data} onClick={() => setEditing({ kind: 'new' })}>
              Add a requirement
            </Button>
          )
        }
      >
        <p className={styles.hint}>
          What students must show before term. The database decides each student&apos;s status from the doses the clinic
          accepted, their due date and any exemption; students see theirs on their immunizations page.
        </p>
        {profile.status === 'signedIn' && !canEdit && (
          <p className={styles.hint}>Only a super admin can change the requirements.</p>
        )}
        <QueryView query={requirements} loadingLabel="Loading the requirements…">
          {(rows) => (
            <DataTable
              caption="Immunization requirements"
              columns={columns(vaccines.data, actionsFor)}
              rows={rows}
              rowKey={(requirement) => requirement.id}
              emptyMessage="No requirements yet: students are asked for no immunizations"
            />
          )}
        </QueryView>
      </Section>
      {vaccines.data && (editing?.kind === 'new' || editing?.kind === 'edit') && (
        <RequirementDialog
          requirement={editing.kind === 'edit' ? editing.requirement : null}
          vaccines={vaccines.data}
          onClose={close}
        />
      )}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${editing.requirement.name}?`}
          message="Students are no longer asked for it, and their exemption requests for it are deleted with it. The doses they recorded stay on their record."
          confirmLabel="Delete the requirement"
          danger
          onConfirm={() => remove.mutateAsync(editing.requirement.id)}
          onClose={close}
        />
      )}
    </>
  );
}
