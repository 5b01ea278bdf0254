import { useState } from 'react';
import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  QueryView,
  type RowAction,
  RowActionMenu,
  useApiMutation,
} from '@campuscare/shared';
import {
  type AppointmentType,
  type ProviderSummary,
  useAppointmentTypes,
  useDoctors,
} from '@campuscare/shared/appointments';
import { AppointmentTypeDialog } from './AppointmentTypeDialog';
import { offeredByText } from './appointmentTypeForm';
import { deleteAppointmentTypeMutation } from './appointmentTypesSettingsQueries';
import styles from './settings.module.css';

type Editing = { readonly kind: 'new' } | { readonly kind: 'edit' | 'delete'; readonly type: AppointmentType };

function columns(
  doctors: readonly ProviderSummary[] | undefined,
  actionsFor: ((type: AppointmentType) => readonly RowAction[]) | null,
): readonly Column<AppointmentType>[] {
  return [
    { key: 'name', header: 'Type of visit', render: (type) => type.name },
    { key: 'length', header: 'Length', render: (type) => `${type.duration_minutes} min` },
    {
      key: 'students',
      header: 'Students book it',
      render: (type) => (type.self_bookable ? 'Yes' : 'No: staff book it'),
    },
    { key: 'doctors', header: 'Offered by', render: (type) => offeredByText(type, doctors) },
    ...(actionsFor
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (type: AppointmentType) => (
              <RowActionMenu label={`Actions for ${type.name}`} actions={actionsFor(type)} />
            ),
          },
        ]
      : []),
  ];
}

interface AppointmentTypesSectionProps {
  readonly slotMinutes: number;
  readonly canEdit: boolean;
}

/**
 * The clinic's types of visit, from which students and the front desk pick: how long each lasts, whether students book
 * it themselves, which doctors offer it. Super admins add, edit and delete them; other admins read them.
 */
export function AppointmentTypesSection({ slotMinutes, canEdit }: AppointmentTypesSectionProps) {
  const types = useAppointmentTypes();
  const doctors = useDoctors();
  const [editing, setEditing] = useState<Editing | null>(null);
  const remove = useApiMutation(deleteAppointmentTypeMutation, { errors: 'caller' });
  const close = () => setEditing(null);
  const actionsFor = canEdit
    ? (type: AppointmentType): readonly RowAction[] => [
        { label: 'Edit', onSelect: () => setEditing({ kind: 'edit', type }) },
        { label: 'Delete', onSelect: () => setEditing({ kind: 'delete', type }) },
      ]
    : null;

  return (
    <>
      <p className={styles.hint}>
        A visit lasts as long as its type, and only doctors who offer a type are offered for it.
      </p>
      <QueryView query={types} loadingLabel="Loading the types of visit…">
        {(rows) => (
          <DataTable
            caption="Types of visit"
            columns={columns(doctors.data, actionsFor)}
            rows={rows}
            rowKey={(type) => type.id}
            emptyMessage="No types of visit: students cannot book until one is added"
          />
        )}
      </QueryView>
      {canEdit && (
        <div className={styles.buttons}>
          <Button disabled={!doctors.data} onClick={() => setEditing({ kind: 'new' })}>
            Add a type of visit
          </Button>
        </div>
      )}
      {doctors.data && (editing?.kind === 'new' || editing?.kind === 'edit') && (
        <AppointmentTypeDialog
          type={editing.kind === 'edit' ? editing.type : null}
          slotMinutes={slotMinutes}
          doctors={doctors.data}
          onClose={close}
        />
      )}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${editing.type.name}?`}
          message="Nobody can book it any more. Visits already booked keep their reason and length."
          confirmLabel="Delete the type"
          danger
          onConfirm={() => remove.mutateAsync(editing.type.id)}
          onClose={close}
        />
      )}
    </>
  );
}
