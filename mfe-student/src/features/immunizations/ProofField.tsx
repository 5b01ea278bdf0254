import { type ChangeEvent, useId } from 'react';
import { SelectField, useObjectUrl } from '@campuscare/shared';
import { formatDayOf } from '@campuscare/shared/scheduling';
import { fileSizeText, type MedicalDocument, PROOF_ACCEPT, type ProofChoice, proofFileError } from './proofApi';
import styles from './Immunizations.module.css';

const NONE = 'none';
const NEW_FILE = 'new';
const DOCUMENT_PREFIX = 'document:';

function choiceValue(choice: ProofChoice): string {
  if (choice.kind === 'existing') return `${DOCUMENT_PREFIX}${choice.documentId}`;
  return choice.kind === 'new' ? NEW_FILE : NONE;
}

function choiceOf(value: string): ProofChoice {
  if (value.startsWith(DOCUMENT_PREFIX)) return { kind: 'existing', documentId: value.slice(DOCUMENT_PREFIX.length) };
  return value === NEW_FILE ? { kind: 'new', file: null } : { kind: 'none' };
}

/** What was chosen, shown before it is sent: a photo as itself, a PDF in the browser's own viewer. */
function Preview({ file }: { readonly file: File }) {
  const url = useObjectUrl(file);
  const description = `${file.name}, ${fileSizeText(file.size)}`;
  if (url === null) return null;
  return (
    <figure className={styles.preview}>
      {file.type === 'application/pdf' ? (
        <object data={url} type="application/pdf" className={styles.previewPdf} aria-label={`Preview of ${file.name}`}>
          <p className={styles.hint}>Your browser shows no preview of PDFs here; the clinic will open it.</p>
        </object>
      ) : (
        <img src={url} alt={`Preview of ${file.name}`} className={styles.previewImage} />
      )}
      <figcaption className={styles.hint}>{description}</figcaption>
    </figure>
  );
}

interface ProofFieldProps {
  readonly label: string;
  readonly value: ProofChoice;
  readonly onChange: (choice: ProofChoice) => void;
  /** Files the student sent before, which a new dose or request may rest on too (one card often shows every dose). */
  readonly documents: readonly MedicalDocument[];
  readonly zone: string;
  readonly error?: string;
  /** Whether "No document" is offered. */
  readonly optional: boolean;
}

/** Proof for a dose or an exemption: a new photo or PDF (checked and previewed here), or a file sent before. */
export function ProofField({ label, value: chosen, onChange, documents, zone, error, optional }: ProofFieldProps) {
  // "No document" chosen before a document became needed (another kind of exemption) reads as "a new file" again.
  const value: ProofChoice = !optional && chosen.kind === 'none' ? { kind: 'new', file: null } : chosen;
  const fileInputId = useId();
  const errorId = useId();
  const options = [
    ...(optional ? [{ value: NONE, label: 'No document yet' }] : []),
    { value: NEW_FILE, label: 'A new photo or PDF' },
    ...documents.map((document) => ({
      value: `${DOCUMENT_PREFIX}${document.id}`,
      label: `${document.file_name ?? 'A document'} (sent ${formatDayOf(document.created_at, zone)})`,
    })),
  ];
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ kind: 'new', file: event.target.files?.[0] ?? null });
  // A file that cannot be sent is said at once, not only when the form is sent.
  const fileError = value.kind === 'new' && value.file !== null ? proofFileError(value.file) : undefined;
  const shownError = fileError ?? error;
  return (
    <div className={styles.proof}>
      <SelectField
        label={label}
        value={choiceValue(value)}
        options={options}
        onChange={(event) => onChange(choiceOf(event.target.value))}
        error={value.kind === 'new' ? undefined : error}
      />
      {value.kind === 'new' && (
        <div className={styles.proofFile}>
          <label htmlFor={fileInputId} className={styles.fileLabel}>
            Photo or PDF of the document
          </label>
          <input
            id={fileInputId}
            type="file"
            accept={PROOF_ACCEPT}
            onChange={chooseFile}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
          />
          <p className={styles.hint}>
            PDF, JPEG or PNG, at most 10 MB. Only you and the clinic&apos;s doctors can open it.
          </p>
          {shownError && (
            <p id={errorId} role="alert" className={styles.fieldError}>
              {shownError}
            </p>
          )}
          {value.file && fileError === undefined && <Preview file={value.file} />}
        </div>
      )}
    </div>
  );
}
