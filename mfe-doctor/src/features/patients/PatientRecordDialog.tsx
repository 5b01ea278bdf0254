import { AVATARS_BUCKET, type Column, DataTable, Modal, QueryView, StoredImage, useApiQuery } from '@campuscare/shared';
import {
  appointmentTimeColumn,
  noShowText,
  type OverviewAppointment,
  providerName,
  STATUS_LABEL,
  WithClinic,
} from '@campuscare/shared/appointments';
import { HISTORY_LIMIT, type PatientRecord } from './patientRecordApi';
import { patientRecordQuery } from './patientRecordQueries';
import styles from './patients.module.css';

const historyColumns = (zone: string): readonly Column<OverviewAppointment>[] => [
  appointmentTimeColumn(zone),
  { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
  { key: 'provider', header: 'Provider', render: (appointment) => providerName(appointment.provider) },
  { key: 'status', header: 'Status', render: (appointment) => STATUS_LABEL[appointment.status] },
];

function shown(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? 'Not given' : String(value);
}

function RecordBody({ record, zone }: { readonly record: PatientRecord; readonly zone: string }) {
  const { patient, healthProfile } = record;
  return (
    <div className={styles.record}>
      <section aria-label="Profile" className={styles.profile}>
        <StoredImage
          bucket={AVATARS_BUCKET}
          path={patient.avatar_path}
          alt={`Photo of ${patient.first_name} ${patient.last_name}`}
          className={styles.avatar}
        />
        <dl className={styles.details}>
          <dt>Registration number</dt>
          <dd>{shown(patient.reg_number)}</dd>
          <dt>Department</dt>
          <dd>{shown(patient.department)}</dd>
          <dt>Year of study</dt>
          <dd>{shown(patient.year_of_study)}</dd>
          <dt>Email</dt>
          <dd>{patient.email}</dd>
          <dt>Phone</dt>
          <dd>{shown(patient.phone)}</dd>
          <dt>Missed visits</dt>
          <dd>{noShowText(record.noShows)}</dd>
        </dl>
      </section>
      <section aria-label="Health profile">
        <h3 className={styles.heading}>Health profile</h3>
        {healthProfile ? (
          <dl className={styles.details}>
            <dt>Genotype</dt>
            <dd>{shown(healthProfile.genotype)}</dd>
            <dt>Blood group</dt>
            <dd>{shown(healthProfile.blood_group)}</dd>
            <dt>Disabled</dt>
            <dd>{healthProfile.disabled === null ? 'Not given' : healthProfile.disabled ? 'Yes' : 'No'}</dd>
            <dt>Allergies</dt>
            <dd>{shown(healthProfile.allergies)}</dd>
            <dt>BMI</dt>
            <dd>{shown(healthProfile.bmi)}</dd>
          </dl>
        ) : (
          <p>The student has not filled in the health questionnaire yet.</p>
        )}
      </section>
      <section aria-label="Appointment history">
        <DataTable
          caption={
            record.historyTotal > HISTORY_LIMIT
              ? `Appointment history (latest ${HISTORY_LIMIT} of ${record.historyTotal})`
              : 'Appointment history'
          }
          columns={historyColumns(zone)}
          rows={record.history}
          rowKey={(appointment) => appointment.id}
          emptyMessage="No appointments yet"
        />
      </section>
    </div>
  );
}

/** Opens a student's record; reading the health profile is recorded in the audit log. */
export function PatientRecordDialog({
  studentId,
  name,
  onClose,
}: {
  readonly studentId: string;
  readonly name: string;
  readonly onClose: () => void;
}) {
  const record = useApiQuery(patientRecordQuery(studentId));
  const title = record.data ? `${record.data.patient.first_name} ${record.data.patient.last_name}` : name;
  return (
    <Modal title={`Patient: ${title}`} open onClose={onClose}>
      <QueryView query={record} loadingLabel="Loading the patient's record…">
        {(loaded) => (
          <WithClinic>{(clinic) => <RecordBody record={loaded} zone={clinic.settings.timezone} />}</WithClinic>
        )}
      </QueryView>
    </Modal>
  );
}
