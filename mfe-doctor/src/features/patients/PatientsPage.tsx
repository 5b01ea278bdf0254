import { useCallback, useState } from 'react';
import {
  AppointmentsOverview,
  ErrorBanner,
  getSupabase,
  isActiveAppointment,
  LoadingState,
  notifySuccess,
  PageHeader,
  Section,
  updateAppointment,
  useUserProfile,
  type OverviewAppointment,
  type OverviewRowControls,
  type RowAction,
} from '@campuscare/shared';
import { PatientRecordDialog } from './PatientRecordDialog';

/** The university's appointments overview; a doctor can take an appointment and open the student's record. */
export function PatientsPage() {
  const profile = useUserProfile();
  const [patient, setPatient] = useState<{ readonly id: string; readonly name: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const myId = profile.status === 'signedIn' ? profile.member.id : null;

  const assignToMe = useCallback(
    async (appointment: OverviewAppointment, controls: OverviewRowControls) => {
      if (!myId) return;
      setActionError(null);
      try {
        await updateAppointment(await getSupabase(), appointment.id, { providerId: myId });
        notifySuccess('Appointment assigned to you');
        controls.reload();
      } catch (error) {
        setActionError(`${appointment.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    [myId],
  );

  const extraActions = useCallback(
    (appointment: OverviewAppointment, controls: OverviewRowControls): readonly RowAction[] => [
      { label: 'Open patient', onSelect: () => setPatient({ id: appointment.student_id, name: appointment.name }) },
      ...(isActiveAppointment(appointment.status) && appointment.provider_id !== myId
        ? [{ label: 'Assign to me', onSelect: () => void assignToMe(appointment, controls) }]
        : []),
    ],
    [assignToMe, myId],
  );
  const openPatient = useCallback((appointment: OverviewAppointment) => setPatient({ id: appointment.student_id, name: appointment.name }), []);

  return (
    <>
      <PageHeader title="Appointments overview" />
      <Section title="All appointments">
        {actionError && <ErrorBanner message={actionError} />}
        {myId ? <AppointmentsOverview caption="Appointments" extraActions={extraActions} onOpenPatient={openPatient} /> : <LoadingState label="Loading appointments…" />}
      </Section>
      {patient && <PatientRecordDialog studentId={patient.id} name={patient.name} onClose={() => setPatient(null)} />}
    </>
  );
}
