import { useState } from 'react';
import { displayName, getSupabase, notifySuccess, type RowAction } from '@campuscare/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { makeSuperAdmin, removeMember, setMemberStatus, type MemberRow } from './membersApi';

type MemberAction = 'makeSuperAdmin' | 'deactivate' | 'reactivate' | 'remove';

interface Pending {
  readonly action: MemberAction;
  readonly member: MemberRow;
}

const CONFIRM: Readonly<Record<MemberAction, { title: string; label: string; danger: boolean; message: (name: string) => string; done: (name: string) => string }>> = {
  makeSuperAdmin: {
    title: 'Make super admin',
    label: 'Make Super Admin',
    danger: false,
    message: (name) => `${name} will be able to manage staff, students, settings and the default staff password.`,
    done: (name) => `${name} is now a super admin`,
  },
  deactivate: {
    title: 'Deactivate user',
    label: 'Deactivate User',
    danger: true,
    message: (name) => `${name} will be signed out and cannot sign in until reactivated.`,
    done: (name) => `${name} has been deactivated`,
  },
  reactivate: {
    title: 'Reactivate user',
    label: 'Reactivate User',
    danger: false,
    message: (name) => `${name} will be able to sign in again.`,
    done: (name) => `${name} has been reactivated`,
  },
  remove: {
    title: 'Remove user',
    label: 'Remove User',
    danger: true,
    message: (name) => `${name}'s account and its data will be deleted. This cannot be undone.`,
    done: (name) => `${name} has been removed`,
  },
};

async function perform(action: MemberAction, memberId: string): Promise<void> {
  const client = await getSupabase();
  if (action === 'makeSuperAdmin') return makeSuperAdmin(client, memberId);
  if (action === 'remove') return removeMember(client, memberId);
  return setMemberStatus(client, memberId, action === 'deactivate' ? 'deactivated' : 'active');
}

/**
 * The row menu of the staff and student tables, each action confirmed first. The database decides who may do it
 * (super admins only, never on themselves): its refusal is shown in the dialog.
 */
export function useMemberActions(onDone: () => void, options: { readonly canPromote: boolean }) {
  const [pending, setPending] = useState<Pending | null>(null);

  const actionsFor = (member: MemberRow): readonly RowAction[] => {
    const ask = (action: MemberAction) => ({ label: CONFIRM[action].label, onSelect: () => setPending({ action, member }) });
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
      onConfirm={async () => {
        await perform(pending.action, pending.member.id);
        notifySuccess(CONFIRM[pending.action].done(displayName(pending.member)));
        onDone();
      }}
    />
  );

  return { actionsFor, dialog };
}
