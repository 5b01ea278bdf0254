import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type FieldErrors,
  FormFrame,
  Link,
  PATHS,
  runApiMutation,
  TextField,
  useForm,
  useSearchParams,
} from '@campuscare/shared';
import type { LetterVerification } from '@campuscare/shared/clinical';
import { formatDay } from '@campuscare/shared/scheduling';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { groupLetterCode, LETTER_CODE_LENGTH, letterCodeError, normaliseLetterCode } from './letterCode';
import { letterCheckMutation } from './verifyLetterQueries';
import styles from './VerifyLetter.module.css';

interface CodeValues {
  readonly code: string;
}

function validate({ code }: CodeValues): FieldErrors<CodeValues> {
  const error = letterCodeError(code);
  return error ? { code: error } : {};
}

/** Characters no code has: the alphabet leaves out the look-alikes. */
const LOOK_ALIKES = /[01OIL]/;

/** Why a code that matched no letter may have been mistyped, when we can tell. */
function typingHint(code: string): string | null {
  const normalised = normaliseLetterCode(code);
  const length = Array.from(normalised).length;
  if (length !== LETTER_CODE_LENGTH)
    return `A code has ${LETTER_CODE_LENGTH} letters and digits; the one entered has ${length}.`;
  if (LOOK_ALIKES.test(normalised))
    return 'Codes never contain the letters O, I or L or the digits 0 or 1: check for look-alike characters.';
  if (!/^[A-Z2-9]+$/.test(normalised)) return 'Codes contain only the letters A to Z and the digits 2 to 9.';
  return null;
}

interface Outcome {
  readonly code: string;
  readonly verification: LetterVerification;
}

function Details({ verification }: { readonly verification: Extract<LetterVerification, { found: true }> }) {
  const rows: ReadonlyArray<readonly [string, string]> = [
    ['Student', verification.student_name],
    ['University', verification.university_name],
    ['Excused from', formatDay(verification.starts_on)],
    ['Excused until', formatDay(verification.ends_on)],
    ['Issued by', verification.doctor_name],
    ['Issued on', formatDay(verification.issued_on)],
    ...(verification.revoked_on ? ([['Revoked on', formatDay(verification.revoked_on)]] as const) : []),
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Result({ outcome }: { readonly outcome: Outcome }) {
  const headingId = useId();
  const { verification, code } = outcome;
  if (!verification.found) {
    const hint = typingHint(code);
    return (
      <section aria-labelledby={headingId} className={`${styles.result} ${styles.notFound}`}>
        <h2 id={headingId} className={styles.resultTitle}>
          No letter found
        </h2>
        <p>
          No excuse letter has the code <span className={styles.code}>{groupLetterCode(code)}</span>. Check that it was
          typed exactly as printed on the letter.
        </p>
        {hint && <p>{hint}</p>}
      </section>
    );
  }
  const valid = verification.status === 'valid';
  return (
    <section aria-labelledby={headingId} className={`${styles.result} ${valid ? styles.valid : styles.revoked}`}>
      <h2 id={headingId} className={styles.resultTitle}>
        <span aria-hidden="true" className={styles.mark}>
          {valid ? '✓' : '✕'}
        </span>
        {valid ? 'Valid letter' : 'Revoked letter: not valid'}
      </h2>
      <p>
        {valid
          ? 'The clinic issued this excuse letter and has not revoked it.'
          : `The clinic revoked this excuse letter${verification.revoked_on ? ` on ${formatDay(verification.revoked_on)}` : ''}. It no longer excuses the student.`}
      </p>
      <Details verification={verification} />
      <p className={styles.checked}>
        Code checked: <span className={styles.code}>{groupLetterCode(code)}</span>
      </p>
    </section>
  );
}

/**
 * /verify-letter: anyone holding an excuse letter checks its code, without signing in. The answer says only whether
 * the letter is valid or revoked, whose it is, from which university, the days it covers and who issued it when.
 * A link with `?code=` (the letter prints it) fills the code in and checks it at once.
 */
export function VerifyLetterPage() {
  const [searchParams] = useSearchParams();
  const linkedCode = searchParams.get('code') ?? '';
  const initial = useMemo<CodeValues>(() => ({ code: linkedCode }), [linkedCode]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({
    initial,
    validate,
    submit: ({ code }: CodeValues) => {
      setOutcome(null);
      return runApiMutation(letterCheckMutation, code);
    },
    onSuccess: (verification: LetterVerification, { code }: CodeValues) => setOutcome({ code, verification }),
  });

  // A code that arrived in the link is checked once, as if the visitor had pressed the button.
  const linkChecked = useRef(false);
  useEffect(() => {
    if (linkChecked.current || linkedCode === '' || letterCodeError(linkedCode) !== undefined) return;
    linkChecked.current = true;
    void form.handleSubmit();
  }, [linkedCode, form]);

  return (
    <AuthPageFrame
      title="Verify an excuse letter"
      intro={
        <p>
          Enter the verification code printed on a CampusCare excuse letter to check that the clinic issued it and that
          it is still valid. The check shows whose letter it is and which days it covers, never anything about the
          student’s health.
        </p>
      }
    >
      <FormFrame
        form={form}
        className={authFormStyles.form}
        label="Verify an excuse letter"
        submit="Check letter"
        busyLabel="Checking…"
      >
        <TextField
          label="Verification code"
          hint="24 letters and digits, e.g. ABCD-EFGH-JKMN-PQRS-TUVW-XY23. Dashes, spaces and small letters are fine."
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          className={styles.codeInput}
          required
          {...form.field('code')}
        />
      </FormFrame>
      <div aria-live="polite">{outcome && <Result outcome={outcome} />}</div>
      <p className={authFormStyles.footnote}>
        Students find their letters under My visits after <Link to={PATHS.signIn}>signing in</Link>.
      </p>
    </AuthPageFrame>
  );
}
