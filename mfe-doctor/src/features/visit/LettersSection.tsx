import { useMemo, useState } from 'react';
import { Button, CONSTRAINT_RULES, type FieldErrors, FormFrame, TextField, useForm } from '@campuscare/shared';
import type { ExcuseLetterEntry, VisitRecord } from '@campuscare/shared/clinical';
import { addDays, dayInZone } from '@campuscare/shared/scheduling';
import { letterDays, LetterList } from '../../components/clinical/RecordViews';
import { RevokeLetterDialog } from '../../components/clinical/RevokeLetterDialog';
import type { IssuedLetter } from '../../components/clinical/lettersApi';
import { issueLetterMutation } from '../../components/clinical/lettersQueries';
import { useVisitUpdate } from './visitCache';
import styles from './visit.module.css';

interface LetterValues {
  /** 'YYYY-MM-DD'. */
  readonly startsOn: string;
  readonly endsOn: string;
}

/** How far from the visit's day a letter may start, and how many days it covers at most (issue_excuse_letter). */
const LETTER_START_WINDOW_DAYS = 7;
const LETTER_MAX_DAYS = 31;

const LETTER_MESSAGES = {
  startsOn: 'Choose the first day the letter covers',
  endsOn: 'Choose the last day the letter covers',
  order: CONSTRAINT_RULES.excuse_letters_dates_order?.message ?? 'The last day must be on or after the first day',
  span: CONSTRAINT_RULES.excuse_letters_span?.message ?? `A letter covers at most ${LETTER_MAX_DAYS} days`,
  window: `A letter starts at most ${LETTER_START_WINDOW_DAYS} days before or after the visit`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/** The letter's errors by the database's rules (excuse_letters_dates_order, excuse_letters_span, issue_excuse_letter's window). */
function letterErrors(values: LetterValues, visitDay: string): FieldErrors<LetterValues> {
  const errors: Partial<Record<keyof LetterValues, string>> = {};
  if (!DAY.test(values.startsOn)) errors.startsOn = LETTER_MESSAGES.startsOn;
  else if (Math.abs(daysBetween(visitDay, values.startsOn)) > LETTER_START_WINDOW_DAYS)
    errors.startsOn = LETTER_MESSAGES.window;
  if (!DAY.test(values.endsOn)) errors.endsOn = LETTER_MESSAGES.endsOn;
  else if (DAY.test(values.startsOn) && values.endsOn < values.startsOn) errors.endsOn = LETTER_MESSAGES.order;
  else if (DAY.test(values.startsOn) && daysBetween(values.startsOn, values.endsOn) > LETTER_MAX_DAYS - 1)
    errors.endsOn = LETTER_MESSAGES.span;
  return errors;
}

/** A letter just issued, with its code: printed on the student's letter, and what anyone holding it checks. */
function IssuedLetterNotice({ letter, onDismiss }: { readonly letter: IssuedLetter; readonly onDismiss: () => void }) {
  return (
    <div role="status" className={styles.issued}>
      <p className={styles.issuedTitle}>Excuse letter issued for {letterDays(letter)}</p>
      <p className={styles.issuedText}>
        Verification code: <code className={styles.code}>{letter.verification_code}</code>
      </p>
      <p className={styles.issuedText}>
        The student finds the letter, with this code, under My visits once the visit is signed. Anyone holding it can
        check it at <span className={styles.url}>{letter.verification_url}</span>, which tells them only whether it is
        valid, whose it is and the days it covers.
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}

function IssueLetterForm({
  visit,
  visitDay,
  onIssued,
}: {
  readonly visit: VisitRecord;
  readonly visitDay: string;
  readonly onIssued: (letter: IssuedLetter) => void;
}) {
  const initial = useMemo<LetterValues>(() => ({ startsOn: visitDay, endsOn: visitDay }), [visitDay]);
  const form = useForm({
    initial,
    validate: (values: LetterValues) => letterErrors(values, visitDay),
    mutation: issueLetterMutation,
    input: (values: LetterValues) => ({ visitId: visit.id, startsOn: values.startsOn, endsOn: values.endsOn }),
    resetOnSuccess: true,
    onSuccess: onIssued,
  });
  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Issue an excuse letter"
      submit="Issue letter"
      busyLabel="Issuing…"
    >
      <div className={styles.fieldGrid}>
        <TextField
          label="First day"
          type="date"
          min={addDays(visitDay, -LETTER_START_WINDOW_DAYS)}
          max={addDays(visitDay, LETTER_START_WINDOW_DAYS)}
          {...form.field('startsOn')}
        />
        <TextField label="Last day" type="date" min={form.values.startsOn || undefined} {...form.field('endsOn')} />
      </div>
      <p className={styles.hint}>
        Up to {LETTER_MAX_DAYS} days, starting within {LETTER_START_WINDOW_DAYS} days of the visit. The letter says who
        it is for and which days it covers, never why.
      </p>
    </FormFrame>
  );
}

interface LettersSectionProps {
  readonly visit: VisitRecord;
  /** The clinic's time zone: the visit's day and the letters' times are on its calendar and clock. */
  readonly zone: string;
  /** Only the visit's doctor issues letters from it; any doctor of the university revokes one. */
  readonly canIssue: boolean;
}

/** The visit's excuse letters: issue one for a date range (with its verification code), revoke one with a reason. */
export function LettersSection({ visit, zone, canIssue }: LettersSectionProps) {
  const update = useVisitUpdate(visit.id);
  const [issued, setIssued] = useState<IssuedLetter | null>(null);
  const [revoking, setRevoking] = useState<ExcuseLetterEntry | null>(null);
  const onIssued = (letter: IssuedLetter) => {
    setIssued(letter);
    update((current) => ({ ...current, excuse_letters: [...current.excuse_letters, letter] }));
  };
  const onRevoked = (letter: ExcuseLetterEntry) =>
    update((current) => ({
      ...current,
      excuse_letters: current.excuse_letters.map((entry) => (entry.id === letter.id ? { ...entry, ...letter } : entry)),
    }));
  return (
    <div className={styles.stack}>
      {issued && <IssuedLetterNotice letter={issued} onDismiss={() => setIssued(null)} />}
      <LetterList letters={visit.excuse_letters} zone={zone} onRevoke={setRevoking} />
      {canIssue && <IssueLetterForm visit={visit} visitDay={dayInZone(visit.date, zone)} onIssued={onIssued} />}
      {revoking && <RevokeLetterDialog letter={revoking} onRevoked={onRevoked} onClose={() => setRevoking(null)} />}
    </div>
  );
}
