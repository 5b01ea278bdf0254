import { useState } from 'react';
import { Button, ErrorBanner, Modal, useApiMutation } from '@campuscare/shared';
import { APPOINTMENT_CHANGE_INVALIDATES } from '@campuscare/shared/appointments';
import type { VisitRecord } from '@campuscare/shared/clinical';
import type { VisitNote } from './NoteSection';
import { signVisit } from './visitApi';
import { useVisitUpdate, withVisitRow } from './visitCache';
import styles from './visit.module.css';

const SIGN_MESSAGES = {
  noteNotSaved: 'The note could not be saved, so the visit was not signed. Correct the note, then sign again.',
} as const;

/** Confirms signing, which is final: the note is saved first, then the database signs and freezes the visit. */
function SignVisitDialog({
  visit,
  note,
  onClose,
}: {
  readonly visit: VisitRecord;
  readonly note: VisitNote;
  readonly onClose: () => void;
}) {
  const update = useVisitUpdate(visit.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sign = useApiMutation(signVisit, {
    invalidates: APPOINTMENT_CHANGE_INVALIDATES,
    success: 'Visit signed',
    errors: 'caller',
    onSuccess: (row) => update((current) => withVisitRow(current, row)),
  });
  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      if (!(await note.saveNow())) {
        setError(SIGN_MESSAGES.noteNotSaved);
        return;
      }
      await sign.mutateAsync(visit.id);
    } catch (refusal) {
      setError(refusal instanceof Error ? refusal.message : SIGN_MESSAGES.noteNotSaved);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="Sign this visit?" open onClose={onClose}>
      <div className={styles.form}>
        <p className={styles.text}>
          <strong>Signing is final.</strong> The note, vital signs, diagnoses and prescriptions can no longer be
          changed: a correction is added as an addendum under the signed visit.
        </p>
        <p className={styles.text}>
          The appointment is completed, and the student is told by email that a visit summary is waiting (the email says
          nothing about the visit).
        </p>
        {error && <ErrorBanner message={error} />}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            Keep editing
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Signing…' : 'Sign visit'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The last step of a draft: sign it (the chief complaint and an assessment or a diagnosis are needed). */
export function SignVisitSection({ visit, note }: { readonly visit: VisitRecord; readonly note: VisitNote }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.stack}>
      <p className={styles.text}>
        A visit is signed once its note has a chief complaint and an assessment or a diagnosis. Signing completes the
        appointment.
      </p>
      <div>
        <Button onClick={() => setOpen(true)}>Sign visit</Button>
      </div>
      {open && <SignVisitDialog visit={visit} note={note} onClose={() => setOpen(false)} />}
    </div>
  );
}
