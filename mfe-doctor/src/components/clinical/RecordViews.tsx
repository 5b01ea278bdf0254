import type { ReactNode } from 'react';
import { Button, type Column, DataTable } from '@campuscare/shared';
import { formatDateTime, formatDay } from '@campuscare/shared/scheduling';
import type {
  Addendum,
  DiagnosisEntry,
  ExcuseLetterEntry,
  PrescriptionEntry,
  VisitRecord,
  VitalReading,
} from '@campuscare/shared/clinical';
import { flagLabel, formatBloodPressure, formatBmi, formatVital, readingFlags } from './vitals';
import styles from './clinical.module.css';

type HeadingLevel = 2 | 3 | 4;

/** A heading at the level the page around it needs. */
function Heading({
  level,
  children,
  id,
}: {
  readonly level: HeadingLevel;
  readonly children: ReactNode;
  readonly id?: string;
}) {
  const Tag = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
  return (
    <Tag id={id} className={styles.heading}>
      {children}
    </Tag>
  );
}

interface AllergyAlertProps {
  /** The student's allergies as they wrote them; null when not given. */
  readonly allergies: string | null | undefined;
  /** False when the student has not filled in the health questionnaire at all. */
  readonly answered: boolean;
  /** The words prescriptions are checked against. */
  readonly terms: readonly string[];
}

/** The student's allergies, where nobody prescribing can miss them. */
export function AllergyAlert({ allergies, answered, terms }: AllergyAlertProps) {
  const text = allergies?.trim() ?? '';
  if (text === '') {
    return (
      <section aria-label="Allergies" className={styles.allergiesNone}>
        <p className={styles.allergyTitle}>Allergies</p>
        <p className={styles.allergyText}>
          {answered ? 'No allergies recorded.' : 'Not known: the student has not filled in the health questionnaire.'}
        </p>
      </section>
    );
  }
  return (
    <section aria-label="Allergies" className={styles.allergies}>
      <p className={styles.allergyTitle}>
        <span aria-hidden="true">⚠ </span>Allergies
      </p>
      <p className={styles.allergyText}>{text}</p>
      {terms.length > 0 && (
        <p className={styles.allergyTerms}>Prescriptions are checked against: {terms.join(', ')}.</p>
      )}
    </section>
  );
}

const NOTE_PARTS = [
  { key: 'chief_complaint', label: 'Chief complaint' },
  { key: 'subjective', label: 'Subjective' },
  { key: 'objective', label: 'Objective' },
  { key: 'assessment', label: 'Assessment' },
  { key: 'plan', label: 'Plan' },
  { key: 'follow_up', label: 'Follow-up' },
] as const satisfies ReadonlyArray<{ readonly key: keyof VisitRecord; readonly label: string }>;

