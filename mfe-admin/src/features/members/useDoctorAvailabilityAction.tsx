import { useState } from 'react';
import { displayName, Modal, type RowAction } from '@campuscare/shared';
import { useAffectedVisitsCheck } from '@campuscare/shared/appointments';
import { DoctorAvailabilityEditor } from '@campuscare/shared/scheduling';
import type { MemberRow } from './membersApi';

/**
 * "Availability" in a doctor's row: any admin of the university (not only super admins) sets a doctor's weekly
 * hours and time off, in a dialog; the database checks the hours against the clinic's.
 */
export function useDoctorAvailabilityAction() {
  const [doctor, setDoctor] = useState<MemberRow | null>(null);
  const affectedVisits = useAffectedVisitsCheck('Save the change');

  const availabilityActionFor = (member: MemberRow): readonly RowAction[] =>
    member.role === 'doctor' && member.status === 'active'
      ? [{ label: 'Availability', onSelect: () => setDoctor(member) }]
      : [];

  const availabilityDialog = doctor && (
    <>
      <Modal title={`Availability: ${displayName(doctor)}`} open onClose={() => setDoctor(null)}>
        <DoctorAvailabilityEditor doctor={{ id: doctor.id }} confirmChange={affectedVisits.confirm} />
      </Modal>
      {affectedVisits.dialog}
    </>
  );

  return { availabilityActionFor, availabilityDialog };
}
