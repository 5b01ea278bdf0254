import { useState } from 'react';
import {
  ConfirmDialog,
  displayName,
  notifyError,
  type RowAction,
  toApiError,
  useApiMutation,
} from '@campuscare/shared';
import { useAffectedVisitsCheck } from '@campuscare/shared/appointments';
import type { MemberRow } from './membersApi';
import { type MemberAction, memberActionMutation, type MemberActionInput } from './membersQueries';

const CONFIRM: Readonly<
  Record<MemberAction, { title: string; label: string; danger: boolean; message: (name: string) => string }>
> = {
  makeSuperAdmin: {
    title: 'Make super admin',
    label: 'Make Super Admin',
    danger: false,
    message: (name) => `${name} will be able to manage staff, students and settings.`,
  },
  deactivate: {
    title: 'Deactivate user',
    label: 'Deactivate User',
    danger: true,
    message: (name) => `${name} will be signed out and cannot sign in until reactivated.`,
  },
  reactivate: {
    title: 'Reactivate user',
    label: 'Reactivate User',
    danger: false,
    message: (name) => `${name} will be able to sign in again.`,
  },
  remove: {
    title: 'Remove user',
    label: 'Remove User',
    danger: true,
    message: (name) => `${name}'s account and its data will be deleted. This cannot be undone.`,
  },
};

/**
 * The row menu of the staff and student tables, each action confirmed first. The database decides who may do it
 * (super admins only, never on themselves): its refusal is shown in the dialog. Your own row has no actions. A doctor
 * with booked visits is deactivated only after those visits were shown, to be reassigned, moved or cancelled first.
 */
export function useMemberActions(options: { readonly canPromote: boolean; readonly myId: string | null }) {
  const [pending, setPending] = useState<MemberActionInput | null>(null);
  const act = useApiMutation(memberActionMutation, { errors: 'caller' });
  const affectedVisits = useAffectedVisitsCheck('Deactivate');

  const deactivateDoctor = async (member: MemberRow) => {
    try {
      const answer = await affectedVisits.check({ kind: 'deactivation', doctor_id: member.id });
      // With no booked visit it is confirmed like any other member; after the list, choosing to go on was the confirmation.
      if (answer === 'none affected') setPending({ action: 'deactivate', member });
      else if (answer === 'save anyway') await act.mutateAsync({ action: 'deactivate', member });
    } catch (error) {
      notifyError(toApiError(error).message);
    }
  };

  const actionsFor = (member: MemberRow): readonly RowAction[] => {
    if (member.id === options.myId) return [];
    const ask = (action: MemberAction) => ({
      label: CONFIRM[action].label,
      onSelect: () =>
        action === 'deactivate' && member.role === 'doctor'
          ? void deactivateDoctor(member)
          : setPending({ action, member }),
    });
    return [
      ...(options.canPromote && !member.is_super_admin && member.status === 'active' ? [ask('makeSuperAdmin')] : []),
      ask(member.status === 'active' ? 'deactivate' : 'reactivate'),
      ask('remove'),
    ];
  };

  const dialog = pending && (
    <ConfirmDialog
      title={CONFIRM[pending.action].title}
      message={CONFIRM[pending.action].message(displayName(pending.member))}
      confirmLabel={CONFIRM[pending.action].label}
      danger={CONFIRM[pending.action].danger}
      onClose={() => setPending(null)}
      onConfirm={() => act.mutateAsync(pending)}
    />
  );

  return {
    actionsFor,
    dialog: (
      <>
        {dialog}
        {affectedVisits.dialog}
      </>
    ),
  };
}
