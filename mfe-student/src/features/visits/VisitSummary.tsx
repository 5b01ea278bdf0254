import { type ReactNode, useId } from 'react';
import { Button } from '@campuscare/shared';
import type { DiagnosisEntry, ExcuseLetterEntry, VisitRecord, VitalReading } from '@campuscare/shared/clinical';
import { formatDay, formatDayOf, formatInZone } from '@campuscare/shared/scheduling';
import { personOrFallback, prescriptionDetails, visitKindLabel, vitalRows } from './visitFormat';
import styles from './Visits.module.css';

function Part({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.part}>
      <h3 id={headingId} className={styles.partTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function Details({ rows }: { readonly rows: ReadonlyArray<readonly [string, string | null]> }) {
  const shown = rows.filter((row): row is readonly [string, string] => row[1] !== null && row[1].trim() !== '');
  return (
    <dl className={styles.details}>
      {shown.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function sameWords(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function Diagnosis({ diagnosis }: { readonly diagnosis: DiagnosisEntry }) {
  const title =
    diagnosis.icd10_title && !sameWords(diagnosis.icd10_title, diagnosis.description) ? diagnosis.icd10_title : null;
  return (
    <li>
      <span className={styles.diagnosis}>{diagnosis.description}</span>
      {(title || diagnosis.icd10_code) && (
        <span className={styles.secondary}>
          {title && <>Medical term: {title}</>}
          {title && diagnosis.icd10_code && ' · '}
          {diagnosis.icd10_code && <>ICD-10 code {diagnosis.icd10_code}</>}
        </span>
      )}
    </li>
  );
}

function Readings({ readings, zone }: { readonly readings: readonly VitalReading[]; readonly zone: string }) {
  const flagged = readings.some((reading) => reading.flags.length > 0);
  return (
    <>
      {flagged && (
        <p className={styles.gentleNote}>
          Readings outside the usual range for adults are marked. Your doctor saw them at your visit and took them into
          account in your plan; a single reading is often nothing to worry about. If you have questions, ask the clinic.
        </p>
      )}
      {readings.map((reading) => (
        <table key={reading.id} className={styles.vitals}>
          <caption>
            {readings.length > 1
              ? `Measurements taken at ${formatInZone(reading.recorded_at, zone)}`
              : 'Measurements taken'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Reading</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {vitalRows(reading).map((row) => (
              <tr key={row.measure} className={row.notes.length > 0 ? styles.flagged : undefined}>
                <th scope="row">{row.measure}</th>
                <td>{row.value}</td>
                <td>{row.notes.length > 0 ? row.notes.join(' ') : 'Within the usual range'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}

function LetterItem({
  letter,
  zone,
  onView,
}: {
  readonly letter: ExcuseLetterEntry;
  readonly zone: string;
  readonly onView?: () => void;
}) {
  const revoked = letter.status === 'revoked';
  const covers = `${formatDay(letter.starts_on)} to ${formatDay(letter.ends_on)}`;
  return (
    <li className={styles.letterItem}>
      <div className={styles.letterSummary}>
        <span>
          Excused from {covers}{' '}
          <span className={revoked ? `${styles.badge} ${styles.badgeRevoked}` : `${styles.badge} ${styles.badgeValid}`}>
            {revoked ? `Revoked${letter.revoked_at ? ` on ${formatDayOf(letter.revoked_at, zone)}` : ''}` : 'Valid'}
          </span>
        </span>
        <span className={styles.secondary}>
          Issued on {formatDayOf(letter.issued_at, zone)} by{' '}
          {personOrFallback(letter.issued_by_name, 'a doctor of the clinic')}
        </span>
      </div>
      {onView && (
        <Button variant="secondary" onClick={onView} aria-label={`View letter for ${covers}`}>
          View letter
        </Button>
      )}
    </li>
  );
}

interface VisitSummaryProps {
  readonly visit: VisitRecord;
  /** The clinic's time zone: the visit's times are on its clock. */
  readonly zone: string;
  readonly onPrint?: () => void;
  readonly onViewLetter?: (letter: ExcuseLetterEntry) => void;
  /** On paper: whose summary it is, since the page around it is not printed. */
  readonly printedFor?: { readonly student: string; readonly university: string };
}

/**
 * One signed visit as the student reads it: the after-visit summary (diagnoses in plain words, plan and follow-up,
 * medicines with how to take them, measurements, letters), then the signed note itself and what was added since.
 */
export function VisitSummary({ visit, zone, onPrint, onViewLetter, printedFor }: VisitSummaryProps) {
  const headingId = useId();
  const when = formatInZone(visit.date, zone);
  const doctor = personOrFallback(visit.doctor_name, 'A former doctor of the clinic');
  const note: ReadonlyArray<readonly [string, string | null]> = [
    ['Main concern', visit.chief_complaint],
    ['What you told the doctor', visit.subjective],
    ['What the doctor found', visit.objective],
    ['The doctor’s assessment', visit.assessment],
    ['Plan', visit.plan],
  ];
  const hasNote = note.some(([, value]) => value !== null && value.trim() !== '');
  return (
    <article aria-labelledby={headingId} className={styles.visit}>
      {printedFor && (
        <p className={styles.printedFor}>
          After-visit summary for {printedFor.student}, {printedFor.university}
        </p>
      )}
      <header className={styles.visitHeader}>
        <div>
          <h2 id={headingId} className={styles.visitTitle}>
            Visit on {when}
          </h2>
          <p className={styles.secondary}>
            With {doctor} · {visitKindLabel(visit)} · Reason: {visit.reason}
          </p>
        </div>
        {onPrint && (
          <Button variant="secondary" onClick={onPrint} aria-label={`Print summary of the visit on ${when}`}>
            Print summary
          </Button>
        )}
      </header>

      <Part title={visit.diagnoses.length > 1 ? 'Diagnoses' : 'Diagnosis'}>
        {visit.diagnoses.length > 0 ? (
          <ul className={styles.list}>
            {visit.diagnoses.map((diagnosis) => (
              <Diagnosis key={diagnosis.id} diagnosis={diagnosis} />
            ))}
          </ul>
        ) : (
          <p className={styles.secondary}>No diagnosis was recorded.</p>
        )}
      </Part>

      <Part title="Your plan and follow-up">
        {visit.plan || visit.follow_up ? (
          <Details
            rows={[
              ['Plan', visit.plan],
              ['Follow-up', visit.follow_up],
            ]}
          />
        ) : (
          <p className={styles.secondary}>No plan was recorded.</p>
        )}
      </Part>

      <Part title="Medicines">
        {visit.prescriptions.length > 0 ? (
          <ul className={styles.list}>
            {visit.prescriptions.map((prescription) => (
              <li key={prescription.id} className={styles.prescription}>
                <span className={styles.drug}>{prescription.drug}</span>
                <Details rows={prescriptionDetails(prescription)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.secondary}>No medicines were prescribed at this visit.</p>
        )}
      </Part>

      <Part title="Measurements">
        {visit.vital_signs.length > 0 ? (
          <Readings readings={visit.vital_signs} zone={zone} />
        ) : (
          <p className={styles.secondary}>No measurements were recorded.</p>
        )}
      </Part>

      {visit.excuse_letters.length > 0 && (
        <Part title={visit.excuse_letters.length > 1 ? 'Excuse letters' : 'Excuse letter'}>
          <ul className={styles.list}>
            {visit.excuse_letters.map((letter) => (
              <LetterItem
                key={letter.id}
                letter={letter}
                zone={zone}
                onView={onViewLetter ? () => onViewLetter(letter) : undefined}
              />
            ))}
          </ul>
        </Part>
      )}

      <Part title="The doctor’s note">
        <p className={styles.secondary}>
          The note {doctor} wrote{visit.signed_at ? ` and signed on ${formatInZone(visit.signed_at, zone)}` : ''}.
          Doctors write in short medical language: ask the clinic if anything is unclear.
        </p>
        {hasNote ? <Details rows={note} /> : <p className={styles.secondary}>The note is empty.</p>}
        {visit.addenda.length > 0 && (
          <>
            <h4 className={styles.addendaTitle}>Added after signing</h4>
            <ul className={styles.list}>
              {visit.addenda.map((addendum) => (
                <li key={addendum.id} className={styles.addendum}>
                  <span className={styles.secondary}>
                    {personOrFallback(addendum.author_name, 'A former doctor of the clinic')},{' '}
                    {formatInZone(addendum.created_at, zone)}
                  </span>
                  <span className={styles.prose}>{addendum.text}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Part>
    </article>
  );
}