/** The note: chief complaint, SOAP and follow-up, each part left out when it was not written. */
function NoteView({ visit }: { readonly visit: Pick<VisitRecord, (typeof NOTE_PARTS)[number]['key']> }) {
  const written = NOTE_PARTS.filter((part) => (visit[part.key] ?? '').trim() !== '');
  if (written.length === 0) return <p className={styles.muted}>Nothing was written in the note.</p>;
  return (
    <dl className={styles.note}>
      {written.map((part) => (
        <div key={part.key} className={styles.notePart}>
          <dt>{part.label}</dt>
          <dd className={styles.noteText}>{visit[part.key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Fever", "Low SpO₂": a reading's flags as warnings (possible values outside the normal adult ranges). */
function VitalFlags({ reading }: { readonly reading: VitalReading }) {
  const flags = readingFlags(reading);
  if (flags.length === 0) return null;
  return (
    <ul className={styles.flags} aria-label="Warnings">
      {flags.map((flag) => (
        <li key={flag} className={styles.flag}>
          <span aria-hidden="true">⚠ </span>
          {flagLabel(flag)}
        </li>
      ))}
    </ul>
  );
}

interface VitalReadingsTableProps {
  readonly caption: string;
  readonly readings: readonly VitalReading[];
  /** The clinic's time zone: readings are timed on its clock. */
  readonly zone: string;
  /** A button for each row (e.g. Remove, while the visit is a draft). */
  readonly rowAction?: (reading: VitalReading) => ReactNode;
}

/** The columns of a reading: when (on the clinic's clock), its values and units, the BMI the database computed and its warnings. */
const vitalColumns = (zone: string): readonly Column<VitalReading>[] => [
  { key: 'taken', header: `Taken (${zone})`, render: (reading) => formatDateTime(reading.recorded_at, zone) },
  { key: 'temperature', header: 'Temperature', render: (reading) => formatVital(reading.temperature_c, '°C', 1) },
  { key: 'bloodPressure', header: 'Blood pressure', render: formatBloodPressure },
  { key: 'pulse', header: 'Pulse', render: (reading) => formatVital(reading.pulse_bpm, 'beats/min') },
  {
    key: 'respiratoryRate',
    header: 'Respiratory rate',
    render: (reading) => formatVital(reading.respiratory_rate, 'breaths/min'),
  },
  { key: 'spo2', header: 'SpO₂', render: (reading) => formatVital(reading.spo2_percent, '%') },
  { key: 'weight', header: 'Weight', render: (reading) => formatVital(reading.weight_kg, 'kg', 1) },
  { key: 'height', header: 'Height', render: (reading) => formatVital(reading.height_cm, 'cm', 1) },
  { key: 'bmi', header: 'BMI (kg/m²)', render: (reading) => formatBmi(reading.bmi) },
  {
    key: 'warnings',
    header: 'Warnings',
    render: (reading) => (readingFlags(reading).length === 0 ? 'None' : <VitalFlags reading={reading} />),
  },
];

/** Readings as the UI kit's table (cards on phones), with an Actions column when a row has an action. */
export function VitalReadingsTable({ caption, readings, zone, rowAction }: VitalReadingsTableProps) {
  const columns = rowAction
    ? [...vitalColumns(zone), { key: 'actions', header: 'Actions', render: rowAction }]
    : vitalColumns(zone);
  return <DataTable caption={caption} columns={columns} rows={readings} rowKey={(reading) => reading.id} />;
}

/** "J06.9 Acute upper respiratory infection, unspecified". */
export function icd10Label(code: string, title: string | null): string {
  return title ? `${code} ${title}` : code;
}

export function DiagnosisList({
  diagnoses,
  onRemove,
}: {
  readonly diagnoses: readonly DiagnosisEntry[];
  readonly onRemove?: (diagnosis: DiagnosisEntry) => void;
}) {
  if (diagnoses.length === 0) return <p className={styles.muted}>No diagnoses recorded.</p>;
  return (
    <ul className={styles.entries} aria-label="Diagnoses">
      {diagnoses.map((diagnosis) => (
        <li key={diagnosis.id} className={styles.entry}>
          <div className={styles.entryText}>
            <span className={styles.entryTitle}>{diagnosis.description}</span>
            {diagnosis.icd10_code && (
              <span className={styles.code}>ICD-10 {icd10Label(diagnosis.icd10_code, diagnosis.icd10_title)}</span>
            )}
          </div>
          {onRemove && (
            <Button
              variant="secondary"
              onClick={() => onRemove(diagnosis)}
              aria-label={`Remove diagnosis ${diagnosis.description}`}
            >
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "500 mg · 2 tablets · by mouth · three times a day · 5 days · 30 tablets". */
export function prescriptionDetails(
  prescription: Pick<PrescriptionEntry, 'strength' | 'dose' | 'route' | 'frequency' | 'duration' | 'quantity'>,
): string {
  const parts = [
    prescription.strength,
    prescription.dose && `dose ${prescription.dose}`,
    prescription.route,
    prescription.frequency,
    prescription.duration && `for ${prescription.duration}`,
    prescription.quantity && `quantity ${prescription.quantity}`,
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}

/** One prescription: the drug, how to take it, the instructions and any allergy acknowledgement. */
function PrescriptionSummary({
  prescription,
  extra,
}: {
  readonly prescription: PrescriptionEntry;
  readonly extra?: ReactNode;
}) {
  const details = prescriptionDetails(prescription);
  return (
    <div className={styles.entryText}>
      <span className={styles.entryTitle}>{prescription.drug}</span>
      {details && <span>{details}</span>}
      {prescription.instructions && <span className={styles.noteText}>Instructions: {prescription.instructions}</span>}
      {prescription.allergy_acknowledgement && (
        <span className={styles.acknowledgement}>
          <strong>Allergy acknowledged:</strong> {prescription.allergy_acknowledgement}
        </span>
      )}
      {extra}
    </div>
  );
}

export function PrescriptionList({
  prescriptions,
  onRemove,
}: {
  readonly prescriptions: readonly PrescriptionEntry[];
  readonly onRemove?: (prescription: PrescriptionEntry) => void;
}) {
  if (prescriptions.length === 0) return <p className={styles.muted}>No prescriptions.</p>;
  return (
    <ul className={styles.entries} aria-label="Prescriptions">
      {prescriptions.map((prescription) => (
        <li key={prescription.id} className={styles.entry}>
          <PrescriptionSummary prescription={prescription} />
          {onRemove && (
            <Button
              variant="secondary"
              onClick={() => onRemove(prescription)}
              aria-label={`Remove prescription ${prescription.drug}`}
            >
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Each addendum with its author and when it was written, on the clinic's clock (`zone`). */
export function AddendaList({ addenda, zone }: { readonly addenda: readonly Addendum[]; readonly zone: string }) {
  if (addenda.length === 0) return <p className={styles.muted}>No addenda.</p>;
  return (
    <ol className={styles.entries} aria-label="Addenda">
      {addenda.map((addendum) => (
        <li key={addendum.id} className={styles.addendum}>
          <p className={styles.byline}>
            {addendum.author_name || 'A former doctor of the clinic'} · {formatDateTime(addendum.created_at, zone)}
          </p>
          <p className={styles.noteText}>{addendum.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** "Mon, 23 Nov 2026 to Wed, 25 Nov 2026", or the one day. */
export function letterDays(letter: Pick<ExcuseLetterEntry, 'starts_on' | 'ends_on'>): string {
  return letter.starts_on === letter.ends_on
    ? formatDay(letter.starts_on)
    : `${formatDay(letter.starts_on)} to ${formatDay(letter.ends_on)}`;
}

function LetterStatus({ letter }: { readonly letter: Pick<ExcuseLetterEntry, 'status'> }) {
  return (
    <span className={letter.status === 'valid' ? styles.badgeValid : styles.badgeRevoked}>
      {letter.status === 'valid' ? 'Valid' : 'Revoked'}
    </span>
  );
}

interface LetterListProps {
  readonly letters: readonly ExcuseLetterEntry[];
  /** The clinic's time zone: when letters were issued and revoked, on its clock. */
  readonly zone: string;
  /** Offered on valid letters: any doctor of the university may revoke one. */
  readonly onRevoke?: (letter: ExcuseLetterEntry) => void;
}

/** Excuse letters: the days, valid or revoked (with why), who issued them, and a code when it is known. */
export function LetterList({ letters, zone, onRevoke }: LetterListProps) {
  if (letters.length === 0) return <p className={styles.muted}>No excuse letters.</p>;
  return (
    <ul className={styles.entries} aria-label="Excuse letters">
      {letters.map((letter) => (
        <li key={letter.id} className={styles.entry}>
          <div className={styles.entryText}>
            <span className={styles.entryTitle}>
              {letterDays(letter)} <LetterStatus letter={letter} />
            </span>
            <span className={styles.byline}>
              Issued {formatDateTime(letter.issued_at, zone)} by{' '}
              {letter.issued_by_name ?? 'a former doctor of the clinic'}
            </span>
            {letter.status === 'revoked' && (
              <span>
                Revoked{letter.revoked_at ? ` ${formatDateTime(letter.revoked_at, zone)}` : ''}
                {letter.revoked_by_name ? ` by ${letter.revoked_by_name}` : ''}: {letter.revoke_reason}
              </span>
            )}
            {letter.verification_code && (
              <span>
                Verification code: <code className={styles.verificationCode}>{letter.verification_code}</code>
              </span>
            )}
          </div>
          {onRevoke && letter.status === 'valid' && (
            <Button
              variant="secondary"
              onClick={() => onRevoke(letter)}
              aria-label={`Revoke the letter for ${letterDays(letter)}`}
            >
              Revoke
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

interface VisitRecordViewProps {
  readonly visit: VisitRecord;
  /** The clinic's time zone. */
  readonly zone: string;
  /** The level of the parts' headings (Note, Vital signs, …). */
  readonly headingLevel: HeadingLevel;
  readonly onRevokeLetter?: (letter: ExcuseLetterEntry) => void;
  /** Left out when the page shows letters or addenda elsewhere. */
  readonly withLetters?: boolean;
  readonly withAddenda?: boolean;
}

/** A visit as it was recorded: note, vital signs, diagnoses, prescriptions, letters and addenda, read-only. */
export function VisitRecordView({
  visit,
  zone,
  headingLevel,
  onRevokeLetter,
  withLetters = true,
  withAddenda = true,
}: VisitRecordViewProps) {
  return (
    <div className={styles.record}>
      <section className={styles.part} aria-label="Note">
        <Heading level={headingLevel}>Note</Heading>
        <NoteView visit={visit} />
      </section>
      <section className={styles.part} aria-label="Vital signs">
        <Heading level={headingLevel}>Vital signs</Heading>
        {visit.vital_signs.length === 0 ? (
          <p className={styles.muted}>No vital signs recorded.</p>
        ) : (
          <VitalReadingsTable caption="Vital signs of this visit" readings={visit.vital_signs} zone={zone} />
        )}
      </section>
      <section className={styles.part} aria-label="Diagnoses">
        <Heading level={headingLevel}>Diagnoses</Heading>
        <DiagnosisList diagnoses={visit.diagnoses} />
      </section>
      <section className={styles.part} aria-label="Prescriptions">
        <Heading level={headingLevel}>Prescriptions</Heading>
        <PrescriptionList prescriptions={visit.prescriptions} />
      </section>
      {withLetters && (
        <section className={styles.part} aria-label="Excuse letters">
          <Heading level={headingLevel}>Excuse letters</Heading>
          <LetterList letters={visit.excuse_letters} zone={zone} onRevoke={onRevokeLetter} />
        </section>
      )}
      {withAddenda && (
        <section className={styles.part} aria-label="Addenda">
          <Heading level={headingLevel}>Addenda</Heading>
          <AddendaList addenda={visit.addenda} zone={zone} />
        </section>
      )}
    </div>
  );
}
