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
import { formatAppointmentDate } from '@campuscare/shared/appointments';
import type { OpenedVisit, VisitRecord } from '@campuscare/shared/clinical';
import { dayInZone, useClinic } from '@campuscare/shared/scheduling';
import { AllergyAlert, VisitRecordView } from '../../components/clinical/RecordViews';
import { patientChartPath, VISIT_ID_PARAM } from '../../components/clinical/clinicalPaths';
import { studentName } from '../../components/clinical/visitStartApi';
import { AddendaSection } from './AddendaSection';
import { DiagnosesEditor } from './DiagnosesSection';
import { FollowUpSection } from './FollowUpSection';
import { LettersSection } from './LettersSection';
import { NoteForm, useVisitNote } from './NoteSection';
import { PrescriptionsEditor } from './PrescriptionsSection';
import { SignVisitSection } from './SignVisit';
import { openVisit } from './visitApi';
import { visitKey } from './visitCache';
import { VisitReadings, VitalsForm } from './VitalsSection';
import styles from './visit.module.css';

const PAGE_TITLE = findRoute(PATHS.doctorVisit)?.title ?? 'Visit';

const KIND_LABEL: Readonly<Record<VisitRecord['kind'], string>> = { booked: 'Booked visit', walk_in: 'Walk-in visit' };

/** "Walk-in visit · Tue, 24 Nov 2026, 09:00 · Check-up · Dr Amelia Adams". */
function visitLine(visit: VisitRecord): string {
  return [KIND_LABEL[visit.kind], formatAppointmentDate(visit.date), visit.reason, visit.doctor_name ?? 'A former doctor of the clinic'].join(' · ');
}

function VisitState({ visit }: { readonly visit: VisitRecord }) {
  if (visit.status === 'draft') {
    return (
      <p className={styles.state}>
        <span className={styles.badgeDraft}>Draft</span> Only you can see and change this visit until you sign it.
      </p>
    );
  }
  return (
    <p className={styles.state}>
      <span className={styles.badgeSigned}>Signed</span> {visit.signed_at ? `on ${formatAppointmentDate(visit.signed_at)}` : ''} by {visit.doctor_name ?? 'a former doctor of the clinic'}. A
      signed visit is never changed: add an addendum to correct or complete it.
    </p>
  );
}

function PatientSection({ opened }: { readonly opened: OpenedVisit }) {
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
      <p className={styles.visitLine}>{visitLine(visit)}</p>
      <VisitState visit={visit} />
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
        <VisitReadings visit={visit} editable />
      </Section>
      <Section title="Note">
        <NoteForm note={note} />
      </Section>
      <Section title="Diagnoses">
        <DiagnosesEditor visit={visit} />
      </Section>
      <Section title="Prescriptions">
        <PrescriptionsEditor visit={visit} />
      </Section>
      <Section title="Excuse letters">
        <LettersSection visit={visit} visitDay={dayInZone(visit.date, zone)} canIssue />
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
function SignedVisit({ visit, zone, mine }: { readonly visit: VisitRecord; readonly zone: string; readonly mine: boolean }) {
  return (
    <>
      <Section title="Signed visit">
        <VisitRecordView visit={visit} headingLevel={3} withLetters={false} withAddenda={false} />
      </Section>
      <Section title="Excuse letters">
        <LettersSection visit={visit} visitDay={dayInZone(visit.date, zone)} canIssue={mine} />
      </Section>
      {mine && (
        <Section title="Follow-up">
          <FollowUpSection visit={visit} zone={zone} />
        </Section>
      )}
      <Section title="Addenda">
        <AddendaSection visit={visit} />
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
    <>
      <PatientSection opened={opened} />
      <QueryView query={clinic} loadingLabel="Loading the clinic's calendar…">
        {({ settings }) =>
          visit.status === 'draft' && mine ? <DraftVisit visit={visit} zone={settings.timezone} /> : <SignedVisit visit={visit} zone={settings.timezone} mine={mine} />
        }
      </QueryView>
    </>
  );
}

/** Opens the visit once: the read is recorded for the student ("Who viewed my health record", screen "Visit"). */
function OpenedVisitView({ visitId }: { readonly visitId: string }) {
  // Never read again while the page is open (each read is a recorded opening); forgotten when the page closes.
  const opened = useApiQuery(visitKey(visitId), (client) => openVisit(client, visitId), { staleTime: Infinity, gcTime: 0 });
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
