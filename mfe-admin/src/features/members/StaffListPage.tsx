import { useState } from 'react';
import { Button, PageHeader, Section, useUserProfile } from '@campuscare/shared';
import { InviteStaffModal } from './InviteStaffModal';
import { MemberTable } from './MemberTable';
import { useStaffTable } from './useStaffTable';

/** /staff: search the university's staff; Availability (doctors), Make Super Admin, Deactivate/Reactivate and Remove per row. */
export function StaffListPage() {
  const profile = useUserProfile();
  const { list, columns, dialogs } = useStaffTable();
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
          columns={columns}
          list={list}
        />
      </Section>
      {dialogs}
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} />}
    </>
  );
}
