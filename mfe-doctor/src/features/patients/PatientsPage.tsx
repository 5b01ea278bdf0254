import { useCallback, useState } from 'react';
import { LoadingState, PageHeader, type RowAction, Section, useNavigate, useUserProfile } from '@campuscare/shared';
import {
  AppointmentsOverview,
  isActiveAppointment,
  type OverviewAppointment,
  useAppointmentChange,
} from '@campuscare/shared/appointments';
import { patientChartPath } from '../../components/clinical/clinicalPaths';
import { useOpenAppointmentVisit } from '../../components/clinical/useVisitStart';
import { PatientRecordDialog } from './PatientRecordDialog';

/** The university's appointments overview; a doctor can take an appointment and open the student's record or chart. */
export function PatientsPage() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const [patient, setPatient] = useState<{ readonly id: string; readonly name: string } | null>(null);
  const myId = profile.status === 'signedIn' ? profile.member.id : null;
  // A refusal (e.g. the doctor is booked then) is toasted in people's words.
  const { mutate: assign } = useAppointmentChange('Appointment assigned to you', 'toast');
  const { mutate: openVisit } = useOpenAppointmentVisit();

  const extraActions = useCallback(
    (appointment: OverviewAppointment): readonly RowAction[] => [
      { label: 'Open patient', onSelect: () => setPatient({ id: appointment.student_id, name: appointment.name }) },
      { label: 'Patient chart', onSelect: () => navigate(patientChartPath(appointment.student_id)) },
      ...(myId && isActiveAppointment(appointment.status) && appointment.provider_id !== myId
        ? [{ label: 'Assign to me', onSelect: () => assign({ id: appointment.id, providerId: myId }) }]
        : []),
    ],
    [assign, myId, navigate],
  );
  const openPatient = useCallback(
    (appointment: OverviewAppointment) => setPatient({ id: appointment.student_id, name: appointment.name }),
    [],
  );
  // Starting a visit from Edit opens its draft, as Start does on the dashboard.
  const visitStarted = useCallback((appointment: OverviewAppointment) => openVisit(appointment.id), [openVisit]);

  return (
    <>
      <PageHeader title="Appointments overview" />
      <Section title="All appointments">
        {myId ? (
          <AppointmentsOverview
            caption="Appointments"
            extraActions={extraActions}
            onOpenPatient={openPatient}
            onVisitStarted={visitStarted}
          />
        ) : (
          <LoadingState label="Loading appointments…" />
        )}
      </Section>
      {patient && <PatientRecordDialog studentId={patient.id} name={patient.name} onClose={() => setPatient(null)} />}
    </>
  );
}
