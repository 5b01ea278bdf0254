import { Button, Modal } from '@campuscare/shared';
import type { ChartStudent, ExcuseLetterEntry } from '@campuscare/shared/clinical';
import { formatDay, formatDayOf } from '@campuscare/shared/scheduling';
import { daysCovered, personOrFallback, studentName, verifyLetterAddress } from './visitFormat';
import styles from './Visits.module.css';

export interface LetterContext {
  readonly letter: ExcuseLetterEntry;
  readonly student: ChartStudent;
  readonly universityName: string;
  /** The visit's start (ISO): the day the student was seen. */
  readonly visitDate: string;
  /** The clinic's time zone, whose calendar the visit and issue days are on. */
  readonly zone: string;
}

/** Whether the letter may be printed as a letter: valid, and with the code anyone can check it by. */
function isPrintable(letter: ExcuseLetterEntry): boolean {
  return letter.status === 'valid' && typeof letter.verification_code === 'string' && letter.verification_code !== '';
}

export function letterTitle({ letter, student }: Pick<LetterContext, 'letter' | 'student'>): string {
  return `Excuse letter – ${studentName(student)} – ${formatDay(letter.starts_on)}`;
}

/**
 * The letter the student hands in: who was seen at the clinic on which day, and the days they are excused, signed by
 * the issuing doctor, with the code that anyone can check at /verify-letter. Nothing clinical: no reason for the
 * visit, no diagnosis, no treatment.
 */
export function ExcuseLetterDocument({ letter, student, universityName, visitDate, zone }: LetterContext) {
  const doctor = personOrFallback(letter.issued_by_name, 'A doctor of the clinic');
  const days = daysCovered(letter);
  const revoked = letter.status === 'revoked';
  const code =
    typeof letter.verification_code === 'string' && letter.verification_code !== '' ? letter.verification_code : null;
  return (
    <article
      className={revoked ? `${styles.letter} ${styles.letterRevoked}` : styles.letter}
      aria-label={`Excuse letter for ${formatDay(letter.starts_on)}`}
    >
      <header className={styles.letterHead}>
        <p className={styles.letterUniversity}>{universityName}</p>
        <p className={styles.letterClinic}>Student health clinic</p>
      </header>
      {revoked && (
        <p className={styles.revokedStamp}>
          Revoked{letter.revoked_at ? ` on ${formatDayOf(letter.revoked_at, zone)}` : ''}: this letter is no longer
          valid.
        </p>
      )}
      <p className={styles.letterDate}>Issued on {formatDayOf(letter.issued_at, zone)}</p>
      <p>To whom it may concern,</p>
      <p>
        This is to confirm that <strong>{studentName(student)}</strong>
        {student.reg_number ? `, registration number ${student.reg_number},` : ''} was seen at the clinic of{' '}
        {universityName} on {formatDayOf(visitDate, zone)}.
      </p>
      <p>
        {studentName(student)} is excused from {formatDay(letter.starts_on)} to {formatDay(letter.ends_on)} inclusive (
        {days} {days === 1 ? 'day' : 'days'}).
      </p>
      <p>Yours faithfully,</p>
      <p className={styles.letterSignature}>
        {doctor}
        <br />
        Issuing doctor, {universityName}
      </p>
      <footer className={styles.letterFooter}>
        {code ? (
          <>
            <p>
              Verification code: <span className={styles.letterCode}>{code}</span>
            </p>
            <p>Check this letter at {verifyLetterAddress(window.location.origin)}</p>
          </>
        ) : (
          <p>This letter has no verification code yet: ask the clinic before handing it in.</p>
        )}
      </footer>
    </article>
  );
}

interface ExcuseLetterDialogProps {
  readonly context: LetterContext | null;
  readonly onClose: () => void;
  readonly onPrint: (context: LetterContext) => void;
}

/** The letter on screen, with its Print / Save as PDF button; a revoked letter is shown as revoked and cannot be printed. */
export function ExcuseLetterDialog({ context, onClose, onPrint }: ExcuseLetterDialogProps) {
  const printable = context !== null && isPrintable(context.letter);
  return (
    <Modal title="Excuse letter" open={context !== null} onClose={onClose}>
      {context && (
        <>
          {context.letter.status === 'revoked' ? (
            <p role="note" className={styles.revokedNotice}>
              The clinic revoked this letter, so it cannot be printed or handed in. Ask the clinic if you need a new
              one.
            </p>
          ) : (
            !printable && (
              <p role="note" className={styles.revokedNotice}>
                This letter cannot be printed until it has its verification code. Please try again later or ask the
                clinic.
              </p>
            )
          )}
          <div className={styles.letterPreview}>
            <ExcuseLetterDocument {...context} />
          </div>
          <div className={styles.actions}>
            {printable && <Button onClick={() => onPrint(context)}>Print or save as PDF</Button>}
            <Button variant="secondary" onClick={onClose}>
              Back to my visits
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
