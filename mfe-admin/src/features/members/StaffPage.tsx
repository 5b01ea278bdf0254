import { useState } from 'react';
import { Button, EmptyState, Link, PageHeader, PATHS, Section } from '@campuscare/shared';
import { InviteStaffModal } from './InviteStaffModal';
import { MemberTable } from './MemberTable';
import { useStaffTable } from './useStaffTable';

export const NO_STAFF_MESSAGE = "You haven't added any staff member yet";

/** /staffmembers: the spec's empty state until someone was invited, then the staff list; Invite staff members. */
export function StaffPage() {
  const { list, columns, onlyMe, dialogs } = useStaffTable();
  const [inviting, setInviting] = useState(false);
  const invite = <Button onClick={() => setInviting(true)}>Invite staff members</Button>;

  return (
    <>
      <PageHeader title="Staff" actions={<Link to={PATHS.adminStaffList}>All staff</Link>} />
      <Section title="Staff members" actions={onlyMe ? undefined : invite}>
        {onlyMe ? (
          <EmptyState title={NO_STAFF_MESSAGE}>{invite}</EmptyState>
        ) : (
          <MemberTable caption="Staff members" searchLabel="Search staff" searchPlaceholder="Name, email or staff ID" emptyMessage="No staff members yet" columns={columns} list={list} />
        )}
      </Section>
      {dialogs}
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} />}
    </>
  );
}
