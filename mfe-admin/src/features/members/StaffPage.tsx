import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorBanner, LoadingState, PageHeader, PATHS, Section } from '@campuscare/shared';
import { InviteStaffModal } from './InviteStaffModal';
import type { MemberRow } from './membersApi';
import { staffColumns } from './memberColumns';
import { MemberTable } from './MemberTable';
import { useDoctorAvailabilityAction } from './useDoctorAvailabilityAction';
import { useMemberActions } from './useMemberActions';
import { useMemberList } from './useMemberList';

export const NO_STAFF_MESSAGE = "You haven't added any staff member yet";

/** /staffmembers: the spec's empty state until someone was invited, then the staff list; Invite staff members. */
export function StaffPage() {
  const list = useMemberList('staff');
  const { actionsFor: memberActionsFor, dialog } = useMemberActions(list.reload, { canPromote: true });
  const { availabilityActionFor, availabilityDialog } = useDoctorAvailabilityAction();
  const actionsFor = (member: MemberRow) => [...availabilityActionFor(member), ...memberActionsFor(member)];
  const [inviting, setInviting] = useState(false);
  const { state } = list;
  const noStaff = state.status === 'ready' && state.total === 0 && !list.searching;
  const invite = <Button onClick={() => setInviting(true)}>Invite staff members</Button>;

  return (
    <>
      <PageHeader title="Staff" actions={<Link to={PATHS.adminStaffList}>All staff</Link>} />
      <Section title="Staff members" actions={noStaff ? undefined : invite}>
        {state.status === 'loading' && state.rows.length === 0 && <LoadingState label="Loading staff…" />}
        {state.status === 'error' && state.rows.length === 0 && <ErrorBanner message={`Could not load the staff: ${state.message}`} onRetry={list.reload} />}
        {noStaff && <EmptyState title={NO_STAFF_MESSAGE}>{invite}</EmptyState>}
        {(state.rows.length > 0 || list.searching) && (
          <MemberTable caption="Staff members" searchLabel="Search staff" searchPlaceholder="Name, email or staff ID" emptyMessage="No staff members yet" columns={staffColumns(actionsFor)} list={list} />
        )}
      </Section>
      {dialog}
      {availabilityDialog}
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} onInvited={list.reload} />}
    </>
  );
}
