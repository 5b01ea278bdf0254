import { useUserProfile } from '@campuscare/shared';
import { staffColumns } from './memberColumns';
import { useDoctorAvailabilityAction } from './useDoctorAvailabilityAction';
import { useMemberActions } from './useMemberActions';
import { useMemberList } from './useMemberList';

/** The staff list of both staff pages: the rows, their columns and row actions, and the dialogs those open. */
export function useStaffTable() {
  const profile = useUserProfile();
  const myId = profile.status === 'signedIn' ? profile.member.id : null;
  const list = useMemberList('staff');
  const { actionsFor, dialog } = useMemberActions({ canPromote: true, myId });
  const { availabilityActionFor, availabilityDialog } = useDoctorAvailabilityAction();
  const columns = staffColumns((member) => [...availabilityActionFor(member), ...actionsFor(member)], myId);
  // The signed-in admin is on the list too: "no staff yet" means nobody else.
  const onlyMe =
    !list.searching &&
    list.query.data !== undefined &&
    list.rows.every((member) => member.id === myId) &&
    list.total <= 1;
  const dialogs = (
    <>
      {dialog}
      {availabilityDialog}
    </>
  );
  return { list, columns, onlyMe, dialogs };
}
