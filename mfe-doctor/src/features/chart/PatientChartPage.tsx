import { useId, useState } from 'react';
import {
  Button,
  buttonClassName,
  type Column,
  DataTable,
  EmptyState,
  findRoute,
  Link,
  PageHeader,
  PATHS,
  QueryView,
  Section,
  useApiMutation,
  useApiQuery,
  useSearchParams,
} from '@campuscare/shared';
import {
  appointmentTimeColumn,
  noShowText,
  STATUS_LABEL,
  studentName,
  WithClinic,
} from '@campuscare/shared/appointments';
import type {
  ChartAppointment,
  ChartPrescription,
  ExcuseLetterEntry,
  PatientChart,
  VisitRecord,
} from '@campuscare/shared/clinical';
import { dayInZone, formatDateTime, formatInZone } from '@campuscare/shared/scheduling';
import {
  AllergyAlert,
  icd10Label,
  LetterList,
  prescriptionDetails,
  VisitRecordView,
} from '../../components/clinical/RecordViews';
import { ClinicDoseDialog } from '../../components/clinical/ClinicDoseDialog';
import { RevokeLetterDialog } from '../../components/clinical/RevokeLetterDialog';
import { WalkInVisitDialog } from '../../components/clinical/WalkInVisitDialog';
import { CHART_STUDENT_PARAM, visitPath } from '../../components/clinical/clinicalPaths';
import { chartQuery, earlierVisitsMutation, updateOpenChart } from './chartQueries';
import { VitalsTrend } from './VitalsTrend';
import styles from './chart.module.css';

const PAGE_TITLE = findRoute(PATHS.doctorPatientChart)?.title ?? 'Patient chart';

function shown(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? 'Not given' : String(value);
}

const prescriptionColumns = (zone: string): readonly Column<ChartPrescription>[] => [
  { key: 'drug', header: 'Drug', render: (prescription) => prescription.drug },
  { key: 'details', header: 'How to take it', render: (prescription) => prescriptionDetails(prescription) || '—' },
  { key: 'instructions', header: 'Instructions', render: (prescription) => prescription.instructions ?? '—' },
  {
    key: 'prescribed',
    header: `Prescribed (${zone})`,
    render: (prescription) =>
      `${formatDateTime(prescription.prescribed_at, zone)} by ${prescription.doctor_name ?? 'a former doctor'}`,
  },
  {
    key: 'allergy',
    header: 'Allergy acknowledgement',
    render: (prescription) => prescription.allergy_acknowledgement ?? '—',
  },
];

const KIND_LABEL: Readonly<Record<ChartAppointment['kind'], string>> = { booked: 'Booked', walk_in: 'Walk-in' };

const appointmentColumns = (zone: string): readonly Column<ChartAppointment>[] => [
  appointmentTimeColumn(zone),
  { key: 'reason', header: 'Reason', render: (appointment) => appointment.reason },
  { key: 'doctor', header: 'Doctor', render: (appointment) => appointment.provider_name ?? 'Unassigned' },
  { key: 'kind', header: 'Kind', render: (appointment) => KIND_LABEL[appointment.kind] },
  { key: 'status', header: 'Status', render: (appointment) => STATUS_LABEL[appointment.status] },
];

