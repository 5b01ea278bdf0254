import { useId, useState } from 'react';
import {
  Button,
  type Column,
  DataTable,
  EmptyState,
  LoadingState,
  PageHeader,
  QueryView,
  Section,
  useApiQuery,
  useUserProfile,
} from '@campuscare/shared';
import { type ImmunizationStatus, useVaccines, vaccineName, type Vaccine } from '@campuscare/shared/clinical';
import { dayInZone, formatDay, formatDayOf } from '@campuscare/shared/scheduling';
import { WithClinic } from '@campuscare/shared/appointments';
import { ExemptionDialog } from './ExemptionDialog';
import {
  type Dose,
  type Exemption,
  type MyImmunizations,
  type RequirementTerms,
  type Standing,
} from './immunizationsApi';
import { myImmunizationsQuery } from './immunizationsQueries';
import {
  doseReviewText,
  exemptionKindText,
  exemptionReviewText,
  latestRejection,
  mayAskExemption,
  standingDetail,
  statusText,
} from './immunizationRules';
import type { MedicalDocument } from './proofApi';
import { RecordDoseForm } from './RecordDoseForm';
import styles from './Immunizations.module.css';

const STATUS_CLASS: Readonly<Record<ImmunizationStatus, string>> = {
  met: styles.statusMet,
  exempt: styles.statusMet,
  under_review: styles.statusReview,
  due: styles.statusDue,
  overdue: styles.statusOverdue,
};

interface RequirementCardProps {
  readonly standing: Standing;
  readonly record: MyImmunizations;
  readonly onAskExemption: (standing: Standing, terms: RequirementTerms) => void;
}

function RequirementCard({ standing, record, onAskExemption }: RequirementCardProps) {
  const headingId = useId();
  const terms = record.terms.find((candidate) => candidate.id === standing.requirementId);
  const rejection = latestRejection(standing, terms, record.doses, record.exemptions);
  return (
    <li>
      <article aria-labelledby={headingId} className={styles.requirement}>
        <div className={styles.requirementHeader}>
          <h3 id={headingId} className={styles.requirementName}>
            {standing.name}
          </h3>
          <span className={`${styles.status} ${STATUS_CLASS[standing.status]}`}>{statusText(standing)}</span>
        </div>
        <p className={styles.detail}>{standingDetail(standing)}</p>
        <p className={styles.muted}>
          {standing.dosesCounted} of {standing.dosesRequired} {standing.dosesRequired === 1 ? 'dose' : 'doses'} counted
          {standing.dosesRequired > 1 && standing.minIntervalDays > 0
            ? `, at least ${standing.minIntervalDays} days apart`
            : ''}
          .
        </p>
        {rejection && (
          <p className={styles.rejection}>
            {rejection.what} was not accepted by the clinic: {rejection.reason}
          </p>
        )}
        {terms && mayAskExemption(standing, terms, record.exemptions) && (
          <Button
            variant="secondary"
            className={styles.exemptionButton}
            onClick={() => onAskExemption(standing, terms)}
          >
            Ask for an exemption
          </Button>
        )}
      </article>
    </li>
  );
}

function documentName(documents: readonly MedicalDocument[], documentId: string | null): string {
  if (documentId === null) return 'None';
  return documents.find((document) => document.id === documentId)?.file_name ?? 'Sent';
}

const doseColumns = (
  vaccines: readonly Vaccine[] | undefined,
  documents: readonly MedicalDocument[],
): readonly Column<Dose>[] => [
  { key: 'vaccine', header: 'Vaccine', render: (dose) => vaccineName(vaccines, dose.cvx_code) },
  { key: 'given', header: 'Given on', render: (dose) => formatDay(dose.given_on) },
  { key: 'where', header: 'Where', render: (dose) => dose.given_at ?? '—' },
  { key: 'lot', header: 'Lot', render: (dose) => dose.lot ?? '—' },
  {
    key: 'proof',
    header: 'Proof',
    render: (dose) => (dose.source === 'clinic' ? 'The clinic’s record' : documentName(documents, dose.document_id)),
  },
  { key: 'review', header: 'Clinic’s review', render: (dose) => doseReviewText(dose) },
];

