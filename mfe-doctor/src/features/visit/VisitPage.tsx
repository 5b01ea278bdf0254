import {
  buttonClassName,
  EmptyState,
  findRoute,
  Link,
  PageHeader,
  PATHS,
  QueryView,
  Section,
  useApiQuery,
  useSearchParams,
  useUserProfile,
} from '@campuscare/shared';
import { studentName } from '@campuscare/shared/appointments';
import type { OpenedVisit, VisitRecord } from '@campuscare/shared/clinical';
import { formatDateTime, formatInZone, useClinic } from '@campuscare/shared/scheduling';
import { AllergyAlert, VisitRecordView } from '../../components/clinical/RecordViews';
import { patientChartPath, VISIT_ID_PARAM } from '../../components/clinical/clinicalPaths';
import { AddendaSection } from './AddendaSection';
import { DiagnosesEditor } from './DiagnosesSection';
import { FollowUpSection } from './FollowUpSection';
import { LettersSection } from './LettersSection';
import { NoteForm, useVisitNote } from './NoteSection';
import { PrescriptionsEditor } from './PrescriptionsSection';
import { SignVisitSection } from './SignVisit';
import { visitQuery } from './visitQueries';
import { VisitReadings, VitalsForm } from './VitalsSection';
import styles from './visit.module.css';

const PAGE_TITLE = findRoute(PATHS.doctorVisit)?.title ?? 'Visit';

const KIND_LABEL: Readonly<Record<VisitRecord['kind'], string>> = { booked: 'Booked visit', walk_in: 'Walk-in visit' };

/** "Walk-in visit · Tue, 24 Nov 2026, 09:00 (America/New_York) · Check-up · Dr Amelia Adams": the page's times are the clinic's, as this says. */
function visitLine(visit: VisitRecord, zone: string): string {
  return [
    KIND_LABEL[visit.kind],
    formatInZone(visit.date, zone),
    visit.reason,
    visit.doctor_name ?? 'A former doctor of the clinic',
  ].join(' · ');
}

function VisitState({ visit, zone }: { readonly visit: VisitRecord; readonly zone: string }) {
  if (visit.status === 'draft') {
    return (
      <p className={styles.state}>
        <span className={styles.badgeDraft}>Draft</span> Only you can see and change this visit until you sign it.
      </p>
    );
  }
  return (
    <p className={styles.state}>
      <span className={styles.badgeSigned}>Signed</span>{' '}
      {visit.signed_at ? `on ${formatDateTime(visit.signed_at, zone)}` : ''} by{' '}
      {visit.doctor_name ?? 'a former doctor of the clinic'}. A signed visit is never changed: add an addendum to
      correct or complete it.
    </p>
  );
}

function PatientSection({ opened, zone }: { readonly opened: OpenedVisit; readonly zone: string }) {
  const { student, health_profile: health, visit } = opened;
  return (
    <Section
      title="Patient"
      actions={
        <Link className={buttonClassName('secondary')} to={patientChartPath(student.id)}>
          Patient chart
        </Link>
      }
    >
      <div className={styles.patient}>
        <p className={styles.patientName}>{studentName(student)}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Registration number</dt>
            <dd>{student.reg_number ?? 'Not given'}</dd>
          </div>
          <div>
            <dt>Department</dt>
            <dd>{student.department ?? 'Not given'}</dd>
          </div>
          <div>
            <dt>Year of study</dt>
            <dd>{student.year_of_study ?? 'Not given'}</dd>
          </div>
        </dl>
      </div>
      <AllergyAlert allergies={health?.allergies} answered={health !== null} terms={opened.allergy_terms} />
      <p className={styles.visitLine}>{visitLine(visit, zone)}</p>
      <VisitState visit={visit} zone={zone} />
    </Section>
  );
}

/** The doctor's own draft: every part editable, the note saved as it is typed, then signed. */
function DraftVisit({ visit, zone }: { readonly visit: VisitRecord; readonly zone: string }) {
  const note = useVisitNote(visit);
  return (
    <>
      <Section title="Vital signs">
        <VitalsForm visitId={visit.id} />
        <VisitReadings visit={visit} zone={zone} editable />
      </Section>
      <Section title="Note">
        <NoteForm note={note} zone={zone} />
      </Section>
      <Section title="Diagnoses">
        <DiagnosesEditor visit={visit} />
      </Section>
      <Section title="Prescriptions">
        <PrescriptionsEditor visit={visit} />
      </Section>
      <Section title="Excuse letters">
        <LettersSection visit={visit} zone={zone} canIssue />
      </Section>
      <Section title="Follow-up">
        <FollowUpSection visit={visit} zone={zone} />
      </Section>
      <Section title="Sign">
        <SignVisitSection visit={visit} note={note} />
      </Section>
    </>
  );
}

/** A signed visit: read-only, with its letters, addenda and (for its doctor) the follow-up booking. */
function SignedVisit({
  visit,
  zone,
  mine,
}: {
  readonly visit: VisitRecord;
  readonly zone: string;
  readonly mine: boolean;
}) {
  return (
    <>
      <Section title="Signed visit">
        <VisitRecordView visit={visit} zone={zone} headingLevel={3} withLetters={false} withAddenda={false} />
      </Section>
      <Section title="Excuse letters">
        <LettersSection visit={visit} zone={zone} canIssue={mine} />
      </Section>
      {mine && (
        <Section title="Follow-up">
          <FollowUpSection visit={visit} zone={zone} />
        </Section>
      )}
      <Section title="Addenda">
        <AddendaSection visit={visit} zone={zone} />
      </Section>
    </>
  );
}

function VisitBody({ opened }: { readonly opened: OpenedVisit }) {
  const profile = useUserProfile();
  const clinic = useClinic();
  const { visit } = opened;
  const mine = profile.status === 'signedIn' && profile.member.id === visit.doctor_id;
  return (
    <QueryView query={clinic} loadingLabel="Loading the clinic's calendar…">
      {({ settings }) => (
        <>
          <PatientSection opened={opened} zone={settings.timezone} />
          {visit.status === 'draft' && mine ? (
            <DraftVisit visit={visit} zone={settings.timezone} />
          ) : (
            <SignedVisit visit={visit} zone={settings.timezone} mine={mine} />
          )}
        </>
      )}
    </QueryView>
  );
}

/** Opens the visit once: the read is recorded for the student ("Who viewed my health record", screen "Visit"). */
function OpenedVisitView({ visitId }: { readonly visitId: string }) {
  const opened = useApiQuery(visitQuery(visitId));
  return (
    <QueryView query={opened} loadingLabel="Opening the visit…">
      {(loaded) => <VisitBody opened={loaded} />}
    </QueryView>
  );
}

/** /visit?id=<visit>: one visit — the doctor's own draft to write and sign, or a signed visit to read and add to. */
export function VisitPage() {
  const [params] = useSearchParams();
  const visitId = params.get(VISIT_ID_PARAM)?.trim() ?? '';
  return (
    <>
      <PageHeader title={PAGE_TITLE} />
      {visitId === '' ? (
        <EmptyState title="No visit chosen">
          <p className={styles.muted}>Start or open a visit from your dashboard, or open one from a patient’s chart.</p>
          <Link className={buttonClassName('secondary')} to={PATHS.doctorDashboard}>
            Go to the dashboard
          </Link>
        </EmptyState>
      ) : (
        <OpenedVisitView key={visitId} visitId={visitId} />
      )}
    </>
  );
}
