import { useMemo } from 'react';
import { COLUMN_RULES, columnError, FormFrame, Modal, TextField, useForm } from '@campuscare/shared';
import { revokeLetterMutation } from './lettersQueries';
import type { ExcuseLetterEntry } from '@campuscare/shared/clinical';
import { letterDays } from './RecordViews';
import styles from './clinical.module.css';

const REASON_RULE = COLUMN_RULES.excuse_letters_revoke_reason_length;

interface RevokeLetterDialogProps {
  readonly letter: ExcuseLetterEntry;
  readonly onRevoked: (letter: ExcuseLetterEntry) => void;
  readonly onClose: () => void;
}

/** Revokes an excuse letter with a reason: the letter is kept, and whoever checks its code is told it was revoked. */
export function RevokeLetterDialog({ letter, onRevoked, onClose }: RevokeLetterDialogProps) {
  const initial = useMemo(() => ({ reason: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const reason = columnError(REASON_RULE, values.reason);
      return reason ? { reason } : {};
    },
    mutation: revokeLetterMutation,
    input: (values) => ({ letterId: letter.id, reason: values.reason.trim() }),
    onSuccess: (revoked) => {
      onRevoked(revoked);
      onClose();
    },
  });
  return (
    <Modal title="Revoke excuse letter" open onClose={onClose}>
      <FormFrame
        form={form}
        className={styles.form}
        label="Revoke excuse letter"
        submit="Revoke letter"
        busyLabel="Revoking…"
        danger
        cancel={{ label: 'Keep letter', onClick: onClose }}
      >
        <p className={styles.summary}>
          The letter for {letterDays(letter)} stays on record, marked revoked: anyone who checks its code is told it is
          no longer valid (never why).
        </p>
        <TextField
          label="Reason for revoking"
          maxLength={REASON_RULE.maxLength}
          autoComplete="off"
          {...form.field('reason')}
        />
      </FormFrame>
    </Modal>
  );
}