function PatientSection({
  chart,
  onWalkIn,
  onClinicDose,
}: {
  readonly chart: PatientChart;
  readonly onWalkIn: () => void;
  readonly onClinicDose: () => void;
}) {
  const { student, health_profile: health } = chart;
  const active = student.status === 'active';
  return (
    <Section
      title="Patient"
      actions={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClinicDose} disabled={!active}>
            Record a clinic dose
          </Button>
          <Button onClick={onWalkIn} disabled={!active}>
            Start walk-in visit
          </Button>
        </div>
      }
    >
      <p className={styles.patientName}>{studentName(student)}</p>
      <p className={chart.no_show_count > 0 ? styles.noShows : styles.muted}>{noShowText(chart.no_show_count)}</p>
      {!active && <p className={styles.muted}>This student’s account is deactivated: no new visit can be started.</p>}
      <AllergyAlert allergies={health?.allergies} answered={health !== null} terms={chart.allergy_terms} />
      <div className={styles.columns}>
        <dl className={styles.details} aria-label="Student">
          <dt>Registration number</dt>
          <dd>{shown(student.reg_number)}</dd>
          <dt>Department</dt>
          <dd>{shown(student.department)}</dd>
          <dt>Year of study</dt>
          <dd>{shown(student.year_of_study)}</dd>
          <dt>Email</dt>
          <dd>{student.email}</dd>
          <dt>Phone</dt>
          <dd>{shown(student.phone)}</dd>
        </dl>
        {health ? (
          <dl className={styles.details} aria-label="Health profile">
            <dt>Genotype</dt>
            <dd>{shown(health.genotype)}</dd>
            <dt>Blood group</dt>
            <dd>{shown(health.blood_group)}</dd>
            <dt>Disability</dt>
            <dd>{health.disabled === null ? 'Not given' : health.disabled ? 'Yes' : 'No'}</dd>
            <dt>BMI (own answer)</dt>
            <dd>{shown(health.bmi)}</dd>
          </dl>
        ) : (
          <p className={styles.muted}>The student has not filled in the health questionnaire yet.</p>
        )}
      </div>
    </Section>
  );
}

/** One visit of the timeline: when, who, what was found; a signed visit opens up to its whole record. */
function TimelineVisit({
  visit,
  zone,
  open,
}: {
  readonly visit: VisitRecord;
  readonly zone: string;
  readonly open: boolean;
}) {
  const headingId = useId();
  const draft = visit.status === 'draft';
  return (
    <li className={draft ? styles.timelineDraft : styles.timelineItem}>
      <article aria-labelledby={headingId} className={styles.visit}>
        <h3 id={headingId} className={styles.visitTitle}>
          {formatInZone(visit.date, zone)} · {visit.chief_complaint ?? visit.reason}
        </h3>
        <p className={styles.visitMeta}>
          <span className={draft ? styles.badgeDraft : styles.badgeSigned}>{draft ? 'Draft' : 'Signed'}</span>{' '}
          {visit.kind === 'walk_in' ? 'Walk-in' : 'Booked'} · {visit.doctor_name ?? 'A former doctor of the clinic'}
          {visit.signed_at ? ` · signed ${formatDateTime(visit.signed_at, zone)}` : ''}
        </p>
        {draft ? (
          <p className={styles.visitMeta}>
            Your draft, not yet signed: only you can see it. <Link to={visitPath(visit.id)}>Continue the visit</Link>
          </p>
        ) : (
          <>
            {visit.diagnoses.length > 0 && (
              <p className={styles.diagnoses}>
                <strong>Diagnoses:</strong>{' '}
                {visit.diagnoses
                  .map((diagnosis) =>
                    diagnosis.icd10_code
                      ? `${diagnosis.description} (${icd10Label(diagnosis.icd10_code, null)})`
                      : diagnosis.description,
                  )
                  .join('; ')}
              </p>
            )}
            <details className={styles.details} open={open}>
              <summary>Note, vital signs, prescriptions and addenda</summary>
              <VisitRecordView visit={visit} zone={zone} headingLevel={4} withLetters={false} />
            </details>
            <p className={styles.visitMeta}>
              <Link to={visitPath(visit.id)}>Open the visit</Link> to add an addendum.
            </p>
          </>
        )}
      </article>
    </li>
  );
}

/** The timeline's next page, added under the visits shown (each page read is recorded for the student). */
function EarlierVisits({ chart }: { readonly chart: PatientChart }) {
  const studentId = chart.student.id;
  const earlier = useApiMutation(earlierVisitsMutation, {
    onSuccess: (page) =>
      updateOpenChart(studentId, (current) => ({
        ...current,
        visits: [...current.visits, ...page.visits],
        earlier_visits: page.earlier_visits,
      })),
  });
  const last = chart.visits.at(-1);
  if (chart.earlier_visits === 0 || !last) return null;
  return (
    <Button
      variant="secondary"
      className={styles.earlier}
      disabled={earlier.isPending}
      onClick={() => earlier.mutate({ studentId, afterVisit: last.id })}
    >
      {earlier.isPending ? 'Loading earlier visits…' : `Show earlier visits (${chart.earlier_visits} more)`}
    </Button>
  );
}

