import { useId, useState } from 'react';
import {
  Button,
  EmptyState,
  Link,
  PageHeader,
  QueryView,
  Section,
  useApiMutation,
  useApiQuery,
} from '@campuscare/shared';
import { WithClinic } from '@campuscare/shared/appointments';
import { EXEMPTION_KIND_LABEL } from '@campuscare/shared/clinical';
import { dayInZone, formatDateTime, formatDay } from '@campuscare/shared/scheduling';
import { ClinicDoseDialog } from '../../components/clinical/ClinicDoseDialog';
import { patientChartPath } from '../../components/clinical/clinicalPaths';
import { DocumentViewer } from './DocumentViewer';
import { RejectDialog } from './RejectDialog';
import type { ReviewItem } from './reviewApi';
import { approveMutation, reviewQueueQuery } from './reviewQueries';
import { itemTitle, seriesStatusText, studentDetails } from './reviewFormat';
import styles from './review.module.css';

/** What the student entered: the dose and the series it belongs to, or the exemption and its reason. */
function Entered({ item }: { readonly item: ReviewItem }) {
  return (
    <div className={styles.entered}>
      {item.kind === 'dose' ? (
        <dl className={styles.facts}>
          <dt>Vaccine</dt>
          <dd>{item.vaccineName}</dd>
          <dt>Given on</dt>
          <dd>{formatDay(item.givenOn)}</dd>
          <dt>Where</dt>
          <dd>{item.givenAt ?? 'Not given'}</dd>
          <dt>Lot</dt>
          <dd>{item.lot ?? 'Not given'}</dd>
        </dl>
      ) : (
        <dl className={styles.facts}>
          <dt>Requirement</dt>
          <dd>{item.requirementName}</dd>
          <dt>Exemption</dt>
          <dd>{EXEMPTION_KIND_LABEL[item.exemptionKind]}</dd>
          <dt>Reason</dt>
          <dd className={styles.reason}>{item.reason}</dd>
        </dl>
      )}
      {item.series.length > 0 && (
        <>
          <h4 className={styles.seriesTitle}>
            {item.kind === 'dose' ? 'Doses of these vaccines so far' : 'Doses towards this requirement so far'}
          </h4>
          <ul className={styles.series}>
            {item.series.map((dose) => (
              <li key={dose.id} className={item.kind === 'dose' && dose.id === item.id ? styles.thisDose : undefined}>
                {formatDay(dose.givenOn)} · {dose.vaccineName}
                {dose.givenAt ? ` · ${dose.givenAt}` : ''} —{' '}
                {item.kind === 'dose' && dose.id === item.id ? 'this one' : seriesStatusText(dose)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface QueueItemProps {
  readonly item: ReviewItem;
  readonly zone: string;
  readonly onReject: (item: ReviewItem) => void;
  readonly onClinicDose: (item: ReviewItem) => void;
}

function QueueItem({ item, zone, onReject, onClinicDose }: QueueItemProps) {
  const headingId = useId();
  const approve = useApiMutation(approveMutation);
  return (
    <li>
      <article aria-labelledby={headingId} className={styles.item}>
        <header className={styles.itemHeader}>
          <h3 id={headingId} className={styles.itemTitle}>
            {item.student.name}:{' '}
            {item.kind === 'dose'
              ? `${item.vaccineName} dose`
              : `${EXEMPTION_KIND_LABEL[item.exemptionKind]} exemption`}
          </h3>
          <p className={styles.muted}>
            {studentDetails(item.student)} · sent {formatDateTime(item.submittedAt, zone)} ({zone}) ·{' '}
            <Link to={patientChartPath(item.student.id)}>Patient chart</Link>
          </p>
        </header>
        <div className={styles.sideBySide}>
          <Entered item={item} />
          <DocumentViewer item={item} />
        </div>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => onClinicDose(item)}>
            Record a clinic dose
          </Button>
          <Button variant="danger" onClick={() => onReject(item)}>
            Reject…
          </Button>
          <Button
            disabled={approve.isPending}
            onClick={() => approve.mutate({ item, approve: true })}
            aria-label={`Approve ${itemTitle(item)} for ${item.student.name}`}
          >
            {approve.isPending ? 'Approving…' : 'Approve'}
          </Button>
        </div>
      </article>
    </li>
  );
}

function Queue({ zone }: { readonly zone: string }) {
  const queue = useApiQuery(reviewQueueQuery());
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const [dosing, setDosing] = useState<ReviewItem | null>(null);
  return (
    <>
      <QueryView
        query={queue}
        loadingLabel="Loading the review queue…"
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState title="Nothing waits for review">
            <p className={styles.muted}>Doses and exemption requests students send appear here, the oldest first.</p>
          </EmptyState>
        }
      >
        {(items) => (
          <ol className={styles.queue} aria-label="Waiting for review, the oldest first">
            {items.map((item) => (
              <QueueItem
                key={`${item.kind}:${item.id}`}
                item={item}
                zone={zone}
                onReject={setRejecting}
                onClinicDose={setDosing}
              />
            ))}
          </ol>
        )}
      </QueryView>
      {rejecting && <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />}
      {dosing && (
        <ClinicDoseDialog
          student={dosing.student}
          today={dayInZone(new Date(), zone)}
          onClose={() => setDosing(null)}
        />
      )}
    </>
  );
}

/**
 * /immunization-review: the doses and exemptions students sent, the oldest first, each beside the document it rests on;
 * a doctor approves it, or rejects it with a reason the student reads, and records doses the clinic gives.
 */
export function ReviewQueuePage() {
  return (
    <>
      <PageHeader title="Immunization review" />
      <Section title="Waiting for review">
        <p className={styles.muted}>
          Each decision is recorded with your name. Opening a document is recorded in the student&apos;s &quot;Who
          viewed my health record&quot;.
        </p>
        <WithClinic loadingLabel="Loading the review queue…">
          {(clinic) => <Queue zone={clinic.settings.timezone} />}
        </WithClinic>
      </Section>
    </>
  );
}
