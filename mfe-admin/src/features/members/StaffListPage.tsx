import { useState } from 'react';
import { Button, PageHeader, Section, useUserProfile } from '@campuscare/shared';
import { InviteStaffModal } from './InviteStaffModal';
import type { MemberRow } from './membersApi';
import { staffColumns } from './memberColumns';
import { MemberTable } from './MemberTable';
import { useDoctorAvailabilityAction } from './useDoctorAvailabilityAction';
import { useMemberActions } from './useMemberActions';
import { useMemberList } from './useMemberList';

/** /staff: search the university's staff; Availability (doctors), Make Super Admin, Deactivate/Reactivate and Remove per row. */
export function StaffListPage() {
  const profile = useUserProfile();
  const list = useMemberList('staff');
  const { actionsFor: memberActionsFor, dialog } = useMemberActions(list.reload, { canPromote: true });
  const { availabilityActionFor, availabilityDialog } = useDoctorAvailabilityAction();
  const actionsFor = (member: MemberRow) => [...availabilityActionFor(member), ...memberActionsFor(member)];
  const [inviting, setInviting] = useState(false);
  const isSuperAdmin = profile.status === 'signedIn' && profile.member.is_super_admin;

  return (
    <>
      <PageHeader title="Staff" actions={<Button onClick={() => setInviting(true)}>Invite staff members</Button>} />
      <Section title="Staff members">
        {!isSuperAdmin && <p>Only a super admin can invite, deactivate, remove or promote staff members.</p>}
        <MemberTable
          caption="Staff members"
          searchLabel="Search staff"
          searchPlaceholder="Name, email or staff ID"
          emptyMessage="No staff members yet"
          columns={staffColumns(actionsFor)}
          list={list}
        />
      </Section>
      {dialog}
      {availabilityDialog}
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} onInvited={list.reload} />}
    </>
  );
}
