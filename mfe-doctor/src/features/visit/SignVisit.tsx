import { useState } from 'react';
import { ApiError, Button, FormFrame, Modal, runApiMutation, useForm } from '@campuscare/shared';
import type { VisitRecord } from '@campuscare/shared/clinical';
import type { VisitNote } from './NoteSection';
import { useVisitUpdate, withVisitRow } from './visitCache';
import { signVisitMutation } from './visitQueries';
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
  const [initial] = useState({});
  // The note is saved first: a visit is signed only with the note the doctor sees.
  const form = useForm({
    initial,
    submit: async () => {
      if (!(await note.saveNow())) throw new ApiError(SIGN_MESSAGES.noteNotSaved);
      return runApiMutation(signVisitMutation, visit.id);
    },
    onSuccess: (row) => update((current) => withVisitRow(current, row)),
  });
  return (
    <Modal title="Sign this visit?" open onClose={onClose}>
      <FormFrame
        form={form}
        className={styles.form}
        label="Sign this visit"
        submit="Sign visit"
        busyLabel="Signing…"
        cancel={{ label: 'Keep editing', onClick: onClose }}
      >
        <p className={styles.text}>
          <strong>Signing is final.</strong> The note, vital signs, diagnoses and prescriptions can no longer be
          changed: a correction is added as an addendum under the signed visit.
        </p>
        <p className={styles.text}>
          The appointment is completed, and the student is told by email that a visit summary is waiting (the email says
          nothing about the visit).
        </p>
      </FormFrame>
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
