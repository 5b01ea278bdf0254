import { useState } from 'react';
import { Button, EmptyState, Link, PageHeader, PATHS, Section, useUserProfile } from '@campuscare/shared';
import { ExportButton } from '../../components/exportCsv';
import { RosterImport } from './import/RosterImport';
import { InviteStaffModal } from './InviteStaffModal';
import { MemberTable } from './MemberTable';
import { useStaffTable } from './useStaffTable';

export const NO_STAFF_MESSAGE = "You haven't added any staff member yet";

/**
 * /staffmembers: the spec's empty state until someone was invited, then the staff list; Invite staff members, one by
 * one or from a list of addresses with roles (super admins), and the staff as CSV.
 */
export function StaffPage() {
  const profile = useUserProfile();
  const { list, columns, onlyMe, dialogs } = useStaffTable();
  const [inviting, setInviting] = useState(false);
  const invite = <Button onClick={() => setInviting(true)}>Invite staff members</Button>;
  const isSuperAdmin = profile.status === 'signedIn' && profile.member.is_super_admin;

  return (
    <>
      <PageHeader
        title="Staff"
        actions={
          <>
            <ExportButton request={{ report: 'staff' }} />
            <Link to={PATHS.adminStaffList}>All staff</Link>
          </>
        }
      />
      <Section title="Staff members" actions={onlyMe ? undefined : invite}>
        {onlyMe ? (
          <EmptyState title={NO_STAFF_MESSAGE}>{invite}</EmptyState>
        ) : (
          <MemberTable
            caption="Staff members"
            searchLabel="Search staff"
            searchPlaceholder="Name, email or staff ID"
            emptyMessage="No staff members yet"
            columns={columns}
            list={list}
          />
        )}
      </Section>
      {isSuperAdmin && (
        <Section title="Invite staff from a list">
          <RosterImport kind="staff" />
        </Section>
      )}
      {dialogs}
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} />}
    </>
  );
}