const exemptionColumns = (standings: readonly Standing[], zone: string): readonly Column<Exemption>[] => [
  {
    key: 'requirement',
    header: 'Requirement',
    render: (exemption) =>
      standings.find((standing) => standing.requirementId === exemption.requirement_id)?.name ?? 'A former requirement',
  },
  { key: 'kind', header: 'Kind', render: (exemption) => exemptionKindText(exemption.kind) },
  { key: 'asked', header: 'Asked on', render: (exemption) => formatDayOf(exemption.created_at, zone) },
  { key: 'review', header: 'Clinic’s review', render: (exemption) => exemptionReviewText(exemption) },
];

function ImmunizationsBody({ studentId, zone }: { readonly studentId: string; readonly zone: string }) {
  const record = useApiQuery(myImmunizationsQuery(studentId));
  const vaccines = useVaccines();
  const [asking, setAsking] = useState<{ readonly standing: Standing; readonly terms: RequirementTerms } | null>(null);
  const today = dayInZone(new Date(), zone);
  return (
    <QueryView query={record} loadingLabel="Loading your immunizations…">
      {(loaded) => (
        <>
          <Section title="Requirements">
            {loaded.standings.length === 0 ? (
              <EmptyState title="No immunization requirements apply to you">
                <p className={styles.muted}>When your university asks for one, it appears here with its due date.</p>
              </EmptyState>
            ) : (
              <ul className={styles.requirements} aria-label="Your requirements, the soonest due first">
                {loaded.standings.map((standing) => (
                  <RequirementCard
                    key={standing.requirementId}
                    standing={standing}
                    record={loaded}
                    onAskExemption={(chosen, terms) => setAsking({ standing: chosen, terms })}
                  />
                ))}
              </ul>
            )}
          </Section>
          <Section title="Record a dose">
            <p className={styles.muted}>
              A vaccination you had elsewhere, with a photo or PDF of your vaccination card. The clinic checks it before
              it counts; one card can show several doses.
            </p>
            <RecordDoseForm studentId={studentId} today={today} zone={zone} documents={loaded.documents} />
          </Section>
          <Section title="Doses you recorded">
            <DataTable
              caption="Doses you recorded, the latest first"
              columns={doseColumns(vaccines.data, loaded.documents)}
              rows={loaded.doses}
              rowKey={(dose) => dose.id}
              emptyMessage="You have not recorded a dose yet"
            />
          </Section>
          {loaded.exemptions.length > 0 && (
            <Section title="Exemption requests">
              <DataTable
                caption="Your exemption requests, the latest first"
                columns={exemptionColumns(loaded.standings, zone)}
                rows={loaded.exemptions}
                rowKey={(exemption) => exemption.id}
              />
            </Section>
          )}
          {asking && (
            <ExemptionDialog
              studentId={studentId}
              standing={asking.standing}
              terms={asking.terms}
              documents={loaded.documents}
              zone={zone}
              onClose={() => setAsking(null)}
            />
          )}
        </>
      )}
    </QueryView>
  );
}

/**
 * /immunizations: the requirements that apply to the student, each with the status the database decided and what is
 * missing in words; recording a dose, asking for an exemption, and the clinic's answers, a refusal with its reason.
 */
export function ImmunizationsPage() {
  const profile = useUserProfile();
  return (
    <>
      <PageHeader title="My immunizations" />
      <p className={styles.muted}>
        The vaccinations your university asks for, and where you stand. Only you and the clinic&apos;s doctors see your
        doses and documents; administrators see only whether a requirement is met.
      </p>
      {profile.status === 'signedIn' ? (
        <WithClinic loadingLabel="Loading your immunizations…">
          {(clinic) => <ImmunizationsBody studentId={profile.member.id} zone={clinic.settings.timezone} />}
        </WithClinic>
      ) : (
        <LoadingState label="Loading your profile…" />
      )}
    </>
  );
}