function Timeline({ chart, zone }: { readonly chart: PatientChart; readonly zone: string }) {
  const { visits } = chart;
  if (visits.length === 0) return <EmptyState title="No visits recorded yet" />;
  const firstSigned = visits.find((visit) => visit.status === 'signed');
  return (
    <>
      <ol className={styles.timeline} aria-label="Visits, newest first">
        {visits.map((visit) => (
          <TimelineVisit key={visit.id} visit={visit} zone={zone} open={visit === firstSigned} />
        ))}
      </ol>
      <EarlierVisits chart={chart} />
    </>
  );
}

function ChartBody({ chart, zone }: { readonly chart: PatientChart; readonly zone: string }) {
  const [walkIn, setWalkIn] = useState(false);
  const [clinicDose, setClinicDose] = useState(false);
  const [revoking, setRevoking] = useState<ExcuseLetterEntry | null>(null);
  const onRevoked = (letter: ExcuseLetterEntry) => {
    const replace = (letters: readonly ExcuseLetterEntry[]) =>
      letters.map((entry) => (entry.id === letter.id ? { ...entry, ...letter } : entry));
    updateOpenChart(chart.student.id, (current) => ({
      ...current,
      excuse_letters: replace(current.excuse_letters),
      visits: current.visits.map((visit) =>
        visit.id === letter.visit_id ? { ...visit, excuse_letters: replace(visit.excuse_letters) } : visit,
      ),
    }));
  };
  return (
    <>
      <PatientSection chart={chart} onWalkIn={() => setWalkIn(true)} onClinicDose={() => setClinicDose(true)} />
      <Section title="Visits">
        <Timeline chart={chart} zone={zone} />
      </Section>
      <Section title="Vital signs trend">
        <VitalsTrend readings={chart.vital_signs} zone={zone} />
      </Section>
      <Section title="Current prescriptions">
        <p className={styles.muted}>From visits signed in the last 90 days.</p>
        <DataTable
          caption="Current prescriptions"
          columns={prescriptionColumns(zone)}
          rows={chart.current_prescriptions}
          rowKey={(prescription) => prescription.id}
          emptyMessage="No current prescriptions"
        />
      </Section>
      <Section title="Excuse letters">
        <LetterList letters={chart.excuse_letters} zone={zone} onRevoke={setRevoking} />
      </Section>
      <Section title="Upcoming appointments">
        <DataTable
          caption="Upcoming appointments"
          columns={appointmentColumns(zone)}
          rows={chart.upcoming_appointments}
          rowKey={(appointment) => appointment.id}
          emptyMessage="No upcoming appointments"
        />
      </Section>
      {walkIn && <WalkInVisitDialog student={chart.student} onClose={() => setWalkIn(false)} />}
      {clinicDose && (
        <ClinicDoseDialog
          student={{ id: chart.student.id, name: studentName(chart.student) }}
          today={dayInZone(new Date(), zone)}
          onClose={() => setClinicDose(false)}
        />
      )}
      {revoking && <RevokeLetterDialog letter={revoking} onRevoked={onRevoked} onClose={() => setRevoking(null)} />}
    </>
  );
}

/** Opens the chart once: the read is recorded for the student ("Who viewed my health record", screen "Patient chart"). */
function OpenedChart({ studentId }: { readonly studentId: string }) {
  const chart = useApiQuery(chartQuery(studentId));
  return (
    <QueryView query={chart} loadingLabel="Opening the patient chart…">
      {(loaded) => <WithClinic>{(clinic) => <ChartBody chart={loaded} zone={clinic.settings.timezone} />}</WithClinic>}
    </QueryView>
  );
}

/** /patientchart?student=<id>: one student's chart, for the doctors of their university. */
export function PatientChartPage() {
  const [params] = useSearchParams();
  const studentId = params.get(CHART_STUDENT_PARAM)?.trim() ?? '';
  return (
    <>
      <PageHeader title={PAGE_TITLE} />
      {studentId === '' ? (
        <EmptyState title="No patient chosen">
          <p className={styles.muted}>
            Open a patient’s chart from the patients list, your schedule or an appointment.
          </p>
          <Link className={buttonClassName('secondary')} to={PATHS.doctorPatients}>
            Go to the patients list
          </Link>
        </EmptyState>
      ) : (
        <OpenedChart key={studentId} studentId={studentId} />
      )}
    </>
  );
}
